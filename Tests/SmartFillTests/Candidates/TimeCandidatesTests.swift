import Testing

@testable import SmartFill

@Suite("Time candidates")
struct TimeCandidatesTests {
  /// Free episode 0 (show 1), then a chain of three of show 2, then free episode 4 (show 1).
  static let list: TimeCandidates = {
    var list = TimeCandidates()
    list.durations = [10, 20, 30, 40, 50]
    list.groupEnds = [1, 4, 4, 4, 5]
    list.refs = [(1, 0, false), (2, 0, true), (2, 1, true), (2, 2, true), (1, 1, false)].enumerated().map {
      TimeCandidates.Ref(show: $1.0, episode: $0, position: $1.1, inChain: $1.2)
    }
    list.available = 7
    return list
  }()

  @Test("appended lists keep each group's end, moved by the first list's length")
  func appending() {
    let both = Self.list.appending(Self.list)
    #expect(both.durations == Self.list.durations + Self.list.durations)
    #expect(both.groupEnds == [1, 4, 4, 4, 5, 6, 9, 9, 9, 10])
    #expect(both.refs.map(\.episode) == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
  }

  @Test("a cap keeps a show's first episodes in order, and a chain's prefix")
  func capped() {
    let chainCapped = Self.list.capped([2: 2])
    #expect(chainCapped.durations == [10, 20, 30, 50])
    #expect(chainCapped.groupEnds == [1, 3, 3, 4])
    #expect(chainCapped.available == 7)
    let freeCapped = Self.list.capped([1: 1])
    #expect(freeCapped.durations == [10, 20, 30, 40])
    #expect(freeCapped.groupEnds == [1, 4, 4, 4])
    #expect(Self.list.capped([:]).durations == Self.list.durations)
  }
}
