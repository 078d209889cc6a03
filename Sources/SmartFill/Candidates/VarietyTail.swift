/// The candidates after a ``VarietyFill``'s own that are not built yet, read from the index only as far as
/// the search needs them (see ``SplitCandidates``): a variety fill over 10,000 subscriptions builds its head,
/// not every candidate.
///
/// The search needs these of them:
/// - the dominant shows' candidates, for the bounds of `δ` and the first phase of the tail's sets (see
///   ``VarietyFill/reachableTotals(_:moves:upTo:ignoredFrom:tail:)``);
/// - the other shows' groups by the length of their first candidate, shortest first, until every row of the
///   tail's sets is dense below it (every longer group adds nothing);
/// - the rule's selection among them, when the forward pass runs past the candidates built;
/// - or, when few of them fit in what is left by then, those candidates themselves, for one search with the
///   candidates built that are left (see ``VarietyFill/selectAfterHead(rest:cut:tail:left:start:)``), and
///   before that a generous count of the other shows' shortest lengths, which bounds how long an other show's
///   candidate of that list can be (``VarietyFill/othersUpTo(own:tail:top:start:tailShortest:)``).
///
/// Durations are in the search's unit. The sets are those of the whole list whatever the order the groups
/// come in, so these lists need not be in priority order; ``select`` is.
struct VarietyTail {
  /// The dominant shows' groups whose first candidate lasts at most `top`.
  var dominant: (_ top: Int) -> VarietyFill
  /// The other shows' groups whose first candidate lasts from `lower` to below `upper` and at most `top`.
  var others: (_ lower: Int, _ upper: Int, _ top: Int) -> VarietyFill
  /// The rule's selection among these candidates alone, from the state `start` of the dominant shows'
  /// `δ`, for totals in `window` with every total from `window.lowerBound` on accepted (the caller's
  /// search decided it is reachable): the chosen candidates in the caller's numbering, and their total.
  var select: (_ window: ClosedRange<Int>, _ start: [Int]) -> (indices: [Int], total: Int)
  /// The candidates no longer than `top`, in priority order, and each one's number in the caller's
  /// numbering, when they are few enough for a search to keep a row for each (see
  /// ``VarietyFill/wholeListLimit(top:bytes:)``); `nil` otherwise. The other shows' free candidates longer
  /// than `othersUpTo`, where given, are left out (see ``SplitCandidates``).
  var remaining: (_ top: Int, _ othersUpTo: Int?) -> (list: VarietyFill, numbers: [Int])? = { _, _ in nil }
  /// The `count` shortest lengths at most `top` among the other shows' episodes, counted generously (more
  /// episodes than are candidates): their sums are at most those of the candidates ``remaining`` gives (see
  /// ``SplitCandidates/shortestOthers(count:unit:upTo:dominants:)``).
  var shortestOthers: (_ count: Int, _ top: Int) -> [Int] = { _, _ in [] }
}
