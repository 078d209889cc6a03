import Foundation

// The catalog's invariants, in one place: the JSON reader checks every value it reads with these, and
// `FillEngine(catalog:)` checks a catalog built in code with the same ones, so that no value the engine
// cannot handle (a negative remaining time, a zero duration, an overflowing sum, two shows with one feed URL)
// reaches it from either side.

extension Episode {
  /// The longest duration accepted: 7 days, in seconds. Longer values are errors, so that no total of a
  /// catalog's durations can overflow.
  public static let maximumDurationSeconds = 7 * 24 * 3600
  /// The largest season or episode number accepted.
  public static let maximumNumber = 1_000_000
  /// The earliest and latest publication dates accepted: years 1 to 9999 (what ISO 8601 writes in four
  /// digits).
  public static let publishedRange =
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  /// Every problem of the episode's values, each naming `location` and the field.
  ///
  /// - Complexity: O(1).
  public func problems(at location: CatalogLocation) -> [CatalogError] {
    // The common case, checked without building anything: every value in range.
    if durationSeconds.map({ (1...Episode.maximumDurationSeconds).contains($0) }) ?? true,
      season.map({ (0...Episode.maximumNumber).contains($0) }) ?? true,
      episode.map({ (0...Episode.maximumNumber).contains($0) }) ?? true,
      playedSeconds == 0 || (playedSeconds > 0 && durationSeconds.map { playedSeconds < $0 } == true),
      Episode.publishedRange.contains(published)
    {
      return []
    }
    var problems: [CatalogError] = []
    if let durationSeconds, !(1...Episode.maximumDurationSeconds).contains(durationSeconds) {
      problems.append(
        .invalidValue(
          location.with(field: "durationSeconds"), value: String(durationSeconds),
          reason: "duration must be from 1 to \(Episode.maximumDurationSeconds) whole seconds (7 days); "
            + "leave the field out when unknown"))
    }
    for (field, number) in [("season", season), ("episode", episode)] {
      if let number, !(0...Episode.maximumNumber).contains(number) {
        problems.append(
          .invalidValue(
            location.with(field: field), value: String(number), reason: "must be from 0 to \(Episode.maximumNumber)"
          ))
      }
    }
    if playedSeconds < 0 {
      problems.append(
        .invalidValue(location.with(field: "playedSeconds"), value: String(playedSeconds), reason: "must be 0 or more"))
    } else if playedSeconds > 0 {
      if let durationSeconds, playedSeconds >= durationSeconds {
        problems.append(
          .invalidValue(
            location.with(field: "playedSeconds"), value: String(playedSeconds),
            reason: "progress must be less than the duration (\(durationSeconds) s); mark the episode played instead"
          ))
      } else if durationSeconds == nil {
        problems.append(
          .invalidValue(
            location.with(field: "playedSeconds"), value: String(playedSeconds),
            reason: "progress needs a known duration"))
      }
    }
    if !Episode.publishedRange.contains(published) || !published.timeIntervalSince1970.isFinite {
      problems.append(
        .invalidValue(
          location.with(field: "published"), value: String(published.timeIntervalSince1970),
          reason: "must be a date in the years 1 to 9999 (seconds since 1970 shown)"))
    }
    return problems
  }
}

extension Show {
  /// The most recent listening accepted, in seconds: 100 years.
  public static let maximumListeningSeconds = 100 * 365 * 86_400

  /// Every problem of the show's values and of its episodes' (two episodes with one GUID included).
  ///
  /// - Complexity: O(*n*) for *n* episodes.
  public func problems(at location: CatalogLocation) -> [CatalogError] {
    var problems = fieldProblems(at: location)
    var seen: Set<String> = []
    for (index, episode) in episodes.enumerated() {
      var episodeLocation = location
      episodeLocation.episodeIndex = index
      episodeLocation.guid = episode.guid
      problems += episode.problems(at: episodeLocation)
      if !seen.insert(episode.guid).inserted { problems.append(.duplicateGUID(episode.guid, feedURL: feedURL)) }
    }
    return problems
  }
}

extension Show {
  /// The problems of the show's own fields, without its episodes'.
  func fieldProblems(at location: CatalogLocation) -> [CatalogError] {
    guard !(0...Show.maximumListeningSeconds).contains(recentListeningSeconds) else { return [] }
    return [
      .invalidValue(
        location.with(field: "recentListeningSeconds"), value: String(recentListeningSeconds),
        reason: "must be from 0 to \(Show.maximumListeningSeconds)")
    ]
  }
}

extension Catalog {
  /// Every problem of a catalog built in code, as ``problems(inJSON:)`` lists them for a file: values out of
  /// range, two episodes of a show with one GUID, two shows with one feed URL.
  ///
  /// - Complexity: O(*n*) for *n* episodes.
  public var problems: [CatalogError] {
    var problems: [CatalogError] = []
    var firstIndexOfURL: [String: Int] = [:]
    for (index, show) in shows.enumerated() {
      problems += show.problems(at: CatalogLocation(showIndex: index, feedURL: show.feedURL))
      if let first = firstIndexOfURL[show.feedURL] {
        problems.append(.duplicateFeedURL(show.feedURL, firstIndex: first, secondIndex: index))
      } else {
        firstIndexOfURL[show.feedURL] = index
      }
    }
    return problems
  }

  /// Throws the first of ``problems``.
  public func validate() throws(CatalogError) {
    if let first = problems.first { throw first }
  }
}

extension CatalogLocation {
  /// The same place, at `field`.
  func with(field: String) -> CatalogLocation {
    var copy = self
    copy.field = field
    return copy
  }
}
