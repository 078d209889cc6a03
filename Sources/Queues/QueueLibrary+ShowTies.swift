import Foundation
import SmartFill

// Tying shows to queues: a show is tied to at most one queue of the library (deleted queues keep their ties
// apart until restored), never to Up Next. Tying a show that another queue ties moves it.

extension QueueLibrary {
  /// A queue as a message names it: its identifier, and its name when the change was made.
  public struct QueueLabel: Sendable, Hashable, CustomStringConvertible {
    /// The queue's identifier.
    public var id: QueueID
    /// Its name.
    public var name: String

    /// Creates a label.
    public init(id: QueueID, name: String) {
      self.id = id
      self.name = name
    }

    /// The label of `queue`.
    public init(_ queue: Queue) { self.init(id: queue.id, name: queue.name) }

    /// The name.
    public var description: String { name }
  }

  /// What tying or untying a show did, for an app to act on; its description is the sentence for the
  /// listener.
  public enum TieChange: Sendable, Hashable, CustomStringConvertible {
    /// The show was tied to no queue and now is.
    case tied(ShowTie, to: QueueLabel)
    /// The show was tied to another queue (with `previous`) and is now tied to this one.
    case moved(ShowTie, from: QueueLabel, to: QueueLabel, previous: ShowTie)
    /// The show stays tied to its queue, with other options (`previous` were the old ones).
    case changed(ShowTie, in: QueueLabel, previous: ShowTie)
    /// The show was tied to the queue already, with these options; nothing changed.
    case unchanged(ShowTie, in: QueueLabel)
    /// The show is no longer tied to the queue.
    case untied(ShowTie, from: QueueLabel)

    /// The tie made, kept, or (for ``untied(_:from:)``) removed.
    public var tie: ShowTie {
      switch self {
      case .tied(let tie, _), .moved(let tie, _, _, _), .changed(let tie, _, _), .unchanged(let tie, _),
        .untied(let tie, _):
        return tie
      }
    }

    /// The queue the show is tied to now (for ``untied(_:from:)``, the one it was tied to).
    public var queue: QueueLabel {
      switch self {
      case .tied(_, let queue), .moved(_, _, let queue, _), .changed(_, let queue, _), .unchanged(_, let queue),
        .untied(_, let queue):
        return queue
      }
    }

    /// Whether the library changed.
    public var isChange: Bool {
      if case .unchanged = self { return false }
      return true
    }

    /// "New episodes of “The Daily” go to 🚗 Commute (next).", "… go to 🚗 Commute (last), no longer to
    /// 🏋️ Workout.", "“The Daily” is no longer tied to 🚗 Commute."
    public var description: String {
      func show(_ tie: ShowTie) -> String { "\u{201C}\(tie.displayTitle)\u{201D}" }
      switch self {
      case .tied(let tie, let queue):
        return "New episodes of \(show(tie)) go to \(queue.name) (\(tie.optionsText))."
      case .moved(let tie, let from, let to, _):
        return "New episodes of \(show(tie)) go to \(to.name) (\(tie.optionsText)), no longer to \(from.name)."
      case .changed(let tie, let queue, let previous):
        return "New episodes of \(show(tie)) go to \(queue.name) (\(tie.optionsText); before: \(previous.optionsText))."
      case .unchanged(let tie, let queue):
        return "New episodes of \(show(tie)) already go to \(queue.name) (\(tie.optionsText))."
      case .untied(let tie, let queue):
        return "\(show(tie)) is no longer tied to \(queue.name)."
      }
    }
  }

  /// The queue that ties the show at `feedURL` (deleted queues do not count), with the tie; `nil` when none
  /// does.
  ///
  /// - Complexity: O(*q* · *t*) in the queues and their ties.
  public func tie(of feedURL: String) -> (tie: ShowTie, queue: Queue)? {
    for queue in queues {
      if let tie = queue.tie(of: feedURL) { return (tie, queue) }
    }
    return nil
  }

  /// The queue that ties each show, by feed URL (deleted queues do not count).
  ///
  /// - Complexity: O(*q* + *t*) in the queues and their ties.
  public var tiedQueueIDs: [String: QueueID] {
    var result: [String: QueueID] = [:]
    for queue in queues {
      for tie in queue.showTies { result[tie.feedURL] = queue.id }
    }
    return result
  }

  /// Ties a show to queue `id` with `tie`'s options and date as given: a show tied to another queue moves
  /// (its tie there goes), one tied to this queue takes the new options in its place.
  ///
  /// - Returns: What changed, with the sentence to show.
  /// - Throws: ``QueueError/tieToUpNext(feedURL:)``, ``QueueError/tieToDeletedQueue(feedURL:queueName:)``,
  ///   ``QueueError/unknownQueue(_:)``, ``QueueError/invalidShowTie(field:value:reason:)`` or
  ///   ``QueueError/tooManyShowTies(limit:queueName:)``; the library is unchanged when it throws.
  /// - Complexity: O(*q* · *t*) in the queues and their ties.
  @discardableResult
  public mutating func tie(_ tie: ShowTie, to id: QueueID, now: Date = Date()) throws(QueueError) -> TieChange {
    try tie.validate()
    if id == .upNext { throw .tieToUpNext(feedURL: tie.feedURL) }
    if self[id] == nil, let deleted = deletedQueues.last(where: { $0.queue.id == id }) {
      throw .tieToDeletedQueue(feedURL: tie.feedURL, queueName: deleted.queue.name)
    }
    let target = try queue(id)
    let previous = self.tie(of: tie.feedURL)
    if let previous, previous.queue.id == id {
      guard previous.tie != tie else { return .unchanged(tie, in: QueueLabel(target)) }
      modify(existing: id, now: now) { queue in
        queue.showTies[queue.showTies.firstIndex { $0.feedURL == tie.feedURL }!] = tie
      }
      return .changed(tie, in: QueueLabel(target), previous: previous.tie)
    }
    guard target.showTies.count < ShowTie.maximumPerQueue else {
      throw .tooManyShowTies(limit: ShowTie.maximumPerQueue, queueName: target.name)
    }
    if let previous {
      modify(existing: previous.queue.id, now: now) { queue in queue.showTies.removeAll { $0.feedURL == tie.feedURL } }
    }
    modify(existing: id, now: now) { queue in queue.showTies.append(tie) }
    guard let previous else { return .tied(tie, to: QueueLabel(target)) }
    return .moved(tie, from: QueueLabel(previous.queue), to: QueueLabel(target), previous: previous.tie)
  }

  /// Ties the show at `feedURL` to queue `id`, as ``tie(_:to:now:)`` does: options left `nil` keep those of the
  /// show's tie (in any queue), else the defaults (last; every new episode counts). A new tie, or one moved to
  /// another queue, is dated `now`; one that stays in its queue keeps its date, and its title unless
  /// `showTitle` is given.
  ///
  /// ```swift
  /// let change = try library.tieShow("https://feeds.example/daily.xml", titled: "The Daily", to: .commute,
  ///                                  placement: .next)
  /// print(change)  // New episodes of “The Daily” go to 🚗 Commute (next).
  /// ```
  ///
  /// - Throws: The errors of ``tie(_:to:now:)``.
  @discardableResult
  public mutating func tieShow(
    _ feedURL: String, titled showTitle: String = "", to id: QueueID, placement: ShowTie.Placement? = nil,
    onlyNewEpisodes: Bool? = nil, now: Date = Date()
  ) throws(QueueError) -> TieChange {
    let previous = self.tie(of: feedURL)
    var tie = previous?.tie ?? ShowTie(feedURL: feedURL, tiedAt: now)
    if previous?.queue.id != id { tie.tiedAt = now.wholeSeconds }
    if !showTitle.isEmpty { tie.showTitle = showTitle }
    if let placement { tie.placement = placement }
    if let onlyNewEpisodes { tie.onlyNewEpisodes = onlyNewEpisodes }
    return try self.tie(tie, to: id, now: now)
  }

  /// Unties the show at `feedURL` from its queue: its new episodes go where an untied show's go (nowhere, or
  /// Up Next when ``untiedShowsGoToUpNext`` is on).
  ///
  /// - Returns: ``TieChange/untied(_:from:)``, with the tie removed.
  /// - Throws: ``QueueError/showNotTied(feedURL:)`` when no queue ties it (deleted queues do not count).
  @discardableResult
  public mutating func untieShow(_ feedURL: String, now: Date = Date()) throws(QueueError) -> TieChange {
    guard let (tie, queue) = tie(of: feedURL) else { throw .showNotTied(feedURL: feedURL) }
    modify(existing: queue.id, now: now) { queue in queue.showTies.removeAll { $0.feedURL == feedURL } }
    return .untied(tie, from: QueueLabel(queue))
  }
}
