import SmartFill

/// The episodes finished on any device: for each, the finishes' dots (a grow-only set, merged by union),
/// synced with the library.
///
/// A state holds every finish of an episode by a device up to the latest one it holds (the finishes travel
/// whole, in one record), so the set is kept as the latest finish per device: a ``VersionVector`` per
/// episode, one counter for each device that finished it however often it was finished.
///
/// An episode's entry in a queue is shown only when one of its adds knew of every finish of the episode: a
/// finish hides the adds made before it on every device, including an automatic add on a device that had
/// not heard of the finish yet, while an add the listener makes after seeing the finish (to play it again)
/// shows. Whether an add knew of a finish is causal (the finish's dot was in its state), never a matter of
/// clocks.
package struct FinishedEpisodes: Sendable, Hashable {
  /// The finishes, by episode: the latest finish of each device that finished it.
  package internal(set) var marks: [EpisodeID: VersionVector] = [:]

  /// No episode finished.
  package init() {}

  /// Whether `episode` was ever finished (as far as this state knows).
  package func contains(_ episode: EpisodeID) -> Bool { marks[episode] != nil }

  /// Both states' finishes.
  ///
  /// - Complexity: O(*n* + *m*) in the two states' marks.
  package func merged(with other: FinishedEpisodes) -> FinishedEpisodes {
    var result = self
    result.marks.merge(other.marks) { $0.union($1) }
    return result
  }
}
