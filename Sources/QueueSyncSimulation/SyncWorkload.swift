import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

/// The workloads the record-size test and the benchmark share: queues of realistic episodes churned by two
/// devices.
package enum SyncWorkload {
  /// A reference with realistic field lengths: a 70-character feed URL, a 36-character GUID, titles of 40
  /// and 20 characters.
  package static func reference(_ number: Int) -> EpisodeReference {
    let guid = String(number % 97).leftPadded(8) + "-0000-4000-8000-" + String(number).leftPadded(12)
    return EpisodeReference(
      episodeGUID: guid, feedURL: "https://feeds.example-podcast-host.com/shows/show-\(number % 40)/rss.xml",
      title: "Episode \(number): a title of some length", showTitle: "Show \(number % 40) of the week",
      durationSeconds: 600 + number % 3_000, addedAt: Date(timeIntervalSince1970: 1_767_225_600))
  }

  /// Two devices holding the same queue of `episodes` episodes, then making `operations` edits on it (remove
  /// and add, move, play, insert and remove), three in four on the first, exchanging states every 500 and at
  /// the end: the two merged states.
  package static func churn(episodes: Int, operations: Int, seed: UInt64) throws(SyncError) -> (
    ReplicatedLibrary, ReplicatedLibrary
  ) {
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    var phone = ReplicatedLibrary(replica: ReplicaID("5f1c0a52-3b7e-4d5c-9a61-2f0b7e3c9d18"), now: start)
    var tablet = ReplicatedLibrary(replica: ReplicaID("a93e61d4-0c2b-4f87-b5d3-7e14c6a2f950"), now: start)
    try phone.playLast((0..<episodes).map(reference), in: .commute, now: start)
    tablet.merge(phone)
    var random = SplitMix64(seed: seed)
    var next = episodes
    for operation in 0..<operations {
      let now = start.addingTimeInterval(Double(operation + 1))
      var library = operation.isMultiple(of: 4) ? tablet : phone
      let shown = library.episodes(in: .commute)
      switch random.integer(in: 0...9) {
      case 0...3:
        try library.remove(random.element(of: shown), from: .commute, now: now)
        next += 1
        try library.playLast([reference(next)], in: .commute, now: now)
      case 4...6:
        let from = random.integer(in: 0...(shown.count - 1))
        try library.move(fromOffsets: [from], toOffset: random.integer(in: 0...shown.count), in: .commute, now: now)
      case 7:
        try library.makeCurrent(at: random.integer(in: 0...(shown.count - 1)), in: .commute, now: now)
        try library.recordPosition(random.integer(in: 0...600), in: .commute, now: now)
      default:
        let victim = random.element(of: shown)
        try library.insert(
          [reference(random.integer(in: 0...next))], into: .commute, at: random.integer(in: 0...shown.count), now: now)
        if library.episodes(in: .commute).count > episodes { try library.remove(victim, from: .commute, now: now) }
      }
      if operation.isMultiple(of: 4) { tablet = library } else { phone = library }
      if operation % 500 == 499 {
        let copy = phone
        phone.merge(tablet)
        tablet.merge(copy)
      }
    }
    let copy = phone
    phone.merge(tablet)
    tablet.merge(copy)
    return (phone, tablet)
  }
}

extension SyncWorkload {
  /// The entries of queue `id` in `library`, and the bytes of their own text (GUIDs and titles) in its state:
  /// the rest of the state is replicated metadata (dots, stamps, positions, contexts, JSON punctuation).
  package static func entries(of id: QueueID, in library: ReplicatedLibrary) -> (count: Int, ownTextBytes: Int) {
    guard let queue = library.queues[id] else { return (0, 0) }
    var own = 0
    for entry in queue.entries.values {
      for add in entry.adds.values {
        own += add.info.id.guid.utf8.count + add.info.title.utf8.count + add.info.showTitle.utf8.count
      }
    }
    return (queue.entries.count, own)
  }
}

extension String {
  /// The text with zeros in front, to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
