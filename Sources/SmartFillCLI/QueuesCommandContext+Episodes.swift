import Foundation
import Queues
import SmartFill
import SmartFillSupport

// `add`, `remove` and `move`: episodes into, out of and within a queue. Positions on the command line count
// from 1, as the screens number the episodes.

extension QueuesCommandContext {
  /// `add QUEUE EPISODE… --catalog CATALOG [--show SHOW] [--next|--last|--at N]`: episodes from a catalog,
  /// by GUID or `feedURL#GUID` (of the show `--show` names by title or feed URL, when given), last by default.
  mutating func add() throws(CommandError) {
    let (names, episodeNames) = try arguments(["<queue>"], thenAtLeastOne: "<episode>")
    guard let file = parsed.value("--catalog") else {
      throw QueuesCommand.usage("Missing expected argument '--catalog <catalog>'")
    }
    let placements = ["--next", "--last"].filter(parsed.isSet) + (parsed.value("--at") == nil ? [] : ["--at"])
    if placements.count > 1 {
      throw QueuesCommand.usage(
        "Give one of '--next', '--last' and '--at <n>', not \(placements.joined(separator: " and "))")
    }
    let target = try queue(names[0], in: try load())
    let catalog = try SmartFillCommand.readCatalog(file)
    let show = try parsed.value("--show").map { (text) throws(CommandError) in
      do throws(CommandError) {
        return try catalog.show(named: text)
      } catch {
        throw QueuesCommand.usage("--show: \(error.description)")
      }
    }
    let scope = show.map { Catalog(shows: [$0]) } ?? catalog
    let references = try episodeNames.map { (name) throws(CommandError) in try reference(name, in: scope, file: file)
    }
    let at = try parsed.value("--at").map { (text) throws(CommandError) in
      try integer(text, for: "--at <n>", in: 1...(target.count + 1))
    }
    let library = try update { (library) throws(QueueError) in
      try library.modify(target.id, now: now) { (queue) throws(QueueError) in
        if parsed.isSet("--next") {
          try queue.playNext(references)
        } else if let at {
          try queue.insert(references, at: min(at - 1, queue.count))
        } else {
          try queue.playLast(references)
        }
      }
    }
    let queue = try library.found(target.id).value
    say("Added \(QueuesCommand.plural(references.count, "episode")) to \(queue.name): now \(queue.summary).")
    json(QueuesCommand.node(command: "add", queue, in: library))
  }

  /// The catalog's episode named `name`: a GUID (of one show) or `feedURL#GUID`.
  func reference(_ name: String, in catalog: Catalog, file: String) throws(CommandError) -> EpisodeReference {
    var matches: [(Show, Episode)] = []
    for show in catalog.shows {
      for episode in show.episodes where episode.guid == name || "\(show.feedURL)#\(episode.guid)" == name {
        matches.append((show, episode))
      }
    }
    guard matches.count == 1, let (show, episode) = matches.first else {
      if matches.isEmpty {
        throw .failure("\(DisplayText.escaped(file)): no episode has the GUID \(DisplayText.inQuotes(name))")
      }
      let feeds = matches.map { DisplayText.quoted($0.0.feedURL) }.joined(separator: ", ")
      throw .failure(
        "\(DisplayText.escaped(file)): \(matches.count) shows have an episode \(DisplayText.inQuotes(name)) "
          + "(\(feeds)); give the show with --show, or the episode as feedURL#GUID")
    }
    return EpisodeReference(episode, of: show, addedAt: now)
  }

  /// `remove QUEUE POSITION…`: the episodes at these positions (from 1), or with these GUIDs.
  mutating func remove() throws(CommandError) {
    let (names, positions) = try arguments(["<queue>"], thenAtLeastOne: "<position>")
    let target = try queue(names[0], in: try load())
    guard !target.isEmpty else { throw .failure("\(target.name) has no episodes to remove") }
    var offsets = IndexSet()
    for text in positions {
      if let index = target.episodes.firstIndex(where: {
        $0.episodeGUID == text || "\($0.feedURL)#\($0.episodeGUID)" == text
      }) {
        offsets.insert(index)
      } else {
        offsets.insert(try integer(text, for: "<position>", in: 1...target.count) - 1)
      }
    }
    let removed = offsets.map { target.episodes[$0] }
    let library = try update { (library) throws(QueueError) in
      try library.modify(target.id, now: now) { (queue) throws(QueueError) in
        for episode in removed { try queue.remove(episode.id) }
      }
    }
    let queue = try library.found(target.id).value
    say("Removed \(QueuesCommand.plural(removed.count, "episode")) from \(queue.name): now \(queue.summary).")
    json(QueuesCommand.node(command: "remove", queue, in: library))
  }

  /// `move QUEUE FROM TO`: the episode at position FROM to position TO (both from 1).
  mutating func move() throws(CommandError) {
    let given = try arguments("<queue>", "<from>", "<to>")
    let target = try queue(given[0], in: try load())
    guard !target.isEmpty else { throw .failure("\(target.name) has no episodes to move") }
    let from = try integer(given[1], for: "<from>", in: 1...target.count) - 1
    let to = try integer(given[2], for: "<to>", in: 1...target.count) - 1
    let episode = target.episodes[from].id
    let library = try update { (library) throws(QueueError) in
      try library.modify(target.id, now: now) { (queue) throws(QueueError) in
        guard let index = queue.index(of: episode) else { throw .episodeNotInQueue(episode, queueName: queue.name) }
        let destination = min(to, queue.count - 1)
        try queue.move(fromOffsets: [index], toOffset: destination > index ? destination + 1 : destination)
      }
    }
    let queue = try library.found(target.id).value
    say("Moved episode \(from + 1) of \(queue.name) to position \(to + 1).")
    json(QueuesCommand.node(command: "move", queue, in: library))
  }
}
