// A child process for the queue store's crash and concurrency tests (Tests/QueuesTests/QueueStoreTests.swift).
//
//   queue-store-writer crash <store> <seed> <steps>
//     Changes the library <steps> times, one `QueueStore.update` each. Before each write it prints
//     "W <revision> <fnv1a64 of the bytes>" and after it "C <revision>", each line written straight to
//     standard output, so that a parent that kills it knows every state it may find on disk.
//   queue-store-writer append <store> <tag> <count>
//     Adds episodes "<tag>-0" ... "<tag>-<count - 1>" to Up Next, one update each.

import Foundation
import Queues
import SmartFill
import SmartFillSupport

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("queue-store-writer: \(message)\n".utf8))
  exit(1)
}

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func episode(_ guid: String, show: Int, at date: Date) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/show-\(show).xml", title: "Episode \(guid)",
    showTitle: "Show \(show)", durationSeconds: 600 + (guid.utf8.count * 97) % 3000, addedAt: date)
}

/// One deterministic change for `revision`: the first builds a library of 20 queues × 10 episodes.
func change(_ library: inout QueueLibrary, revision: Int, seed: UInt64) throws(QueueError) {
  let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(revision))
  var random = SplitMix64(seed: seed &+ UInt64(revision) &* 0x2545_F491_4F6C_DD1D)
  if library.count < 20 {
    while library.count < 20 {
      try library.createQueue(named: "🧪 Queue \(library.count)", id: QueueID("q\(library.count)"), now: now)
    }
    for (offset, queue) in library.queues.enumerated() {
      let episodes = (0..<10).map { episode("r\(revision)-\(offset)-\($0)", show: $0 % 7, at: now) }
      try library.modify(queue.id, now: now) { (queue) throws(QueueError) in try queue.playLast(episodes) }
    }
    return
  }
  let before = library
  let queue = library.queues[random.below(library.count)]
  defer {
    // Every revision changes something, so that the writer never repeats a step that changes nothing.
    if library == before {
      try? library.modify(.upNext, now: now) { (queue) throws(QueueError) in
        try queue.playNext([episode("r\(revision)-extra", show: 0, at: now)])
      }
    }
  }
  switch random.below(5) {
  case 0:
    let new = (0..<1 + random.below(5)).map { episode("r\(revision)-\($0)", show: $0, at: now) }
    try library.modify(queue.id, now: now) { (queue) throws(QueueError) in try queue.playNext(new) }
  case 1 where queue.count > 2:
    let offsets = IndexSet((0..<3).map { _ in random.below(queue.count) })
    let destination = random.below(queue.count + 1)
    try library.modify(queue.id, now: now) { (queue) throws(QueueError) in
      try queue.move(fromOffsets: offsets, toOffset: destination)
    }
  case 2 where queue.count > 0:
    let offset = random.below(queue.count)
    try library.modify(queue.id, now: now) { (queue) throws(QueueError) in
      try queue.remove(atOffsets: IndexSet(integer: offset))
    }
  case 3 where !queue.isUpNext:
    try library.rename(queue.id, to: "🧪 Queue r\(revision)", now: now)
  default:
    try library.switchTo(queue.id, savingPosition: library.activeQueue.current == nil ? nil : 30, now: now)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 5 else { fail("usage: queue-store-writer crash|append <store> <seed|tag> <count>") }
let store = QueueStore(path: arguments[2])
guard let count = Int(arguments[4]) else { fail("count must be an integer, got \(arguments[4])") }

do {
  switch arguments[1] {
  case "crash":
    guard let seed = UInt64(arguments[3]) else { fail("seed must be an unsigned integer, got \(arguments[3])") }
    for _ in 0..<count {
      var revision = 0
      let saved = try store.update(
        now: Date(timeIntervalSince1970: 1_800_000_000),
        willWrite: { data in say("W \(revision) \(StableHash.fnv1a64(data))") },
        { (library) throws(QueueError) in
          revision = library.revision + 1
          try change(&library, revision: revision, seed: seed)
        })
      say("C \(saved.revision)")
    }
  case "append":
    let tag = arguments[3]
    for index in 0..<count {
      try store.update { (library) throws(QueueError) in
        try library.modify(.upNext) { (queue) throws(QueueError) in
          try queue.playLast([episode("\(tag)-\(index)", show: 0, at: Date(timeIntervalSince1970: 1_800_000_000))])
        }
      }
    }
  default:
    fail("unknown mode \(arguments[1]); expected crash or append")
  }
} catch {
  fail(error.description)
}

extension SplitMix64 {
  /// A number from 0 to `bound` − 1.
  mutating func below(_ bound: Int) -> Int { integer(in: 0...(bound - 1)) }
}
