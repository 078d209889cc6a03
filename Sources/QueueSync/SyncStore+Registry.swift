import Foundation
import Queues
import SmartFillSupport

// The part of the state file that keeps the device registry (`DeviceRegistry`), this device's own entry
// included, so that a restart neither rewrites the record at once nor forgets whom the tombstones wait for:
//
//     "devices": {"5f1…": {"name": "iPad", "lastSync": "2026-01-01T08:00:00Z", "revision": 4,
//                          "retired": [["commute", "9c1f…"], …], "seenAt": "2026-01-02T09:00:00Z"}, …}
//
// `seenAt` (another device's only) is when this device read that device's latest revision, by its own clock;
// `replaces` (`[["5f1…", 7], …]`, only when not empty) names the identities the device took over.
//
// The member is left out when the registry is empty, so a file written before it existed reads as before.

extension SyncStore {
  /// Writes the `devices` member, unless the registry is empty.
  ///
  /// - Complexity: O(*d* · *t*) in the devices and the tombstones each lists.
  static func writeRegistry(_ registry: DeviceRegistry, to json: inout JSONWriter) {
    guard !registry.devices.isEmpty else { return }
    json.member("devices")
    json.object { json in
      for replica in registry.devices.keys.sorted() {
        let entry = registry.devices[replica]!
        json.member(replica)
        json.object { json in
          json.member("name", entry.name)
          json.member("lastSync", entry.lastSync)
          json.member("revision", entry.revision)
          json.member("retired")
          entry.writeRetired(to: &json)
          if !entry.replaces.isEmpty {
            json.member("replaces")
            entry.writeReplaces(to: &json)
          }
          if let seen = registry.seenAt[replica] { json.member("seenAt", seen) }
        }
      }
    }
  }

  /// Reads the `devices` member; an empty registry when it is absent.
  ///
  /// - Complexity: O(*d* · *t*) in the devices and the tombstones each lists.
  static func readRegistry(_ node: JSONReader?) throws(JSONReadError) -> DeviceRegistry {
    var registry = DeviceRegistry()
    guard let node else { return registry }
    for (replica, value) in try node.members() {
      let entry = JSONReader(value, path: node.path.appending(replica))
      registry.devices[replica] = DeviceRegistry.Entry(
        name: try entry.string("name"), lastSync: try entry.date("lastSync"),
        revision: try entry.field("revision").integer(in: 0...Int.max),
        retired: try DeviceRegistry.Entry.readRetired(entry.field("retired")),
        replaces: try entry.optional("replaces").map { (node) throws(JSONReadError) in
          try DeviceRegistry.Entry.readReplaces(node)
        } ?? [:])
      registry.seenAt[replica] = try entry.optional("seenAt")?.date()
    }
    return registry
  }
}
