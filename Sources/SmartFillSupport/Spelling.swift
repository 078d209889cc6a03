/// Suggestions for misspelt names ("durationSecond" → "durationSeconds"), as compilers and command-line
/// tools make them.
package enum Spelling {
  /// The name in `candidates` nearest to `word` by edit distance, ignoring case, when it is close enough to be
  /// a likely misspelling (at most a third of the longer name's length, and at least 1 edit allowed); `nil`
  /// otherwise.
  ///
  /// - Complexity: O(*k* · *m* · *n*) for *k* candidates of length *n* and `word` of length *m*.
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased())
    guard lowered.count <= 200 else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, Array(candidate.lowercased()))
      let allowed = max(1, max(lowered.count, candidate.count) / 3)
      if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// `"; did you mean 'fill'?"` when `word` is a likely misspelling of one of `candidates` (see
  /// ``nearest(to:in:)``), else nothing: the end of a usage error's message.
  package static func didYouMean(_ word: String, among candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The edit distance between two strings of characters, counting an insertion, a deletion, a substitution
  /// or a swap of two neighbours as one edit (the optimal string alignment distance).
  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    var before = [Int](repeating: 0, count: rhs.count + 1)
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in lhs.indices {
      current[0] = i + 1
      for j in rhs.indices {
        var best = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (lhs[i] == rhs[j] ? 0 : 1))
        if i > 0, j > 0, lhs[i] == rhs[j - 1], lhs[i - 1] == rhs[j] { best = min(best, before[j - 1] + 1) }
        current[j + 1] = best
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[rhs.count]
  }
}
