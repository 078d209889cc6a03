import Foundation
import Queues
import SmartFill
import SmartFillSupport

// The replicated state's wire format: compact JSON (one line, no spaces), written with `JSONWriter` and read
// with `JSONReader` so that every problem names its place (`entries[3].adds[0][4]`). Replica identities and
// feed URLs are written once, in the `replicas` and `feeds` tables, and referred to by index; a dot is
// `[replica, counter]`, a stamp `[milliseconds, logical, replica]`, a position the flat list
// `[index, replica, counter, …]` of its levels.
//
// A queue's state:
//
//     {"format":1,"queueID":"commute","replicas":["","5f1…"],"feeds":["https://…"],
//      "context":[[0,1],[1,12]],"alive":[[0,1]],
//      "title":["Commute",S],"emoji":["🚗",S],"rules":[[{"kind":"car"}],S],"smartFill":[null,S],
//      "autoSwitch":[true,S],
//      "playhead":[[feed,"guid"]|null,P|null,S],"listPosition":[P,S],
//      "createdAt":"2026-01-31T08:00:00Z","lastModified":"2026-01-31T08:00:00Z",
//      "entries":[[feed,"guid",ADDS,MOVES,PROGRESS],…]}
//
// where an add is `[r,c,[finish dots r,c,…],S,"title","show title",duration|null,addedAt seconds]` (an
// automatic add made since removals by hand have dots appends `[removal dots r,c,…]`), a move
// `[r,c,P,S]` (`[r,c,P,S,[P,…]]` for a respacing, with the places it replaced) and a playback position
// `[r,c,seconds,S]`. The state of the `Library` record (the answers about audio devices) and of each `Finished`
// record (one shard of the finished episodes) is
// `{"format":1,"replicas":[…],"feeds":[…],"finished":[[feed,"guid",[r,c,…]],…],"audioDevices":[["id","Golf",true,S],…]}`.
//
// `autoSwitch` and `audioDevices` came after the first states were written: a state without them reads as
// auto-switching on (at the genesis stamp, so any device's write wins) and no answers.
//
// A queue's routing settings came later still, each written only when set (see `routingSettings(of:to:)`):
// `showTies`, `untiedShowsGoToUpNext` (Up Next's), `removedByHand` and `handRemovals` (the removals' dots); a
// state without them ties nothing, leaves the option off at the genesis stamp and has no removals by hand, and
// an add without removal dots reads as a manual add.
//
// What a delete hid came last, each written only when there is some: `"hiddenAlive":[r,c,…]` (the creation
// dots) and `"hidden":[[feed,"guid",ADDS,MOVES,PROGRESS],…]` (the entries, as `entries`), after `entries`. A
// state without them hid nothing (a queue shown, or deleted by an engine that removed instead); an older reader
// ignores them and reads the queue as deleted, as it is.

/// Writes states in the wire format.
struct StateWriter {
  /// The version of the format written; reading refuses others.
  static let format = 1

  private var replicas: [ReplicaID: Int] = [:]
  private var replicaList: [ReplicaID] = []
  private var feeds: [String: Int] = [:]
  private var feedList: [String] = []
  private var body = JSONWriter(style: .compact)

  /// The JSON text of a queue's state.
  ///
  /// - Complexity: O(*n*) in the size of the state.
  static func encode(_ queue: ReplicatedQueue) -> [UInt8] {
    var writer = StateWriter()
    var json = JSONWriter(style: .compact)
    json.object { json in
      json.member("queueID", queue.id.rawValue)
      json.member("context")
      writer.dots(queue.context.dots, to: &json)
      json.member("alive")
      writer.dots(queue.alive.sorted(), to: &json)
      json.member("title")
      writer.register(queue.title, to: &json) { _, json, title in json.string(title) }
      json.member("emoji")
      writer.register(queue.emoji, to: &json) { _, json, emoji in
        if let emoji { json.string(emoji) } else { json.null() }
      }
      json.member("rules")
      writer.register(queue.rules, to: &json) { _, json, rules in json.write(rules) }
      json.member("smartFill")
      writer.register(queue.smartFill, to: &json) { _, json, settings in json.write(settings) }
      json.member("autoSwitch")
      writer.register(queue.autoSwitch, to: &json) { _, json, isEnabled in json.bool(isEnabled) }
      json.member("playhead")
      json.inlineArray { json in
        json.element()
        if let episode = queue.playhead.value.episode { writer.episode(episode, to: &json) } else { json.null() }
        json.element()
        if let position = queue.playhead.value.position { writer.position(position, to: &json) } else { json.null() }
        json.element()
        writer.stamp(queue.playhead.stamp, to: &json)
      }
      json.member("listPosition")
      writer.register(queue.listPosition, to: &json) { writer, json, position in writer.position(position, to: &json) }
      writer.routingSettings(of: queue, to: &json)
      json.member("createdAt", queue.createdAt)
      json.member("lastModified", queue.lastModified)
      json.member("entries")
      writer.entries(queue.entries, to: &json)
      // What a deletion hid, only when there is some, so that a queue without is written as before.
      if !queue.hiddenAlive.isEmpty {
        json.member("hiddenAlive")
        writer.dots(queue.hiddenAlive.sorted(), to: &json)
      }
      if !queue.hidden.isEmpty {
        json.member("hidden")
        writer.entries(queue.hidden, to: &json)
      }
    }
    return writer.finish(json)
  }

  /// The JSON text of the library's state.
  static func encode(_ finished: FinishedEpisodes, _ audioDevices: AudioDeviceAnswers) -> [UInt8] {
    var writer = StateWriter()
    var json = JSONWriter(style: .compact)
    json.object { json in
      json.member("finished")
      json.inlineArray { json in
        for episode in finished.marks.keys.sorted() {
          json.element()
          json.inlineArray { json in
            writer.episodeMembers(episode, to: &json)
            json.element()
            writer.dots(finished.marks[episode]!.dots, to: &json)
          }
        }
      }
      json.member("audioDevices")
      json.inlineArray { json in
        for identifier in audioDevices.answers.keys.sorted() {
          let register = audioDevices.answers[identifier]!
          json.element()
          json.inlineArray { json in
            json.element()
            json.string(identifier)
            json.element()
            json.string(register.value.name)
            json.element()
            json.bool(register.value.isCar)
            json.element()
            writer.stamp(register.stamp, to: &json)
          }
        }
      }
    }
    return writer.finish(json)
  }

  /// The document: the format, the tables, then the body's members.
  private func finish(_ body: JSONWriter) -> [UInt8] {
    var json = JSONWriter(style: .compact, capacity: body.bytes.count + 256)
    json.append("{\"format\":\(Self.format),\"replicas\":")
    json.strings(replicaList.map(\.rawValue))
    json.append(",\"feeds\":")
    json.strings(feedList)
    json.append(",")
    var bytes = json.bytes
    bytes.append(contentsOf: body.bytes.dropFirst())
    return bytes
  }

  private mutating func replica(_ replica: ReplicaID) -> Int {
    if let index = replicas[replica] { return index }
    replicas[replica] = replicaList.count
    replicaList.append(replica)
    return replicaList.count - 1
  }

  private mutating func feed(_ feed: String) -> Int {
    if let index = feeds[feed] { return index }
    feeds[feed] = feedList.count
    feedList.append(feed)
    return feedList.count - 1
  }

  private mutating func dotMembers(_ dot: Dot, to json: inout JSONWriter) {
    json.element()
    json.integer(replica(dot.replica))
    json.element()
    json.integer(dot.counter)
  }

  private mutating func dots(_ dots: [Dot], to json: inout JSONWriter) {
    json.inlineArray { json in for dot in dots { dotMembers(dot, to: &json) } }
  }

  private mutating func stamp(_ stamp: HybridTimestamp, to json: inout JSONWriter) {
    json.inlineArray { json in
      json.element()
      json.integer(Int(stamp.milliseconds))
      json.element()
      json.integer(stamp.logical)
      json.element()
      json.integer(replica(stamp.replica))
    }
  }

  private mutating func position(_ position: Position, to json: inout JSONWriter) {
    json.inlineArray { json in
      for level in position.levels {
        json.element()
        json.integer(level.index)
        dotMembers(Dot(level.replica, level.counter), to: &json)
      }
    }
  }

  private mutating func register<Value>(
    _ register: Register<Value>, to json: inout JSONWriter,
    _ value: (inout StateWriter, inout JSONWriter, Value) -> Void
  ) {
    json.inlineArray { json in
      json.element()
      value(&self, &json, register.value)
      json.element()
      stamp(register.stamp, to: &json)
    }
  }

  private mutating func episodeMembers(_ episode: EpisodeID, to json: inout JSONWriter) {
    json.element()
    json.integer(feed(episode.feedURL))
    json.element()
    json.string(episode.guid)
  }

  private mutating func episode(_ episode: EpisodeID, to json: inout JSONWriter) {
    json.inlineArray { json in episodeMembers(episode, to: &json) }
  }

  /// The routing settings, each only when set, so that a queue without them is written as before:
  /// `"showTies":[[feed,TIE|null,S],…]` by feed URL, `"untiedShowsGoToUpNext":[true,S]` and
  /// `"removedByHand":[[feed,"guid",S],…]` by episode, `"handRemovals":[[feed,"guid",r,c,S],…]` by episode and
  /// replica.
  private mutating func routingSettings(of queue: ReplicatedQueue, to json: inout JSONWriter) {
    if !queue.showTies.isEmpty {
      json.member("showTies")
      json.inlineArray { json in
        for feedURL in queue.showTies.keys.sorted() {
          let register = queue.showTies[feedURL]!
          json.element()
          json.inlineArray { json in
            json.element()
            json.integer(feed(feedURL))
            json.element()
            json.write(register.value)
            json.element()
            stamp(register.stamp, to: &json)
          }
        }
      }
    }
    if queue.takesUntiedShows.stamp != .genesis {
      json.member("untiedShowsGoToUpNext")
      register(queue.takesUntiedShows, to: &json) { _, json, isOn in json.bool(isOn) }
    }
    if !queue.removedByHand.isEmpty {
      json.member("removedByHand")
      json.inlineArray { json in
        for episode in queue.removedByHand.keys.sorted() {
          json.element()
          json.inlineArray { json in
            episodeMembers(episode, to: &json)
            json.element()
            stamp(queue.removedByHand[episode]!, to: &json)
          }
        }
      }
    }
    if !queue.handRemovals.isEmpty {
      json.member("handRemovals")
      json.inlineArray { json in
        for episode in queue.handRemovals.marks.keys.sorted() {
          for (replica, mark) in queue.handRemovals.marks[episode]!.sorted(by: { $0.key < $1.key }) {
            json.element()
            json.inlineArray { json in
              episodeMembers(episode, to: &json)
              dotMembers(Dot(replica, mark.counter), to: &json)
              json.element()
              stamp(mark.stamp, to: &json)
            }
          }
        }
      }
    }
  }

  private mutating func entries(_ entries: [EpisodeID: ReplicatedQueue.Entry], to json: inout JSONWriter) {
    json.inlineArray { json in
      for episode in entries.keys.sorted() {
        json.element()
        entry(episode, entries[episode]!, to: &json)
      }
    }
  }

  private mutating func entry(_ episode: EpisodeID, _ entry: ReplicatedQueue.Entry, to json: inout JSONWriter) {
    json.inlineArray { json in
      episodeMembers(episode, to: &json)
      json.element()
      json.inlineArray { json in
        for dot in entry.adds.keys.sorted() {
          let add = entry.adds[dot]!
          json.element()
          json.inlineArray { json in
            dotMembers(dot, to: &json)
            json.element()
            dots(add.finishesSeen.dots, to: &json)
            json.element()
            stamp(add.stamp, to: &json)
            json.element()
            json.string(add.info.title)
            json.element()
            json.string(add.info.showTitle)
            json.element()
            if let duration = add.info.durationSeconds { json.integer(duration) } else { json.null() }
            json.element()
            json.integer(Int(add.info.addedAt.timeIntervalSince1970))
            if let seen = add.removalsSeen {
              json.element()
              dots(seen.dots, to: &json)
            }
          }
        }
      }
      json.element()
      json.inlineArray { json in
        for dot in entry.moves.keys.sorted() {
          json.element()
          json.inlineArray { json in
            dotMembers(dot, to: &json)
            json.element()
            position(entry.moves[dot]!.value, to: &json)
            json.element()
            stamp(entry.moves[dot]!.stamp, to: &json)
            // A respacing's former places (see `Respacing`), a fifth element only then.
            let formerly = entry.moves[dot]!.formerly
            if !formerly.isEmpty {
              json.element()
              json.inlineArray { json in
                for place in formerly {
                  json.element()
                  position(place, to: &json)
                }
              }
            }
          }
        }
      }
      json.element()
      json.inlineArray { json in
        for dot in entry.progress.keys.sorted() {
          json.element()
          json.inlineArray { json in
            dotMembers(dot, to: &json)
            json.element()
            json.integer(entry.progress[dot]!.value)
            json.element()
            stamp(entry.progress[dot]!.stamp, to: &json)
          }
        }
      }
    }
  }
}
