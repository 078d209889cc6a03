/// The engine's input: the listener's subscribed shows and their episodes.
///
/// A catalog is read from and written to JSON, version 1 (see `Catalog+JSON.swift` and the DocC article "The catalog format"), by the
/// benchmark, the command-line tool and other programs.
public struct Catalog: Sendable, Hashable {
  /// The catalog format version this package reads and writes.
  public static let formatVersion = 1

  /// The shows, each with a unique ``Show/feedURL``.
  public var shows: [Show]

  /// Creates a catalog.
  public init(shows: [Show] = []) {
    self.shows = shows
  }

  /// The number of episodes over all shows.
  public var episodeCount: Int { shows.reduce(0) { $0 + $1.episodes.count } }
}
