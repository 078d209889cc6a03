// The part of the sync kill tests' device processes that does not depend on the server: the random edits, with
// the lines that tell the parent which were saved, and the final listing. Used by sync-device-process (a server
// kept in a file) and postgres-device-process (a PostgreSQL cluster).

import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

/// Prints `message` to standard error, prefixed by the program's name, and exits with status 1.
public func fail(_ message: String) -> Never {
  let name = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
  FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
  exit(1)
}

/// Writes `line` straight to standard output (unbuffered: the parent may kill this process the next moment).
public func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A device process's edits and listing, around a sync function given by the process.
public enum DeviceEdits {
  /// The queues edited.
  public static let queues: [QueueID] = [.upNext, .commute, .workout]
  /// The devices' clock at counter 0.
  public static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// Makes `edits` random edits to `engine`, saving it to `store` after each and calling `sync` after every
  /// third. Before an edit it prints "E add <queue> <guid> ..." or "E remove <queue> <guid>", after the save
  /// "C". Each edit is drawn from `seed` and the engine's counter, so that a run killed before its save makes
  /// the same edit again; added episodes are named `<guidPrefix><counter>-<n>`.
  public static func run(
    _ engine: inout SyncEngine, store: SyncStore, seed: UInt64, edits: Int, guidPrefix: String = "k",
    sync: (inout SyncEngine, Date) -> Void
  ) {
    for index in 0..<edits {
      let counter = engine.state.counter
      var random = SplitMix64(seed: seed ^ UInt64(counter) &* 0x9E37_79B9_7F4A_7C15)
      let time = start.addingTimeInterval(Double(counter) * 20)
      let queue = random.element(of: queues)
      let present = engine.state.episodes(in: queue)
      if present.isEmpty || random.chance(7, in: 10) {
        let guids = (0..<random.integer(in: 1...3)).map { "\(guidPrefix)\(counter)-\($0)" }
        say("E add \(queue) " + guids.joined(separator: " "))
        do {
          try engine.edit(now: time) { (library) throws(SyncError) in
            try library.playNext(
              guids.map {
                EpisodeReference(
                  episodeGUID: $0, feedURL: "https://example.com/k.xml", durationSeconds: 600, addedAt: time)
              }, in: queue, now: time)
          }
        } catch { fail("\(error)") }
      } else {
        let victim = random.element(of: present)
        say("E remove \(queue) \(victim.guid)")
        do {
          try engine.edit(now: time) { (library) throws(SyncError) in try library.remove(victim, from: queue, now: time)
          }
        } catch { fail("\(error)") }
      }
      do { try store.save(engine) } catch { fail("\(error)") }
      say("C")
      if index % 3 == 2 { sync(&engine, time.addingTimeInterval(11)) }
    }
  }

  /// Syncs four times, fails unless nothing is left pending, then prints the device's queues, one line each:
  /// "<queue id> <guid> <guid> ...".
  public static func settle(_ engine: inout SyncEngine, sync: (inout SyncEngine, Date) -> Void) {
    for round in 0..<4 {
      sync(&engine, start.addingTimeInterval(Double(engine.state.counter) * 20 + 11 + Double(round)))
    }
    guard engine.pending.isEmpty else { fail("records still pending after settling: \(engine.pending.sorted())") }
    let library: QueueLibrary
    do { library = try engine.library() } catch { fail("\(error)") }
    for queue in library.queues {
      say(([queue.id.rawValue] + queue.episodes.map(\.episodeGUID)).joined(separator: " "))
    }
  }
}
