import SmartFill
import SmartFillSupport

// The part of the state file that says which of the device's events are not confirmed yet, so that a copy
// of a file written before the first fetch since a load (a backup taken then) still checks its identity
// from where its events stopped being confirmed, not from where that copy's counter stands.

extension SyncStore {
  /// Writes the `unconfirmed` member of a state loaded as `loaded` and not confirmed since: the counter when
  /// it was loaded, and this identity's finish of each episode then where `state` holds a later one.
  ///
  /// - Complexity: O(*f*) in the finished episodes.
  static func writeUnconfirmed(since loaded: ReplicatedLibrary, of state: ReplicatedLibrary, to json: inout JSONWriter)
  {
    let me = state.replica
    let changed = state.finished.marks.filter { $0.value[me] > loaded.counter }.map(\.key).sorted()
    json.member("unconfirmed")
    json.object { json in
      json.member("counter", loaded.counter)
      json.member("finishes")
      json.array { json in
        for episode in changed {
          json.element()
          json.inlineArray { json in
            json.element()
            json.string(episode.feedURL)
            json.element()
            json.string(episode.guid)
            json.element()
            json.integer(loaded.finished.marks[episode]?[me] ?? 0)
          }
        }
      }
    }
  }

  /// The state as last confirmed, for ``SyncEngine/confirmedState``: `nil` when the file has no `unconfirmed`
  /// member, else `state` with the counter and this identity's finishes it names.
  ///
  /// - Throws: A `JSONReadError` naming the member when the counter is above the state's or a finish is not
  ///   below the one it replaces.
  /// - Complexity: O(*f*) in the finishes named.
  static func readUnconfirmed(_ node: JSONReader?, of state: ReplicatedLibrary) throws(JSONReadError)
    -> ReplicatedLibrary?
  {
    guard let node else { return nil }
    var loaded = state
    loaded.counter = try node.field("counter").integer(in: 0...state.counter)
    let me = state.replica
    for item in try node.array("finishes") {
      let parts = try item.elements()
      if parts.count != 3 { throw item.error("expected [feed URL, GUID, counter], found \(parts.count) elements") }
      let episode = EpisodeID(feedURL: try parts[0].string(), guid: try parts[1].string())
      guard let finishes = state.finished.marks[episode], finishes[me] > loaded.counter else {
        throw item.error("\(episode) has no finish of \(me) after the counter \(loaded.counter)")
      }
      var counters = finishes.counters
      counters[me] = try parts[2].integer(in: 0...loaded.counter)
      loaded.finished.marks[episode] = VersionVector(counters)
    }
    return loaded
  }
}
