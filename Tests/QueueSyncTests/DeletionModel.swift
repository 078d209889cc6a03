/// An independent model of what a queue holds under adds, removes, clears, moves, finishes, deletes and
/// restores on several devices: every operation with its causal past (the operations its device had seen), and
/// the rules of intent read from them, with no dots, contexts or merges.
///
/// - An episode's add (or a restore's re-add) is shown unless an operation that saw it removed it (a remove or
///   re-add of the episode, a clear, a restore, a finish of the episode where the queue held it), a delete that
///   saw it hides it, or a finish of the episode it had not seen hides it.
/// - What a delete hid stays restorable until an operation that saw it hidden drops it: a restore, another
///   delete (a restore undoes the latest one), or an edit of the queue shown again (kept by another device's add).
/// - The queue is shown while it has a creation (the first, each add's, a restore's) that no later add or delete
///   saw, or a shown episode.
///
/// Up to 63 operations (each past is a bit set).
struct DeletionModel {
  enum Kind: Equatable {
    case creation, add(String), remove(String), clear, move, finish(String), delete, restore([String])
  }

  struct Operation {
    var kind: Kind
    /// The operations its device had seen, as bits.
    var past: UInt64
    /// It removes every episode's adds it saw (a clear, a restore).
    var removesAll = false
    /// It removes the adds of this episode it saw shown (a remove, a re-add, a finish where the queue held it).
    var removesEpisode: String?
    /// It drops what the deletes it saw hid (an edit of a shown queue, a delete, a restore).
    var dropsHidden = false
    /// It ends the creations it saw (an add renews the creation, a delete hides it).
    var endsCreations = false
  }

  private(set) var operations: [Operation] = [Operation(kind: .creation, past: 0)]
  /// What each device has seen, as bits.
  private(set) var seen: [UInt64]

  init(devices: Int) { seen = Array(repeating: 1, count: devices) }

  /// Records an operation of `device`; a restore's episodes are the model's own (what `device` sees restorable).
  mutating func record(_ kind: Kind, by device: Int) {
    precondition(operations.count < 64, "the model holds 63 operations")
    let past = seen[device]
    var operation = Operation(kind: kind, past: past)
    switch kind {
    case .creation: break
    case .add(let episode):
      operation.removesEpisode = episode
      operation.dropsHidden = true
      operation.endsCreations = true
    case .remove(let episode):
      operation.removesEpisode = episode
      operation.dropsHidden = true
    case .clear:
      operation.removesAll = true
      operation.dropsHidden = true
    case .move: operation.dropsHidden = true
    case .finish(let episode):
      // A finish edits the queue only where it held the episode (shown or hidden by an earlier finish).
      let held = events(in: past).contains {
        $0.episode == episode && !isRemoved($0, in: past) && !isHidden($0.operation, in: past)
      }
      if held {
        operation.removesEpisode = episode
        operation.dropsHidden = hasLiveCreation(in: past)
      }
    case .delete:
      operation.dropsHidden = true
      operation.endsCreations = true
    case .restore:
      operation.kind = .restore(restorable(in: past)?.sorted() ?? [])
      operation.removesAll = true
      operation.dropsHidden = true
    }
    seen[device] |= 1 << UInt64(operations.count)
    operations.append(operation)
  }

  /// `device` merges what `other` has seen.
  mutating func sync(_ device: Int, from other: Int) { seen[device] |= seen[other] }

  /// An add of an episode: an add operation, or one of a restore's re-adds.
  struct Event {
    var operation: Int
    var episode: String
  }

  func events(in view: UInt64) -> [Event] {
    var events: [Event] = []
    for index in operations.indices where view & (1 << UInt64(index)) != 0 {
      switch operations[index].kind {
      case .add(let episode): events.append(Event(operation: index, episode: episode))
      case .restore(let episodes): events += episodes.map { Event(operation: index, episode: $0) }
      default: break
      }
    }
    return events
  }

  private func indices(in view: UInt64) -> [Int] {
    operations.indices.filter { view & (1 << UInt64($0)) != 0 }
  }

  private func saw(_ later: Int, _ earlier: Int) -> Bool {
    later != earlier && operations[later].past & (1 << UInt64(earlier)) != 0
  }

  /// Whether a delete in `view` saw operation `index`.
  func isHidden(_ index: Int, in view: UInt64) -> Bool {
    indices(in: view).contains { operations[$0].kind == .delete && saw($0, index) }
  }

  func isRemoved(_ event: Event, in view: UInt64) -> Bool {
    indices(in: view).contains { index in
      let operation = operations[index]
      guard saw(index, event.operation) else { return false }
      let hiddenThen = isHidden(event.operation, in: operation.past)
      return operation.removesAll || (operation.dropsHidden && hiddenThen)
        || (operation.removesEpisode == event.episode && !hiddenThen)
    }
  }

  func isFinished(_ event: Event, in view: UInt64) -> Bool {
    indices(in: view).contains { operations[$0].kind == .finish(event.episode) && !saw(event.operation, $0) }
  }

  private func isCreation(_ index: Int) -> Bool {
    switch operations[index].kind {
    case .creation, .add, .restore: return true
    default: return false
    }
  }

  private func isEnded(_ creation: Int, in view: UInt64) -> Bool {
    indices(in: view).contains { operations[$0].endsCreations && saw($0, creation) }
  }

  func hasLiveCreation(in view: UInt64) -> Bool {
    indices(in: view).contains { isCreation($0) && !isEnded($0, in: view) }
  }

  /// The episodes shown.
  func shown(in view: UInt64) -> Set<String> {
    Set(
      events(in: view).filter {
        !isRemoved($0, in: view) && !isHidden($0.operation, in: view) && !isFinished($0, in: view)
      }
      .map(\.episode))
  }

  func isVisible(in view: UInt64) -> Bool { hasLiveCreation(in: view) || !shown(in: view).isEmpty }

  /// Whether something a delete hid is still there: a creation a delete saw alive, that no add ended and no
  /// operation that saw it hidden dropped, or an add a delete hid, not removed.
  func hasHidden(in view: UInt64) -> Bool {
    let creations = indices(in: view).filter { creation in
      isCreation(creation) && wasHidden(creation, in: view)
        && !indices(in: view).contains { index in
          guard saw(index, creation) else { return false }
          if case .add = operations[index].kind { return true }
          return operations[index].dropsHidden && wasHidden(creation, in: operations[index].past)
        }
    }
    return !creations.isEmpty
      || events(in: view).contains { isHidden($0.operation, in: view) && !isRemoved($0, in: view) }
  }

  /// Whether a delete in `view` saw `creation` alive.
  private func wasHidden(_ creation: Int, in view: UInt64) -> Bool {
    indices(in: view).contains {
      operations[$0].kind == .delete && saw($0, creation) && !isEnded(creation, in: operations[$0].past)
    }
  }

  /// The episodes a restore brings back, or `nil` when the queue is shown or nothing was hidden.
  func restorable(in view: UInt64) -> Set<String>? {
    guard !isVisible(in: view), hasHidden(in: view) else { return nil }
    return Set(
      events(in: view).filter {
        isHidden($0.operation, in: view) && !isRemoved($0, in: view) && !isFinished($0, in: view)
      }
      .map(\.episode))
  }
}
