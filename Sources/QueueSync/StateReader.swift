import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// Reads states of the wire format (see `StateFormat.swift`), checking every value: a bad one is a
/// ``JSONReadError`` naming its place, never a trap.
struct StateReader {
  private let replicas: [ReplicaID]
  private let feeds: [String]
  let root: JSONReader

  /// Parses `bytes` and reads the tables.
  init(_ bytes: [UInt8]) throws(JSONReadError) {
    try self.init(JSONReader(parsing: bytes))
  }

  /// Reads the tables of the state at `root`.
  init(_ root: JSONReader) throws(JSONReadError) {
    self.root = root
    let format = try root.integer("format")
    if format != StateWriter.format {
      throw root.error("must be \(StateWriter.format), found \(format)", at: "format")
    }
    replicas = try root.array("replicas").map { (node) throws(JSONReadError) in ReplicaID(try node.string()) }
    feeds = try root.array("feeds").map { (node) throws(JSONReadError) in
      let feed = try node.string()
      if feed.isEmpty { throw node.error("a feed URL must not be empty") }
      return feed
    }
  }

  /// A queue's state; a name equal to `known`'s (checked when it came in) is not checked again.
  func queue(known: (QueueID) -> ReplicatedQueue? = { _ in nil }) throws(JSONReadError) -> ReplicatedQueue {
    let id = QueueID(try root.string("queueID"))
    if id.rawValue.isEmpty { throw root.error("must not be empty", at: "queueID") }
    let title = try register(root.field("title")) { (node) throws(JSONReadError) in try node.string() }
    let emoji = try register(root.field("emoji")) { (node) throws(JSONReadError) -> String? in
      node.value == .null ? nil : try node.string()
    }
    let knownQueue = known(id)
    if knownQueue?.title.value != title.value || knownQueue?.emoji.value != emoji.value {
      let name = QueueName.compose(emoji: emoji.value, text: title.value)
      let validated: String
      do throws(QueueError) { validated = try QueueName.validated(name) } catch {
        throw root.error(error.description, at: "title")
      }
      if validated != name { throw root.error("the name has surrounding spaces", at: "title") }
    }
    let rules = try register(root.field("rules")) { (node) throws(JSONReadError) in node.value }
    let smartFill = try register(root.field("smartFill")) { (node) throws(JSONReadError) in node.value }
    let listPosition = try register(root.field("listPosition")) { (node) throws(JSONReadError) in try position(node) }
    var queue = ReplicatedQueue(
      id: id, title: title, emoji: emoji, rules: rules, smartFill: smartFill, listPosition: listPosition,
      createdAt: try root.date("createdAt"))
    if let node = try root.optional("autoSwitch") {
      queue.autoSwitch = try register(node) { (node) throws(JSONReadError) in try node.bool() }
    }
    queue.lastModified = try root.date("lastModified")
    for dot in try dots(root.field("context")) { queue.context.insert(dot) }
    queue.alive = Set(try dots(root.field("alive")))
    let head = try elements(root.field("playhead"), count: 3)
    queue.playhead = Register(
      ReplicatedQueue.Playhead(
        episode: head[0].value == .null ? nil : try episode(elements(head[0], count: 2), at: 0),
        position: head[1].value == .null ? nil : try position(head[1])),
      stamp: try stamp(head[2]))
    queue.entries = try entries(root.field("entries"), seenBy: queue.context)
    try readHidden(into: &queue)
    try readRoutingSettings(into: &queue, known: knownQueue)
    if let dot = queue.alive.first(where: { !queue.context.contains($0) }) {
      throw root.error("holds the dot \(dot), which the state's context has not seen", at: "alive")
    }
    return queue
  }

  /// The library's state: the finished episodes and the answers about audio devices (none in a state
  /// written before they were replicated).
  func library() throws(JSONReadError) -> (finished: FinishedEpisodes, audioDevices: AudioDeviceAnswers) {
    var finished = FinishedEpisodes()
    for node in try root.array("finished") {
      let fields = try elements(node, count: 3)
      let id = try episode(fields, at: 0)
      for dot in try dots(fields[2]) { finished.marks[id, default: VersionVector()].insert(dot) }
    }
    var devices = AudioDeviceAnswers()
    for node in try root.optional("audioDevices")?.elements() ?? [] {
      let parts = try elements(node, count: 4)
      let identifier = try parts[0].string()
      if identifier.isEmpty { throw parts[0].error("a device's identifier must not be empty") }
      if devices.answers[identifier] != nil { throw parts[0].error("the device \"\(identifier)\" appears twice") }
      devices.answers[identifier] = Register(
        .init(name: try parts[1].string(), isCar: try parts[2].bool()), stamp: try stamp(parts[3]))
    }
    if devices.answers.count > AudioDeviceAnswers.limit {
      throw root.error(
        "holds \(devices.answers.count) devices, more than \(AudioDeviceAnswers.limit)", at: "audioDevices")
    }
    return (finished, devices)
  }

  // MARK: Parts

  /// A list of entries (`entries`, `hidden`), each dot seen by `context`.
  private func entries(_ list: JSONReader, seenBy context: VersionVector) throws(JSONReadError)
    -> [EpisodeID: ReplicatedQueue.Entry]
  {
    var entries: [EpisodeID: ReplicatedQueue.Entry] = [:]
    for node in try list.elements() {
      let fields = try elements(node, count: 5)
      let episode = try episode(fields, at: 0)
      if entries[episode] != nil { throw node.error("the episode \(episode) appears earlier in the entries") }
      var entry = ReplicatedQueue.Entry()
      for add in try fields[2].elements() {
        // An automatic add written since removals by hand have dots has a ninth element, its removals seen.
        let parts = try add.elements()
        if parts.count != 8 && parts.count != 9 { throw add.error("expected 8 or 9 elements, found \(parts.count)") }
        let dot = try self.dot(parts, at: 0)
        let duration =
          parts[6].value == .null ? nil : try parts[6].integer(in: 1...EpisodeReference.maximumDurationSeconds)
        let info = EpisodeInfo(
          id: episode, title: try parts[4].string(), showTitle: try parts[5].string(), durationSeconds: duration,
          addedAt: Date(timeIntervalSince1970: Double(try parts[7].integer(in: 0...(1 << 40)))))
        entry.adds[dot] = .init(
          finishesSeen: VersionVector(dots: try dots(parts[2])), stamp: try stamp(parts[3]), info: info,
          removalsSeen: parts.count == 9 ? VersionVector(dots: try dots(parts[8])) : nil)
      }
      for move in try fields[3].elements() {
        // A respacing has a fifth element, its former places; states written before respacings kept them have none.
        let parts = try move.elements()
        if parts.count != 4 && parts.count != 5 { throw move.error("expected 4 or 5 elements, found \(parts.count)") }
        let formerly =
          parts.count == 5 ? try parts[4].elements().map { (node) throws(JSONReadError) in try position(node) } : []
        entry.moves[try dot(parts, at: 0)] = .init(
          value: try position(parts[2]), stamp: try stamp(parts[3]), formerly: formerly)
      }
      for write in try fields[4].elements() {
        let parts = try elements(write, count: 4)
        entry.progress[try dot(parts, at: 0)] = .init(
          value: try parts[2].integer(in: 0...EpisodeReference.maximumDurationSeconds), stamp: try stamp(parts[3]))
      }
      for dot in Array(entry.adds.keys) + Array(entry.moves.keys) + Array(entry.progress.keys)
      where !context.contains(dot) {
        throw node.error("holds the dot \(dot), which the state's context has not seen")
      }
      entries[episode] = entry
    }
    return entries
  }

  /// Reads what a delete hid (absent in a state that hid nothing, and in one written before deletes hid): the
  /// creation dots and entries, each dot seen by the context and none also shown.
  private func readHidden(into queue: inout ReplicatedQueue) throws(JSONReadError) {
    if let node = try root.optional("hiddenAlive") {
      queue.hiddenAlive = Set(try dots(node))
      if let dot = queue.hiddenAlive.first(where: { !queue.context.contains($0) }) {
        throw node.error("holds the dot \(dot), which the state's context has not seen")
      }
      if let dot = queue.hiddenAlive.first(where: queue.alive.contains) {
        throw node.error("holds the dot \(dot), which `alive` holds too")
      }
    }
    guard let node = try root.optional("hidden") else { return }
    queue.hidden = try entries(node, seenBy: queue.context)
    for item in try node.elements() {
      let episode = try episode(try item.elements(), at: 0)
      guard let shown = queue.entries[episode], let hidden = queue.hidden[episode] else { continue }
      let both = Set(shown.adds.keys).intersection(hidden.adds.keys)
        .union(Set(shown.moves.keys).intersection(hidden.moves.keys))
        .union(Set(shown.progress.keys).intersection(hidden.progress.keys))
      if let dot = both.min() { throw item.error("holds the dot \(dot), which `entries` holds too") }
    }
  }

  /// Reads a queue's routing settings (absent in a state written before them): each tie an object of the
  /// Queues form for the feed it is kept under, or `null`, checked as the store checks ties unless equal to
  /// `known`'s; none on Up Next.
  private func readRoutingSettings(into queue: inout ReplicatedQueue, known: ReplicatedQueue?) throws(JSONReadError) {
    for node in try root.optional("showTies")?.elements() ?? [] {
      let parts = try elements(node, count: 3)
      let feedURL = try feed(parts[0])
      if queue.showTies[feedURL] != nil { throw parts[0].error("the show \"\(feedURL)\" appears twice") }
      let value = parts[1].value
      if value != .null {
        if queue.id == .upNext { throw parts[1].error("Up Next ties no show") }
        guard case .object(let members) = value, members["feedURL"] == .string(feedURL) else {
          throw parts[1].error("expected a tie of the show \"\(feedURL)\" or null")
        }
      }
      queue.showTies[feedURL] = Register(value, stamp: try stamp(parts[2]))
    }
    if !queue.showTies.isEmpty, known?.showTies != queue.showTies {
      do throws(QueueError) { try QueuesJSONForm.check(showTies: queue.showTies.values.map(\.value)) } catch {
        throw root.error(error.description, at: "showTies")
      }
    }
    if let node = try root.optional("untiedShowsGoToUpNext") {
      queue.takesUntiedShows = try register(node) { (node) throws(JSONReadError) in try node.bool() }
    }
    for node in try root.optional("removedByHand")?.elements() ?? [] {
      let parts = try elements(node, count: 3)
      let episode = try episode(parts, at: 0)
      if queue.removedByHand[episode] != nil { throw node.error("the episode \(episode) appears twice") }
      queue.removedByHand[episode] = try stamp(parts[2])
    }
    if queue.removedByHand.count > ReplicatedQueue.maximumRemovalsByHand {
      throw root.error(
        "holds \(queue.removedByHand.count) removals, more than \(ReplicatedQueue.maximumRemovalsByHand)",
        at: "removedByHand")
    }
    for node in try root.optional("handRemovals")?.elements() ?? [] {
      let parts = try elements(node, count: 5)
      let (episode, dot) = (try episode(parts, at: 0), try dot(parts, at: 2))
      if queue.handRemovals.marks[episode]?[dot.replica] != nil {
        throw node.error("the removal of \(episode) by \(dot.replica) appears twice")
      }
      if !queue.context.contains(dot) {
        throw node.error("holds the dot \(dot), which the state's context has not seen")
      }
      queue.handRemovals.insert(.init(counter: dot.counter, stamp: try stamp(parts[4])), of: episode, by: dot.replica)
    }
    if queue.handRemovals.count > HandRemovals.maximum {
      throw root.error("holds \(queue.handRemovals.count) marks, more than \(HandRemovals.maximum)", at: "handRemovals")
    }
  }

  private func elements(_ node: JSONReader, count: Int) throws(JSONReadError) -> [JSONReader] {
    let elements = try node.elements()
    if elements.count != count { throw node.error("expected \(count) elements, found \(elements.count)") }
    return elements
  }

  private func replica(_ node: JSONReader) throws(JSONReadError) -> ReplicaID {
    if replicas.isEmpty { throw node.error("refers to a replica, but the replicas table is empty") }
    return replicas[try node.integer(in: 0...(replicas.count - 1))]
  }

  private func dot(_ parts: [JSONReader], at offset: Int) throws(JSONReadError) -> Dot {
    Dot(try replica(parts[offset]), try parts[offset + 1].integer(in: 1...Int.max))
  }

  private func dots(_ node: JSONReader) throws(JSONReadError) -> [Dot] {
    let parts = try node.elements()
    if !parts.count.isMultiple(of: 2) { throw node.error("expected pairs of replica and counter") }
    return try stride(from: 0, to: parts.count, by: 2).map { (offset) throws(JSONReadError) in
      try dot(parts, at: offset)
    }
  }

  private func stamp(_ node: JSONReader) throws(JSONReadError) -> HybridTimestamp {
    let parts = try elements(node, count: 3)
    return HybridTimestamp(
      milliseconds: Int64(try parts[0].integer(in: 0...Int.max)), logical: try parts[1].integer(in: 0...Int.max),
      replica: try replica(parts[2]))
  }

  private func position(_ node: JSONReader) throws(JSONReadError) -> Position {
    let parts = try node.elements()
    if parts.isEmpty || !parts.count.isMultiple(of: 3) {
      throw node.error("expected levels of index, replica and counter, found \(parts.count) numbers")
    }
    var levels: [Position.Level] = []
    for offset in stride(from: 0, to: parts.count, by: 3) {
      let index = try parts[offset].integer()
      if index == 0 { throw parts[offset].error("a position's index must not be 0") }
      let dot = try dot(parts, at: offset + 1)
      levels.append(Position.Level(index: index, replica: dot.replica, counter: dot.counter))
    }
    return Position(levels)
  }

  private func feed(_ node: JSONReader) throws(JSONReadError) -> String {
    if feeds.isEmpty { throw node.error("refers to a feed, but the feeds table is empty") }
    return feeds[try node.integer(in: 0...(feeds.count - 1))]
  }

  private func episode(_ parts: [JSONReader], at offset: Int) throws(JSONReadError) -> EpisodeID {
    let feed = try feed(parts[offset])
    let guid = try parts[offset + 1].string()
    if guid.isEmpty { throw parts[offset + 1].error("an episode GUID must not be empty") }
    return EpisodeID(feedURL: feed, guid: guid)
  }

  private func register<Value>(_ node: JSONReader, _ value: (JSONReader) throws(JSONReadError) -> Value)
    throws(JSONReadError) -> Register<Value>
  {
    let parts = try elements(node, count: 2)
    return Register(try value(parts[0]), stamp: try stamp(parts[1]))
  }
}
