// libFuzzer target: the engine's API, with catalogs built in code (valid and invalid) and random requests.
// Built and run by Scripts/fuzz.sh, not by CI. The input bytes drive the choices: every catalog must be
// either refused by `FillEngine(catalog:)` with a typed error or filled without a trap, and every result must
// be sound (no episode twice, nothing excluded, the total the sum of the entries, inside the window when
// filled).
import Foundation
import SmartFill

/// Reads choices from the fuzzer's bytes; past the end, every choice is 0.
struct Choices {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  mutating func byte() -> Int {
    defer { index += 1 }
    return index < bytes.count ? Int(bytes[index]) : 0
  }

  mutating func below(_ bound: Int) -> Int { byte() % bound }

  /// A value that is mostly ordinary and sometimes at an edge.
  mutating func seconds() -> Int? {
    switch byte() {
    case 0..<16: return nil
    case 16: return 0
    case 17: return -1
    case 18: return Int.max
    case 19: return Int.min
    case 20: return Episode.maximumDurationSeconds
    case 21: return Episode.maximumDurationSeconds + 1
    default: return 1 + byte() * 37 + byte()
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  var choices = Choices(bytes: UnsafeBufferPointer(start: start, count: count))
  let base = Date(timeIntervalSince1970: 1_704_067_200)
  var shows: [Show] = []
  for showIndex in 0..<choices.below(5) {
    var episodes: [Episode] = []
    for number in 0..<choices.below(12) {
      let duration = choices.seconds()
      let played = choices.below(8) == 0 ? (choices.seconds() ?? 0) : 0
      episodes.append(
        Episode(
          guid: choices.below(16) == 0 ? "same" : "e\(number)", title: "E\(number)",
          published: base.addingTimeInterval(Double(choices.byte() * 3600)), durationSeconds: duration,
          season: choices.below(3), episode: choices.below(6),
          kind: [.full, .full, .bonus, .trailer][choices.below(4)],
          playedSeconds: played, isPlayed: choices.below(5) == 0))
    }
    shows.append(
      Show(
        feedURL: choices.below(12) == 0 ? "same" : "https://s\(showIndex)", title: "S\(showIndex)",
        ordering: choices.below(2) == 0 ? .serial : .episodic,
        categories: [["News"], ["Comedy"], []][choices.below(3)],
        recentListeningSeconds: choices.below(20) == 0 ? -1 : choices.byte(), episodes: episodes))
  }
  let catalog = Catalog(shows: shows)
  let engine: FillEngine
  do {
    engine = try FillEngine(catalog: catalog)
  } catch {
    precondition(!catalog.problems.isEmpty, "refused a catalog without problems")
    return 0
  }
  for _ in 0..<3 {
    let mode = FillRequest.allModes[choices.below(3)]
    let target: Int? =
      choices.below(4) == 0
      ? nil : [choices.byte() * 60 + choices.byte(), 0, -5, Int.max][choices.below(4) == 0 ? 1 + choices.below(3) : 0]
    let tolerance = [0, 60, 180, 300, -1, 1801, Int.max][choices.below(7)]
    var excluded: Set<EpisodeID> = []
    for _ in 0..<choices.below(4) {
      excluded.insert(EpisodeID(feedURL: "https://s\(choices.below(5))", guid: "e\(choices.below(12))"))
    }
    let request = FillRequest(
      mode: mode, targetSeconds: target, toleranceSeconds: tolerance,
      priorityShows: choices.below(3) == 0 ? ["https://s\(choices.below(5))"] : [], excluded: excluded)
    guard let result = try? engine.fill(request) else { continue }
    let ids = result.entries.map(\.id)
    precondition(Set(ids).count == ids.count, "an episode was chosen twice")
    precondition(excluded.isDisjoint(with: ids), "an excluded episode was chosen")
    precondition(result.totalSeconds == result.entries.reduce(0) { $0 + ($1.seconds ?? 0) }, "wrong total")
    if result.status == .filled, let window = request.window {
      precondition(window.contains(result.totalSeconds), "filled outside the window")
    }
  }
  return 0
}

extension FillRequest {
  static let allModes: [Mode] = [.fillTime, .continueSeries, .variety]
}
