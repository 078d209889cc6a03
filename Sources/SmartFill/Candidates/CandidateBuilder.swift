/// Appends candidates in priority order, applying caps and the exact pruning of equal durations.
struct CandidateBuilder {
  let high: Int
  let caps: [Int: Int]
  let pruneByShow: Bool
  var candidates = TimeCandidates()
  private var kept: [Int32]
  private var keptByShow: [Int: Int] = [:]
  private var perShow: [Int: Int] = [:]

  /// Whether free episodes come with their rank among the earlier ones of the same duration (per show with
  /// `pruneByShow`), so that no counts are kept.
  let ranked: Bool
  /// The longest candidate admitted from now on, in seconds (see ``SplitCandidates/narrow(toLongest:)``): a
  /// longer free episode is left out, and a chain ends before its first longer episode.
  var longest = Int.max

  init(high: Int, caps: [Int: Int], pruneByShow: Bool, ranked: Bool = false) {
    self.high = high
    self.caps = caps
    self.pruneByShow = pruneByShow
    self.ranked = ranked
    kept = [Int32](repeatElement(0, count: pruneByShow || ranked ? 0 : high + 1))
  }

  private mutating func admit(_ ref: TimeCandidates.Ref, _ duration: Int, sameDurationRank: Int? = nil) -> Bool {
    if duration > longest { return false }
    if !caps.isEmpty, let cap = caps[ref.show] {
      if perShow[ref.show, default: 0] >= cap { return false }
    }
    if !ref.inChain {
      if ranked, let rank = sameDurationRank {
        // Every earlier free episode of this duration (of this show, with `pruneByShow`) was admitted.
        if (rank + 1) * duration > high { return false }
      } else if pruneByShow, let rank = sameDurationRank, caps.isEmpty {
        // The show's earlier free episodes of this duration were all admitted: the rank is the count.
        if (rank + 1) * duration > high { return false }  // rank ≥ ⌊high / duration⌋
      } else if ranked {
        // A priority show's free episode: those that cannot be chosen were dropped when gathered.
      } else if pruneByShow {
        let key = ref.show * (high + 1) + duration
        if (keptByShow[key, default: 0] + 1) * duration > high { return false }
        keptByShow[key, default: 0] += 1
      } else {
        if (Int(kept[duration]) + 1) * duration > high { return false }
        kept[duration] += 1
      }
    }
    if !caps.isEmpty, caps[ref.show] != nil { perShow[ref.show, default: 0] += 1 }
    candidates.refs.append(ref)
    candidates.durations.append(duration)
    return true
  }

  /// Makes room for `count` candidates in all (the merge asks for at most as many as are left).
  mutating func reserve(_ count: Int) {
    guard count > candidates.durations.capacity else { return }
    candidates.reserve(count)
  }

  /// Appends a free episode, a group of its own. `sameDurationRank`, when known, is how many free episodes of
  /// the same show and duration come before it (none of them excluded).
  mutating func emitFree(_ ref: TimeCandidates.Ref, _ duration: Int, sameDurationRank: Int? = nil) {
    if admit(ref, duration, sameDurationRank: sameDurationRank) {
      candidates.groupEnds.append(candidates.durations.count)
    }
  }

  /// Appends a group: a chain, or a single free episode.
  mutating func emit(_ refs: ArraySlice<TimeCandidates.Ref>, _ durations: ArraySlice<Int>) {
    guard refs[refs.startIndex].inChain else { return emitFree(refs[refs.startIndex], durations[durations.startIndex]) }
    let start = candidates.durations.count
    for (ref, duration) in zip(refs, durations) where !admit(ref, duration) { break }
    let end = candidates.durations.count
    for _ in start..<end { candidates.groupEnds.append(end) }
  }
}
