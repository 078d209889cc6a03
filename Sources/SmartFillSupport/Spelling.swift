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

  /// The Levenshtein distance between two strings of characters.
  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for (i, left) in lhs.enumerated() {
      current[0] = i + 1
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
