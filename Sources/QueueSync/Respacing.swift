/// How a queue's positions read after a respacing (`ReplicatedLibrary.rebalance(_:now:)`), which moves every
/// episode to a fresh one-level run: positions written meanwhile by a device that had not seen it still refer
/// to the paths it replaced, and are read in those terms.
///
/// Each respacing move keeps the places it replaced (`formerly`): the one just before it, then those before
/// the earlier respacings, up to ``generations``. The latest respacing among the shown entries is the one in
/// effect: a position in its run, or below it, is read as it is; any other (a move, an add or an earlier
/// respacing made without knowing it) is an old path. Its generation is the one whose places share its
/// top-level run (every place after a respacing lies in that respacing's run), else the oldest kept; it goes
/// to the new place of the entry whose former place it is, or just below the new place of the entry whose
/// former place is the last before it. So an insert made offline after an episode stays after it, and a move
/// made offline lands between the neighbours it was given.
struct Respacing {
  /// The run of the respacing in effect: its replica and counter.
  let replica: ReplicaID
  let counter: Int
  /// By generation (0 the most recent), the former places of the entries the respacing moved, in order,
  /// with their new places.
  let places: [[(former: Position, new: Position)]]

  /// The most former places a respacing move keeps.
  static let generations = 2

  /// The level that puts an old path below the new place of the episode before it: on the right, ahead of
  /// any run an edit can make there (the genesis replica sorts first and makes no episode positions).
  static let below = Position.Level(index: 1, replica: .genesis, counter: 1)
  /// The level that puts an old path before every episode, when no former place is at or before it.
  static let first = Position.Level(index: -1, replica: .genesis, counter: 1)

  /// The respacing in effect among `moves` (the shown entries' moves that decide their places), or `nil`
  /// when none is a respacing.
  ///
  /// - Complexity: O(*g* · *n* log *n*) in the number of moves and the generations kept.
  init?<Moves: Sequence>(_ moves: Moves) where Moves.Element == ReplicatedQueue.Write<Position> {
    var latest: ReplicatedQueue.Write<Position>?
    var respaced: [ReplicatedQueue.Write<Position>] = []
    for move in moves where !move.formerly.isEmpty {
      respaced.append(move)
      if latest.map({ $0.stamp < move.stamp }) ?? true { latest = move }
    }
    guard let root = latest?.value.levels.first else { return nil }
    replica = root.replica
    counter = root.counter
    var places: [[(former: Position, new: Position)]] = []
    for move in respaced where Self.sameRun(move.value, root) {
      for (generation, former) in move.formerly.enumerated() {
        if places.count <= generation { places.append([]) }
        places[generation].append((former, move.value))
      }
    }
    self.places = places.map { $0.sorted { $0.former < $1.former } }
  }

  /// The top level of the latest respacing's place among `moves`, naming its run; `nil` when none is a
  /// respacing.
  ///
  /// - Complexity: O(*n*) in the number of moves.
  static func latestRun<Moves: Sequence>(_ moves: Moves) -> Position.Level?
  where Moves.Element == ReplicatedQueue.Write<Position> {
    var latest: ReplicatedQueue.Write<Position>?
    for move in moves where !move.formerly.isEmpty {
      if latest.map({ $0.stamp < move.stamp }) ?? true { latest = move }
    }
    return latest?.value.levels.first
  }

  /// Whether `position`'s top-level run is `level`'s.
  static func sameRun(_ position: Position, _ level: Position.Level) -> Bool {
    position.levels[0].replica == level.replica && position.levels[0].counter == level.counter
  }

  /// Whether `position` was made knowing this respacing: it lies in its run or below it.
  func isCurrent(_ position: Position) -> Bool {
    position.levels[0].replica == replica && position.levels[0].counter == counter
  }

  /// The place that reads `move` in this respacing's terms.
  func place(of move: ReplicatedQueue.Write<Position>) -> Position {
    if isCurrent(move.value) { return move.value }
    return place(ofOld: move.formerly.first ?? move.value)
  }

  /// The place of `position` when it is current; otherwise of the old path it is.
  func place(of position: Position) -> Position {
    isCurrent(position) ? position : place(ofOld: position)
  }

  /// An old path's place: the new place of the entry whose former place it is; else just below the new place
  /// of the last entry whose former place is before it; else before every entry.
  ///
  /// - Complexity: O(*g* · *n* + log *n* + *d*) in the number of places, the generations kept and the path's depth.
  func place(ofOld old: Position) -> Position {
    let root = old.levels[0]
    let generation = places.firstIndex { $0.contains { Self.sameRun($0.former, root) } } ?? places.count - 1
    let table = places[generation]
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if old < table[middle].former { high = middle } else { low = middle + 1 }
    }
    guard low > 0 else { return Position([Self.first] + old.levels) }
    let anchor = table[low - 1]
    return anchor.former == old ? anchor.new : Position(anchor.new.levels + [Self.below] + old.levels)
  }
}
