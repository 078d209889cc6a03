import SmartFill
import SmartFillSupport

/// The episodes finished on any device: for each, the finishes' dots (a grow-only set, merged by union),
/// synced in ``shardCount`` records (`finished.00` … `finished.3f`), an episode in the one its GUID's hash
/// names.
///
/// A state holds every finish of an episode by a device up to the latest one it holds (an episode's finishes
/// travel whole, in one record), so the set is kept as the latest finish per device: a ``VersionVector`` per
/// episode, one counter for each device that finished it however often it was finished.
///
/// An episode's entry in a queue is shown only when one of its adds knew of every finish of the episode: a
/// finish hides the adds made before it on every device, including an automatic add on a device that had
/// not heard of the finish yet, while an add the listener makes after seeing the finish (to play it again)
/// shows. Whether an add knew of a finish is causal (the finish's dot was in its state), never a matter of
/// clocks.
package struct FinishedEpisodes: Sendable, Hashable {
  /// The finishes, by episode: the latest finish of each device that finished it.
  package internal(set) var marks = FinishMarks()

  /// No episode finished.
  package init() {}

  /// The records the finishes travel in: 64, so that 100,000 finished episodes (about 5 MB) make records
  /// of about 85 KB, well under CloudKit's 1 MB.
  package static let shardCount = FinishMarks.shardCount

  /// Whether `episode` was ever finished (as far as this state knows).
  package func contains(_ episode: EpisodeID) -> Bool { marks[episode] != nil }

  /// The finishes of shard `index` alone (the content of its record).
  package func shard(_ index: Int) -> FinishedEpisodes {
    var part = FinishedEpisodes()
    part.marks.shards[index] = marks.shards[index]
    return part
  }

  /// The shards whose finishes differ from `other`'s.
  ///
  /// - Complexity: O(*s*) for shards whose storage is shared (an edit copies only the shard it changes), else
  ///   O(*n*) in the shard's finishes.
  package func changedShards(since other: FinishedEpisodes) -> [Int] {
    (0..<Self.shardCount).filter { marks.shards[$0] != other.marks.shards[$0] }
  }

  /// Both states' finishes.
  ///
  /// - Complexity: O(*n* + *m*) in the two states' marks.
  package func merged(with other: FinishedEpisodes) -> FinishedEpisodes {
    var result = self
    for index in 0..<Self.shardCount where !other.marks.shards[index].isEmpty {
      result.marks.shards[index].merge(other.marks.shards[index]) { $0.union($1) }
    }
    return result
  }
}

/// The finishes by episode, stored in ``shardCount`` dictionaries by a stable hash of the episode's GUID, so
/// that an edit copies only its shard's dictionary and a record carries one shard.
package struct FinishMarks: Sendable, Hashable, Sequence {
  /// The number of shards: 64.
  package static let shardCount = 64

  /// The finishes of each shard.
  var shards = [[EpisodeID: VersionVector]](repeating: [:], count: shardCount)

  /// The shard of `episode`: the FNV-1a hash of its GUID, modulo ``shardCount`` (the same on every device).
  package static func shard(of episode: EpisodeID) -> Int {
    Int(StableHash.fnv1a64(episode.guid) % UInt64(shardCount))
  }

  /// The finishes of `episode`, `nil` when it was never finished.
  package subscript(episode: EpisodeID) -> VersionVector? {
    get { shards[Self.shard(of: episode)][episode] }
    set { shards[Self.shard(of: episode)][episode] = newValue }
  }

  /// The finishes of `episode`, or `defaultValue`; written in place.
  package subscript(episode: EpisodeID, default defaultValue: @autoclosure () -> VersionVector) -> VersionVector {
    get { self[episode] ?? defaultValue() }
    _modify { yield &shards[Self.shard(of: episode)][episode, default: defaultValue()] }
  }

  /// The number of episodes finished.
  package var count: Int { shards.reduce(0) { $0 + $1.count } }

  /// The episodes finished, in no particular order.
  package var keys: [EpisodeID] { shards.flatMap(\.keys) }

  /// The finishes of every episode, in no particular order.
  package var values: [VersionVector] { shards.flatMap(\.values) }

  package func makeIterator() -> FlattenSequence<[[EpisodeID: VersionVector]]>.Iterator {
    shards.joined().makeIterator()
  }
}
