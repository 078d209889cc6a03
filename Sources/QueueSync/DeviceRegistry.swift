import Foundation
import Queues

/// The devices syncing one library, as their `Device` records describe them, and the rule that says when a
/// tombstone has reached all of them and can leave the server and every device (see `docs/sync-faults.md`,
/// "Collecting tombstones").
///
/// Each engine writes one `Device` record, `device.<replica id>`, and only that engine writes it: its name,
/// ``Entry/lastSync`` (its clock at its last complete fetch) and the tombstones it holds (``Entry/retired``:
/// each queue's identifier with a hash of the tombstone's state, so that two devices listing a queue hold the
/// very same tombstone). Every engine reads the others' records into its registry.
package struct DeviceRegistry: Sendable, Hashable {
  /// One device's record.
  package struct Entry: Sendable, Hashable {
    /// The device's name ("iPad").
    package var name: String
    /// The device's clock at its last complete fetch.
    package var lastSync: Date
    /// How many times the device wrote its record: a version delivered late never replaces a newer one.
    package var revision: Int
    /// The tombstones the device holds, each with the FNV-1a 64 hash of its state's bytes.
    package var retired: [QueueID: UInt64]
    /// The identities this device took over (its state's, before a restored backup or a migration made it take
    /// a new one), each with the latest revision of that identity's record it had read: a revision up to that
    /// one is the same state's past, so it no longer holds tombstones back; a later one means a copy still
    /// runs under the old identity, which counts again.
    package var replaces: [String: Int]

    package init(
      name: String, lastSync: Date, revision: Int, retired: [QueueID: UInt64], replaces: [String: Int] = [:]
    ) {
      self.name = name
      self.lastSync = lastSync
      self.revision = revision
      self.retired = retired
      self.replaces = replaces
    }
  }

  /// The most identities an entry names as replaced: the latest ones (an identity moves at most once per
  /// restore, so older ones have long expired).
  package static let replacedLimit = 16

  /// The days after which a device that has not synced no longer holds tombstones back: 90 (a lost phone must
  /// not keep every tombstone forever).
  package static let expiryDays = 90

  /// The records' type.
  package static let recordType = "Device"
  /// The start of a `Device` record's identifier.
  package static let recordPrefix = "device."

  /// The devices, by replica identity (this device's own record included, as it last wrote it).
  package var devices: [String: Entry] = [:]
  /// When this device first read each other device's latest revision, by this device's clock: a device's
  /// silence is measured here, never by comparing its clock with this one's (clocks can be wrong by months).
  package var seenAt: [String: Date] = [:]

  /// An empty registry.
  package init() {}

  /// The identifier of the record of device `replica`: `device.<replica id>`.
  package static func recordID(of replica: ReplicaID) -> String { recordPrefix + replica.rawValue }

  /// The replica identity a `Device` record's identifier names, or `nil` for another identifier.
  package static func replica(ofRecordID id: String) -> String? {
    guard id.hasPrefix(recordPrefix), id.utf8.count > recordPrefix.utf8.count else { return nil }
    return String(id.dropFirst(recordPrefix.count))
  }

  /// Takes another device's record, read at `now`: kept unless the registry holds a later revision of it; a
  /// new revision is noted as seen at `now`.
  ///
  /// - Complexity: O(1).
  package mutating func take(_ entry: Entry, of replica: String, now: Date) {
    if let known = devices[replica], known.revision >= entry.revision { return }
    devices[replica] = entry
    seenAt[replica] = now
  }

  /// The tombstones among `mine` (this device's, with their hashes) that every other device still counted
  /// holds too, with the same hash: those whose latest revision this device read less than ``expiryDays``
  /// days before `now` (or after it, by a clock set back since), and that no identity took over at that
  /// revision or a later one (``Entry/replaces``). A device alone in the registry collects its
  /// tombstones at once: no other device can hold a copy back, and one not registered yet that comes back with
  /// a live copy gets it back under a new identifier (see `SyncEngine.dropDeleted`).
  ///
  /// - Complexity: O(*t* · *d*) in the tombstones and the devices.
  package func stable(_ mine: [QueueID: UInt64], me: ReplicaID, now: Date) -> [QueueID] {
    let limit = Double(Self.expiryDays * 86_400)
    var replaced: [String: Int] = [:]
    for entry in devices.values {
      replaced.merge(entry.replaces) { max($0, $1) }
    }
    let counted = devices.filter {
      $0.key != me.rawValue && now.timeIntervalSince(seenAt[$0.key] ?? $0.value.lastSync) < limit
        && $0.value.revision > replaced[$0.key, default: -1]
    }
    return mine.filter { id, hash in counted.values.allSatisfy { $0.retired[id] == hash } }.map(\.key)
      .sorted { $0.rawValue < $1.rawValue }
  }
}
