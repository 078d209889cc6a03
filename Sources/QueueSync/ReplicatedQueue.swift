import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// One queue's replicated state: what every device merges, so that all of them end with the same queue
/// whatever order they saw the changes in.
///
/// - Entries are an add-wins set with tombstone-free removes (the ORSWOT of Bieniusa et al.): each add has
///   a ``Dot``; a remove deletes the adds the removing state holds, and ``context`` records that they were
///   seen. Merging keeps a dot that both states hold, or that one holds and the other has not seen; so a
///   remove deletes only the adds its device had seen, a concurrent add survives, and nothing is kept for a
///   removed entry.
/// - Each entry's place is a ``Position``; moves and playback positions are writes with dots of their own
///   (so that a remove takes them with the entry) read last-writer-wins by ``HybridTimestamp``. An entry
///   without adds is not shown: a remove beats a concurrent move.
/// - The queue exists while it holds a creation dot (`alive`) or an entry: deleting it hides both (moves them,
///   with their dots, to `hiddenAlive` and `hidden`, which no read of the queue looks at), so an add made
///   meanwhile on another device keeps it, with that device's additions, and a restore reads the episodes back
///   from `hidden` with what other devices did to them meanwhile (see `ReplicatedQueue+Hidden.swift`).
/// - The name, emoji, auto-switch rules, whether auto-switching is on, smart fill settings, playhead and
///   place in the list are
///   last-writer-wins ``Register``s. The rules and settings are kept as opaque values in the Queues JSON form,
///   so that this module needs to know nothing of their fields.
///
/// ``merged(with:)`` is commutative, associative and idempotent; the tests check it on states from random
/// histories.
package struct ReplicatedQueue: Sendable, Hashable {
  /// An add of the episode: its dot, the finishes of the episode its device knew of, and what it knew of
  /// the episode. Where the add put the episode is a move written with it (so that a later move, or a
  /// rebalance, replaces the place without touching the add).
  package struct Add: Sendable, Hashable {
    /// The finishes of the episode the add's device knew of.
    var finishesSeen: VersionVector
    var stamp: HybridTimestamp
    package var info: EpisodeInfo
    /// An automatic add's removals by hand of the episode from the queue its device knew of; `nil` for a
    /// manual add (see ``HandRemovals``).
    var removalsSeen: VersionVector? = nil
  }

  /// A move of an episode, or a playback position: a value and its stamp.
  struct Write<Value: Sendable & Hashable>: Sendable, Hashable {
    var value: Value
    var stamp: HybridTimestamp
    /// For a move that respaced the queue (see ``Respacing``), the places it replaced: the one just before,
    /// then those of earlier respacings (at most ``Respacing/generations``); empty otherwise.
    var formerly: [Value] = []
  }

  /// An episode's adds, moves and playback positions, each by its dot.
  package struct Entry: Sendable, Hashable {
    package var adds: [Dot: Add] = [:]
    var moves: [Dot: Write<Position>] = [:]
    var progress: [Dot: Write<Int>] = [:]

    var isEmpty: Bool { adds.isEmpty && moves.isEmpty && progress.isEmpty }

    /// The move that decides the place: the latest move a listener made, else the latest respacing. A
    /// respacing never beats a move it did not see (it replaced the moves it saw), so a move made meanwhile
    /// on another device is kept (see ``Respacing``).
    var placingMove: Write<Position>? {
      var made: Write<Position>?
      var respaced: Write<Position>?
      for move in moves.values {
        if move.formerly.isEmpty {
          if made.map({ $0.stamp < move.stamp }) ?? true { made = move }
        } else if respaced.map({ $0.stamp < move.stamp }) ?? true {
          respaced = move
        }
      }
      return made ?? respaced
    }

    /// The position of the move that decides the place (``placingMove``). Every add is written with a move,
    /// and a move leaves only with its entry or for a later move, so an entry with adds has a move; were it
    /// ever without one, it would still show, at a place made of its first add's dot.
    var position: Position? { placingMove.map { $0.value } ?? fallbackPosition }

    /// The place of an entry without moves: made of its first add's dot.
    var fallbackPosition: Position? {
      guard let first = adds.keys.min() else { return nil }
      return Position([.init(index: 1, replica: first.replica, counter: first.counter)])
    }

    /// The latest add's information.
    var info: EpisodeInfo? { adds.values.max { $0.stamp < $1.stamp }?.info }

    /// The latest playback position, 0 when none.
    var playedSeconds: Int { progress.values.max { $0.stamp < $1.stamp }?.value ?? 0 }
  }

  /// Where playback is: the episode playing, and its place when the register was written, so that when the
  /// episode leaves the queue the one after it becomes current (and one added at the end after the queue was
  /// played through).
  package struct Playhead: Sendable, Hashable {
    /// The current episode; `nil` at the start of an empty queue or past the end.
    package var episode: EpisodeID?
    /// Its place (or the last episode's, past the end); `nil` at the start.
    package var position: Position?

    /// The start of the queue.
    package static let start = Playhead(episode: nil, position: nil)
  }

  /// The queue's identifier.
  package let id: QueueID
  /// What this state has seen.
  package internal(set) var context: VersionVector
  /// The creation dots; empty once the queue was deleted.
  var alive: Set<Dot>
  /// The entries by episode.
  package var entries: [EpisodeID: Entry]
  /// The entries the latest delete hid, by episode: merged with `entries` as one observed-remove store in
  /// which a hidden dot stays hidden (see `ReplicatedQueue+Hidden.swift`); empty but in a deleted queue.
  package internal(set) var hidden: [EpisodeID: Entry] = [:]
  /// The creation dots the latest delete hid, merged with `alive` as `hidden` is with `entries`.
  var hiddenAlive: Set<Dot> = []
  /// The name without its emoji.
  var title: Register<String>
  /// The leading emoji, if any.
  var emoji: Register<String?>
  /// The auto-switch rules, in the Queues JSON form (an array).
  var rules: Register<JSONValue>
  /// The smart fill settings in the Queues JSON form, `null` when none.
  var smartFill: Register<JSONValue>
  /// Whether the queue may be switched to automatically (`Queue.isAutoSwitchEnabled`); on until a device
  /// turns it off.
  var autoSwitch: Register<Bool>
  /// Where playback is.
  var playhead: Register<Playhead>
  /// The queue's place in the library's list.
  var listPosition: Register<Position>
  /// When the queue was created: the earliest creation seen.
  var createdAt: Date
  /// When it last changed: the latest change seen.
  var lastModified: Date
  /// The shows tied to the queue, by feed URL: the tie in the Queues JSON form, `null` once untied or moved
  /// (see `ReplicatedQueue+ShowTies.swift`).
  var showTies: [String: Register<JSONValue>] = [:]
  /// Up Next's only: whether the new episodes of untied shows go to it (`QueueLibrary.untiedShowsGoToUpNext`).
  var takesUntiedShows = Register(false, stamp: .genesis)
  /// The episodes removed from the queue by hand, each with its latest removal's stamp.
  var removedByHand: [EpisodeID: HybridTimestamp] = [:]
  /// The removals by hand as dots, which hide the automatic adds made without knowing them.
  var handRemovals = HandRemovals()

  /// A new queue's state, with nothing seen.
  init(
    id: QueueID, title: Register<String>, emoji: Register<String?>, rules: Register<JSONValue>,
    smartFill: Register<JSONValue>, listPosition: Register<Position>, createdAt: Date
  ) {
    self.id = id
    self.context = VersionVector()
    self.alive = []
    self.entries = [:]
    self.title = title
    self.emoji = emoji
    self.rules = rules
    self.smartFill = smartFill
    self.autoSwitch = Register(true, stamp: .genesis)
    self.playhead = Register(.start, stamp: .genesis)
    self.listPosition = listPosition
    self.createdAt = createdAt
    self.lastModified = createdAt
  }

  // MARK: Reading

  /// Whether the queue is shown: it has a creation dot or a shown entry.
  func isVisible(finished: FinishedEpisodes) -> Bool {
    !alive.isEmpty || entries.contains { isShown($0.key, $0.value, finished: finished) }
  }

  /// Whether an entry is shown: one of its adds knew of every finish of the episode, and is manual or knew of
  /// every removal by hand of it from the queue.
  func isShown(_ episode: EpisodeID, _ entry: Entry, finished: FinishedEpisodes) -> Bool {
    let finishes = finished.marks[episode]
    guard finishes != nil || handRemovals.marks[episode] != nil else { return !entry.adds.isEmpty }
    return entry.adds.values.contains { add in
      (finishes.map { add.finishesSeen.includes($0) } ?? true) && handRemovals.admits(add.removalsSeen, of: episode)
    }
  }

  /// The shown entries in play order, with their places.
  ///
  /// The positions are sorted by flat integer keys (each level's side, its replica's rank among the queue's
  /// replicas, counter and index, then a terminator between the sides), which order exactly as ``Position``
  /// does and compare without strings.
  ///
  /// - Complexity: O(*n* log *n* · *d*) in the number of entries and the depth of their positions.
  func order(finished: FinishedEpisodes) -> [(episode: EpisodeID, position: Position)] {
    var shown: [(episode: EpisodeID, position: Position)] = []
    shown.reserveCapacity(entries.count)
    var replicas: Set<String> = []
    let respacing = self.respacing(finished: finished)
    for (episode, entry) in entries where isShown(episode, entry, finished: finished) {
      let move = entry.placingMove
      if let position = respacing.flatMap({ respacing in move.map(respacing.place(of:)) }) ?? entry.position {
        shown.append((episode, position))
        for level in position.levels { replicas.insert(level.replica.rawValue) }
      }
    }
    let ranks = Dictionary(uniqueKeysWithValues: replicas.sorted().enumerated().map { ($0.element, $0.offset) })
    var keyed: [(key: [UInt8], index: Int)] = []
    keyed.reserveCapacity(shown.count)
    for (index, item) in shown.enumerated() {
      var key: [UInt8] = []
      key.reserveCapacity(item.position.levels.count * 32 + 8)
      for level in item.position.levels {
        Self.append(level.index > 0 ? 2 : 0, to: &key)
        Self.append(ranks[level.replica.rawValue]!, to: &key)
        Self.append(level.counter, to: &key)
        Self.append(level.index, to: &key)
      }
      Self.append(1, to: &key)
      keyed.append((key, index))
    }
    keyed.sort { left, right in
      let order = left.key.withUnsafeBytes { a in
        right.key.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count)) }
      }
      if order != 0 { return order < 0 }
      if left.key.count != right.key.count { return left.key.count < right.key.count }
      return shown[left.index].episode < shown[right.index].episode
    }
    return keyed.map { shown[$0.index] }
  }

  /// Appends `value` to a sort key as 8 big-endian bytes whose byte order is the integers' order.
  @inline(__always)
  static func append(_ value: Int, to key: inout [UInt8]) {
    let bits = UInt64(bitPattern: Int64(value)) ^ (1 << 63)
    for shift in stride(from: 56, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
  }

  /// The respacing in effect among the shown entries, when some shown place must be read in its old terms
  /// (see ``Respacing``); `nil` when every place is current (or none is a respacing's).
  ///
  /// - Complexity: O(*n*) in the number of entries, and O(*m* log *m*) in those a respacing moved when a
  ///   place must be read in old terms.
  func respacing(finished: FinishedEpisodes) -> Respacing? {
    var moves: [Write<Position>] = []
    for (episode, entry) in entries where isShown(episode, entry, finished: finished) {
      if let move = entry.placingMove { moves.append(move) }
    }
    // Only a place outside the latest respacing's run needs reading in old terms: most often none is.
    guard let run = Respacing.latestRun(moves), moves.contains(where: { !Respacing.sameRun($0.value, run) }) else {
      return nil
    }
    return Respacing(moves)
  }

  /// The place of the last shown entry but `excluded`, without sorting (but while a respacing is in effect,
  /// when the places must be read in its terms).
  ///
  /// - Complexity: O(*n*) in the number of entries.
  func lastPosition(finished: FinishedEpisodes, excluding excluded: Set<EpisodeID>) -> Position? {
    if respacing(finished: finished) != nil {
      return order(finished: finished).last { !excluded.contains($0.episode) }?.position
    }
    var last: Position?
    for (episode, entry) in entries where !excluded.contains(episode) && isShown(episode, entry, finished: finished) {
      if let position = entry.position, last.map({ $0 < position }) ?? true { last = position }
    }
    return last
  }

  /// The index of the current episode in `order`: the playhead's episode, else the first after its place
  /// (read in the terms of the respacing in effect, as the places in `order` are), else the end.
  func currentIndex(in order: [(episode: EpisodeID, position: Position)]) -> Int {
    let head = playhead.value
    if let episode = head.episode, let index = order.firstIndex(where: { $0.episode == episode }) { return index }
    guard var position = head.position else { return 0 }
    let moves = order.compactMap { entries[$0.episode]?.placingMove }
    if let run = Respacing.latestRun(moves), !Respacing.sameRun(position, run), let respacing = Respacing(moves) {
      position = respacing.place(of: position)
    }
    return order.firstIndex { $0.position > position } ?? order.count
  }

  /// The name: emoji and title.
  package var name: String { QueueName.compose(emoji: emoji.value, text: title.value) }

  /// Whether the queue may be switched to automatically.
  package var isAutoSwitchEnabled: Bool { autoSwitch.value }

  /// Removes what no read looks at (see `ReplicatedLibrary.store(_:now:)`), hidden entries included (see
  /// `compactWithHidden()`).
  ///
  /// - Complexity: O(*n*) in the number of entries.
  mutating func compact() {
    guard hidden.isEmpty else { return compactWithHidden() }
    for (episode, entry) in entries where entry.adds.isEmpty || entry.moves.count > 1 || entry.progress.count > 1 {
      if entry.adds.isEmpty {
        entries[episode] = nil
        continue
      }
      var kept = entry
      if let placing = entry.placingMove, let dot = entry.moves.first(where: { $0.value == placing })?.key {
        kept.moves = [dot: placing]
      }
      if let latest = entry.progress.max(by: { $0.value.stamp < $1.value.stamp }) {
        kept.progress = [latest.key: latest.value]
      }
      entries[episode] = kept
    }
  }

  // MARK: Merging

  /// The state that has seen what either state has: entries by the add-wins rule, registers by their
  /// stamps.
  ///
  /// - Complexity: O(*n* + *m*) in the two states' entries and dots.
  package func merged(with other: ReplicatedQueue) -> ReplicatedQueue {
    merged(with: other, fault: nil)
  }

  /// ``merged(with:)``, broken on purpose when `fault` is given (for the test that shows the suite's
  /// checks catch a wrong merge).
  func merged(with other: ReplicatedQueue, fault: MergeFault?) -> ReplicatedQueue {
    precondition(id == other.id, "merging queues \(id) and \(other.id)")
    var result = self
    result.context = context.union(other.context)
    if hasHidden || other.hasHidden {
      mergeHidden(with: other, into: &result, fault: fault)
    } else {
      result.alive = Self.mergeDots(alive, context, other.alive, other.context, fault: fault)
      var entries: [EpisodeID: Entry] = [:]
      entries.reserveCapacity(max(self.entries.count, other.entries.count))
      for (episode, mine) in self.entries {
        let entry = Self.merge(mine, context, other.entries[episode] ?? Entry(), other.context, fault: fault)
        if !entry.isEmpty { entries[episode] = entry }
      }
      for (episode, theirs) in other.entries where self.entries[episode] == nil {
        let entry = Self.merge(Entry(), context, theirs, other.context, fault: fault)
        if !entry.isEmpty { entries[episode] = entry }
      }
      result.entries = entries
    }
    result.title = title.merged(with: other.title)
    result.emoji = emoji.merged(with: other.emoji)
    result.rules = rules.merged(with: other.rules)
    result.smartFill = smartFill.merged(with: other.smartFill)
    result.autoSwitch = autoSwitch.merged(with: other.autoSwitch)
    result.playhead = playhead.merged(with: other.playhead)
    result.listPosition = listPosition.merged(with: other.listPosition)
    result.createdAt = min(createdAt, other.createdAt)
    result.lastModified = max(lastModified, other.lastModified)
    result.mergeRoutingSettings(with: other)
    return result
  }

  static func merge(
    _ mine: Entry, _ myContext: VersionVector, _ theirs: Entry, _ theirContext: VersionVector, fault: MergeFault?
  ) -> Entry {
    Entry(
      adds: mergeDots(mine.adds, myContext, theirs.adds, theirContext, fault: fault),
      moves: mergeDots(mine.moves, myContext, theirs.moves, theirContext, fault: nil),
      progress: mergeDots(mine.progress, myContext, theirs.progress, theirContext, fault: nil))
  }

  /// The dots both hold, and those one holds that the other has not seen (the other removed the rest).
  static func mergeDots<Value>(
    _ mine: [Dot: Value], _ myContext: VersionVector, _ theirs: [Dot: Value], _ theirContext: VersionVector,
    fault: MergeFault?
  ) -> [Dot: Value] {
    var result: [Dot: Value] = [:]
    for (dot, value) in mine where theirs[dot] != nil || !theirContext.contains(dot) {
      result[dot] = value
    }
    for (dot, value) in theirs where mine[dot] == nil {
      switch fault {
      case .keepsOnlyOneSidesNewAdds?: continue
      case nil: if !myContext.contains(dot) { result[dot] = value }
      }
    }
    return result
  }

  static func mergeDots(
    _ mine: Set<Dot>, _ myContext: VersionVector, _ theirs: Set<Dot>, _ theirContext: VersionVector,
    fault: MergeFault?
  ) -> Set<Dot> {
    var result = mine.filter { theirs.contains($0) || !theirContext.contains($0) }
    if fault == nil { result.formUnion(theirs.filter { !myContext.contains($0) }) }
    return result
  }
}

/// A deliberately wrong merge, for the test that shows the suite's checks catch one.
package enum MergeFault: String, Sendable, Hashable, CaseIterable {
  /// Keeps the receiving state's entries and drops the other state's unseen adds (a "mine wins" merge).
  case keepsOnlyOneSidesNewAdds
}
