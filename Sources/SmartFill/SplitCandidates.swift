/// The candidates of a request without priority shows or exclusions, built only as far as a fill needs them:
/// the head that ``FillTime`` gives per-candidate suffix sets, and the totals reachable from the rest, read
/// from the index without building the rest.
///
/// Fill time and variety split a long candidate list anyway: the suffix set at the cut is all the head's
/// search needs of the tail, and the order of the tail does not change which totals it reaches. The index
/// holds the free candidates sorted by duration (``CatalogIndex/freeByDuration``) with their ranks among the
/// earlier ones of the same duration (``CatalogIndex/freeRank``, or per show for variety), so the tail's totals
/// come from its chains and then its free candidates, shortest first, admitted by rank, stopping at the first
/// one that lands in the dense tail of the totals (every longer one adds nothing). The tail's candidates
/// themselves are built only when the forward pass runs past the head (``materialize()``); either way the
/// candidates, the cut and the totals are exactly those of the whole list.
struct SplitCandidates {
  /// The merge, stopped after the head.
  private var merge: CandidateMerge
  /// The number of head candidates (a group boundary), or `nil` when the head is every candidate.
  let cut: Int?

  /// The head of at least `headSize` candidates (whole groups), as ``FillTime`` cuts it.
  ///
  /// - Precondition: `context.isDefault`.
  /// - Complexity: O(*c* + *h*) in the chains' candidates and the free candidates passed to fill the head.
  init(_ context: RequestContext, upTo high: Int, headSize: Int, pruneByShow: Bool) {
    precondition(context.isDefault, "a split needs a request without priority shows or exclusions")
    merge = CandidateMerge(context, upTo: high, caps: [:], pruneByShow: pruneByShow)
    merge.run(until: headSize)
    cut = merge.isFinished ? nil : merge.builder.candidates.durations.count
  }

  /// The head's candidates (every candidate when ``cut`` is `nil`).
  var head: TimeCandidates { merge.builder.candidates }

  /// Every candidate, building the tail's.
  ///
  /// - Complexity: O(*n*) in the free candidates left.
  mutating func materialize() -> TimeCandidates {
    merge.run(until: Int.max)
    return merge.builder.candidates
  }

  /// The totals up to `high` reachable from the candidates after the head, as compact reach words, with
  /// durations counted in `unit` seconds (a divisor of every duration).
  ///
  /// - Complexity: O(*c* · *k* + *m* · *k*) word operations, where *c* is the tail's chain candidates, *m* the
  ///   free candidates shorter than the dense tail's start, and *k* the words below it.
  func tailTotals(unit: Int, upTo high: Int) -> ArraySlice<UInt64> {
    var rows = ReachRows(rows: 2, maximum: high)
    rows.setZero(0)
    for group in merge.special[merge.nextSpecial...] {
      // A chain: its prefixes.
      rows.copy(0, to: 1)
      var sum = 0
      for duration in group.durations {
        sum += duration / unit
        if sum > rows.capacity { break }
        rows.combine(into: 0, skip: 0, next: 1, shift: sum)
      }
    }
    let index = merge.context.index
    let limit = merge.high
    let perShow = merge.builder.pruneByShow
    for offset in index.freeByDuration where Int(offset) >= merge.nextFree {
      let free = index.freeOrder[Int(offset)]
      let seconds = Int(free.seconds)
      let duration = seconds / unit
      if duration >= rows.dense[0] * 64 { break }
      let rank = Int(perShow ? free.sameDurationRank : index.freeRank[Int(offset)])
      guard (rank + 1) * seconds <= limit else { continue }
      rows.formUnionShifted(0, by: duration)
    }
    var archive = ReachArchive()
    archive.append(rows, row: 0)
    return archive[0]
  }
}
