/// The candidates of one time-based request, in priority order (see ``PriorityKey``), after exact pruning.
struct TimeCandidates {
  /// A candidate: its show, its episode, its series position and whether it belongs to a serial chain.
  struct Ref {
    // 13 bytes rather than 25, so that the candidates of a large catalog stay small.
    private var showIndex: Int32
    private var episodeIndex: Int32
    private var seriesPosition: Int32
    var inChain: Bool

    init(show: Int, episode: Int, position: Int, inChain: Bool) {
      showIndex = Int32(show)
      episodeIndex = Int32(episode)
      seriesPosition = Int32(position)
      self.inChain = inChain
    }

    var show: Int { Int(showIndex) }
    var episode: Int { Int(episodeIndex) }
    var position: Int { Int(seriesPosition) }
  }

  var durations: [Int] = []
  var groupEnds: [Int] = []
  var refs: [Ref] = []

  /// These candidates followed by `other`'s.
  ///
  /// - Complexity: O(*n* + *m*).
  func appending(_ other: TimeCandidates) -> TimeCandidates {
    var result = self
    let count = durations.count
    result.reserve(count + other.durations.count)
    result.durations += other.durations
    result.refs += other.refs
    result.groupEnds += other.groupEnds.map { $0 + count }
    return result
  }

  /// Makes room for `count` candidates in all.
  mutating func reserve(_ count: Int) {
    durations.reserveCapacity(count)
    groupEnds.reserveCapacity(count)
    refs.reserveCapacity(count)
  }

  /// The number of candidates before pruning (0: the result is `empty`).
  var available = 0

  /// These candidates with each show in `caps` limited to its first episodes in priority order (a chain
  /// keeps a prefix).
  ///
  /// - Complexity: O(*n*).
  func capped(_ caps: [Int: Int]) -> TimeCandidates {
    var result = TimeCandidates()
    result.available = available
    var taken: [Int: Int] = [:]
    var index = 0
    while index < durations.count {
      let end = groupEnds[index]
      let start = result.durations.count
      for item in index..<end {
        let show = refs[item].show
        if let cap = caps[show] {
          if taken[show, default: 0] >= cap { break }
          taken[show, default: 0] += 1
        }
        result.refs.append(refs[item])
        result.durations.append(durations[item])
      }
      let newEnd = result.durations.count
      for item in start..<newEnd { result.groupEnds.append(end == index + 1 ? item + 1 : newEnd) }
      index = end
    }
    return result
  }
}
