import Foundation
import SmartFill

extension QueueLibrary {
  /// Where a smart fill puts the episodes it chooses.
  public enum FillPlacement: String, Sendable, Hashable, CaseIterable {
    /// After the queue's episodes, choosing none the queue already holds: the target is the time added.
    case append
    /// Instead of the queue's episodes (undoable): the target is the queue's new length.
    case replace
  }

  /// What a smart fill did: the engine's result (its entries each with the reason they were chosen, and the
  /// message for a short or empty result) and the episodes it put in the queue.
  public struct FillOutcome: Sendable, Hashable {
    /// The engine's result, passed through.
    public var result: FillResult
    /// The episodes added, in play order.
    public var added: [EpisodeReference]
    /// For a replace, the episodes the queue had, to undo with ``QueueLibrary/undoClear(_:now:)``.
    public var replaced: ClearedEpisodes?

    /// The sentence for the listener when the result is short or empty (the engine's message), else `nil`.
    public var message: String? { result.message }
  }

  /// Fills a queue from the catalog with its ``Queue/smartFillSettings`` ("Fill my Commute queue with 45
  /// minutes").
  ///
  /// When the engine finds nothing (an empty result), the queue is left as it was, even for a replace.
  ///
  /// - Parameters:
  ///   - id: The queue to fill.
  ///   - engine: An engine over the listener's catalog.
  ///   - placement: Append to the queue (skipping what it holds) or replace its episodes.
  ///   - settings: Settings to use instead of the queue's own.
  ///   - now: The `addedAt` of the new episodes.
  /// - Throws: ``QueueError/unknownQueue(_:)``, ``QueueError/noSmartFillSettings(queueName:)``, or
  ///   ``QueueError/fill(_:queueName:)`` wrapping the engine's error; the library is unchanged when it throws.
  /// - Complexity: The engine's fill, plus O(*n*) in the catalog's episodes to describe the chosen ones.
  @discardableResult
  public mutating func fill(
    _ id: QueueID, using engine: FillEngine, placement: FillPlacement = .append, settings: SmartFillSettings? = nil,
    now: Date = Date()
  ) throws(QueueError) -> FillOutcome {
    let queue = try queue(id)
    guard let settings = settings ?? queue.smartFillSettings else { throw .noSmartFillSettings(queueName: queue.name) }
    let excluded = placement == .append ? Set(queue.episodes.map(\.id)) : []
    let result: FillResult
    do {
      result = try engine.fill(settings.request(excluding: excluded))
    } catch {
      throw .fill(error, queueName: queue.name)
    }
    let added = Self.references(for: result.entries, in: engine.catalog, addedAt: now)
    guard !added.isEmpty else { return FillOutcome(result: result, added: [], replaced: nil) }
    var updated = self
    var replaced: ClearedEpisodes?
    if placement == .replace { replaced = try updated.clear(id, now: now) }
    try updated.modify(id, now: now) { (queue) throws(QueueError) in try queue.playLast(added) }
    self = updated
    return FillOutcome(result: result, added: added, replaced: replaced)
  }

  /// References to the chosen episodes, with titles, duration and progress from the catalog.
  static func references(for entries: [FillResult.Entry], in catalog: Catalog, addedAt: Date) -> [EpisodeReference] {
    let found = catalog.episodes(withIDs: Set(entries.map(\.id))).mapValues { show, episode in
      EpisodeReference(episode, of: show, addedAt: addedAt)
    }
    return entries.map { entry in
      found[entry.id]
        ?? EpisodeReference(
          episodeGUID: entry.id.guid, feedURL: entry.id.feedURL, title: entry.title, showTitle: entry.showTitle,
          durationSeconds: entry.seconds, addedAt: addedAt)
    }
  }
}
