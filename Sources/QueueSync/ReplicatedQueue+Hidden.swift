import Foundation
import Queues
import SmartFill
import SmartFillSupport

// A delete hides a queue's entries and creation dots instead of removing them, so that a restore reads the
// episodes back from the replicated state, with what other devices did to them meanwhile: an episode removed
// or cleared concurrently is gone from `hidden` (the remove's context covers its add dots), a concurrent move
// is a move dot the delete had not seen (kept in `entries`, where an entry without adds is not shown), and a
// concurrent finish hides it by the finish rule.
//
// The merge treats `entries` and `hidden` (and `alive` and `hiddenAlive`) as one observed-remove store whose
// dots each carry where they are: a dot stays while both states hold it (in either map) or one holds it and
// the other has not seen it, and it is hidden when either state holds it hidden. A dot moves only from shown
// to hidden (a restore adds new dots and removes the hidden ones as observed), so "hidden when either holds it
// hidden" is a join: the merge stays commutative, associative and idempotent. (Merging `hidden` with `hidden`
// alone would drop a dot one state hid and the other still shows: each has seen it and does not hold it in
// the map the other has it in.)

extension ReplicatedQueue {
  /// Whether a delete hid entries or creation dots that no restore or later edit has removed: the queue was
  /// deleted by an engine that hides (an older one removed them), and a restore reads its episodes here.
  var hasHidden: Bool { !hidden.isEmpty || !hiddenAlive.isEmpty }

  /// Hides the queue, as a delete: its creation dots and entries, with their dots, become the hidden ones; the
  /// ones an earlier delete hid are removed as observed (a restore brings back what the latest delete took).
  ///
  /// - Complexity: O(*n*) in the entries.
  mutating func hide() {
    hiddenAlive = alive
    alive = []
    hidden = entries
    entries = [:]
  }

  /// Removes the hidden entries and creation dots as observed, as a restore or an edit of a shown queue does.
  mutating func forgetHidden() {
    hidden = [:]
    hiddenAlive = []
  }

  /// The episodes a restore brings back: the hidden entries shown by the finish and removal rules, in the
  /// order their places give (a place moved on another device meanwhile, kept in `entries`, counts: the latest
  /// move in either map decides), each with its information and playback position.
  ///
  /// - Complexity: O(*n* log *n* · *d*) in the hidden entries and the depth of their positions.
  func restorableEpisodes(finished: FinishedEpisodes) -> [EpisodeReference] {
    var view = self
    view.entries = hidden
    for (episode, shown) in entries where hidden[episode] != nil {
      view.entries[episode]!.moves.merge(shown.moves) { kept, _ in kept }
      view.entries[episode]!.progress.merge(shown.progress) { kept, _ in kept }
    }
    return view.order(finished: finished).compactMap { item in
      guard let entry = view.entries[item.episode], let info = entry.info else { return nil }
      return info.reference(playedSeconds: entry.playedSeconds)
    }
  }

  /// ``merged(with:)``'s creation dots and entries when either state has hidden ones: shown and hidden as one
  /// store, a dot hidden when either state holds it hidden.
  ///
  /// - Complexity: O(*n* + *m*) in the two states' entries and dots.
  func mergeHidden(with other: ReplicatedQueue, into result: inout ReplicatedQueue, fault: MergeFault?) {
    func marks(_ dots: Set<Dot>) -> [Dot: Bool] { Dictionary(uniqueKeysWithValues: dots.map { ($0, true) }) }
    let creations = Self.mergeHiding(
      marks(alive), marks(hiddenAlive), context, marks(other.alive), marks(other.hiddenAlive), other.context,
      fault: fault)
    result.alive = Set(creations.shown.keys)
    result.hiddenAlive = Set(creations.hidden.keys)
    var episodes = Set(entries.keys)
    episodes.formUnion(hidden.keys)
    episodes.formUnion(other.entries.keys)
    episodes.formUnion(other.hidden.keys)
    result.entries = [:]
    result.hidden = [:]
    for episode in episodes {
      let (mine, myHidden) = (entries[episode] ?? Entry(), hidden[episode] ?? Entry())
      let (theirs, theirHidden) = (other.entries[episode] ?? Entry(), other.hidden[episode] ?? Entry())
      let adds = Self.mergeHiding(
        mine.adds, myHidden.adds, context, theirs.adds, theirHidden.adds, other.context, fault: fault)
      let moves = Self.mergeHiding(
        mine.moves, myHidden.moves, context, theirs.moves, theirHidden.moves, other.context, fault: nil)
      let progress = Self.mergeHiding(
        mine.progress, myHidden.progress, context, theirs.progress, theirHidden.progress, other.context, fault: nil)
      let shown = Entry(adds: adds.shown, moves: moves.shown, progress: progress.shown)
      let hiddenEntry = Entry(adds: adds.hidden, moves: moves.hidden, progress: progress.hidden)
      if !shown.isEmpty { result.entries[episode] = shown }
      if !hiddenEntry.isEmpty { result.hidden[episode] = hiddenEntry }
    }
  }

  /// The observed-remove merge of two states' dots, each state's split between shown and hidden (a state holds
  /// a dot in one of them at most): a dot stays when both hold it or one holds it and the other has not seen
  /// it, and is hidden when a state holding it holds it hidden.
  static func mergeHiding<Value>(
    _ mine: [Dot: Value], _ myHidden: [Dot: Value], _ myContext: VersionVector, _ theirs: [Dot: Value],
    _ theirHidden: [Dot: Value], _ theirContext: VersionVector, fault: MergeFault?
  ) -> (shown: [Dot: Value], hidden: [Dot: Value]) {
    var shown: [Dot: Value] = [:]
    var hidden: [Dot: Value] = [:]
    for (dot, value) in myHidden where theirs[dot] != nil || theirHidden[dot] != nil || !theirContext.contains(dot) {
      hidden[dot] = value
    }
    for (dot, value) in theirHidden where myHidden[dot] == nil && (mine[dot] != nil || !myContext.contains(dot)) {
      hidden[dot] = value
    }
    for (dot, value) in mine where theirHidden[dot] == nil && (theirs[dot] != nil || !theirContext.contains(dot)) {
      shown[dot] = value
    }
    if fault == nil {
      for (dot, value) in theirs where mine[dot] == nil && myHidden[dot] == nil && !myContext.contains(dot) {
        shown[dot] = value
      }
    }
    return (shown, hidden)
  }

  /// ``compact()`` for a queue with hidden entries: an episode's shown and hidden entries count as one, so that
  /// a move made on another device while the queue was deleted (kept in `entries` without adds) stays while
  /// the hidden adds it places do, and only the move deciding the place and the latest playback position stay
  /// across both.
  ///
  /// - Complexity: O(*n*) in the shown and hidden entries.
  mutating func compactWithHidden() {
    var episodes = Set(entries.keys)
    episodes.formUnion(hidden.keys)
    for episode in episodes {
      var shown = entries[episode] ?? Entry()
      var concealed = hidden[episode] ?? Entry()
      if shown.adds.isEmpty && concealed.adds.isEmpty {
        entries[episode] = nil
        hidden[episode] = nil
        continue
      }
      var both = Entry()
      both.moves = shown.moves.merging(concealed.moves) { kept, _ in kept }
      if let placing = both.placingMove, let dot = both.moves.first(where: { $0.value == placing })?.key {
        shown.moves = shown.moves.filter { $0.key == dot }
        concealed.moves = concealed.moves.filter { $0.key == dot }
      }
      let progress = shown.progress.merging(concealed.progress) { kept, _ in kept }
      if let latest = progress.max(by: { $0.value.stamp < $1.value.stamp })?.key {
        shown.progress = shown.progress.filter { $0.key == latest }
        concealed.progress = concealed.progress.filter { $0.key == latest }
      }
      entries[episode] = shown.isEmpty ? nil : shown
      hidden[episode] = concealed.isEmpty ? nil : concealed
    }
  }
}
