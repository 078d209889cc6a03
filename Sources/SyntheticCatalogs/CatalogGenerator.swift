import Foundation
import SmartFill
import SmartFillSupport

/// Generates realistic synthetic catalogs, deterministically from a seed.
///
/// The shape, per subscription (all integer arithmetic on `SplitMix64`, so the same seed gives the same
/// catalog, byte for byte, on every platform):
/// - A show type: news (15 %, 5–15 min, daily), typical (58 %, 30–60 min, weekly), long (20 %, 1.5–3 h,
///   weekly), minis (7 %, under 2 min to 8 min, several a week). Durations vary by ±25 % around the show's
///   own mean, in whole seconds; 1 % of episodes have no duration (real feeds lack it).
/// - Unplayed episodes: heavy-tailed, `uniform(0 ..< 24 · 2^k)` with `k` geometric (capped at 5), so most
///   shows have a few dozen and a few have several hundred (at most 800); 5 % of shows are caught up. About
///   5,000 unplayed episodes in all at 100 subscriptions.
/// - Played history before them: up to 40 episodes, and 3 % of unplayed episodes partly played.
/// - 25 % serial shows, with seasons of 6–12 episodes, a trailer per season, 2 % repeated and 3 % missing
///   episode numbers; 5 % bonus episodes everywhere; a few trailers in episodic shows.
/// - One or two categories from a list of twelve; 40 % of shows never listened to recently, the others
///   between 10 minutes and 40 hours of recent listening.
/// - Published dates go back from 2026-11-01T06:00:00Z at the show's cadence.
public struct CatalogGenerator: Sendable {
  /// The number of subscriptions.
  public var subscriptions: Int
  /// The seed.
  public var seed: UInt64

  /// Creates a generator.
  public init(subscriptions: Int = 100, seed: UInt64) {
    self.subscriptions = subscriptions
    self.seed = seed
  }

  static let categories = [
    "News", "History", "Comedy", "Technology", "Science", "Sports", "True Crime", "Business", "Health & Fitness",
    "Society & Culture", "Arts", "Education",
  ]
  static let reference = 1_793_512_800  // 2026-11-01T06:00:00Z

  enum Kind {
    case news, typical, long, minis

    /// Mean duration range in seconds, and days between episodes.
    var profile: (meanRange: ClosedRange<Int>, cadenceDays: ClosedRange<Int>) {
      switch self {
      case .news: return (300...900, 1...1)
      case .typical: return (1800...3600, 5...9)
      case .long: return (5400...10_800, 6...14)
      case .minis: return (90...480, 1...3)
      }
    }
  }

  /// Generates the catalog.
  ///
  /// - Complexity: O(*n*) for *n* generated episodes.
  public func catalog() -> Catalog {
    var random = SplitMix64(seed: seed)
    var shows: [Show] = []
    shows.reserveCapacity(subscriptions)
    for index in 0..<subscriptions {
      // Each show from its own stream, so a catalog of N shows is a prefix of one of N + 1.
      var showRandom = SplitMix64(seed: random.next())
      shows.append(show(index, &showRandom))
    }
    return Catalog(shows: shows)
  }

  func show(_ index: Int, _ random: inout SplitMix64) -> Show {
    let roll = random.integer(in: 0...99)
    let kind: Kind = roll < 15 ? .news : roll < 73 ? .typical : roll < 93 ? .long : .minis
    let isSerial = kind != .news && random.chance(25, in: 100)
    let profile = kind.profile
    let mean = random.integer(in: profile.meanRange)
    let cadence = random.integer(in: profile.cadenceDays)

    var k = 0
    while k < 5, random.chance(1, in: 2) { k += 1 }
    var unplayed = random.chance(5, in: 100) ? 0 : min(800, random.integer(in: 0...(24 << k) - 1))
    let played = random.integer(in: 0...40)
    if isSerial, unplayed == 0, played == 0 { unplayed = 1 }
    let total = unplayed + played

    var categories = [random.element(of: Self.categories)]
    if random.chance(1, in: 3) {
      let second = random.element(of: Self.categories)
      if second != categories[0] { categories.append(second) }
    }
    let listening = random.chance(40, in: 100) ? 0 : random.integer(in: 600...144_000)
    let slug = String(index, radix: 10)
    let feedURL = "https://feeds.example.com/show-\(String(repeating: "0", count: max(0, 5 - slug.count)) + slug).xml"

    var episodes: [Episode] = []
    episodes.reserveCapacity(total + total / 8)
    var season = 1
    var number = 1
    var seasonLength = random.integer(in: 6...12)
    var needsTrailer = isSerial
    // Oldest first: `position` 0 is the oldest episode.
    for position in 0..<total {
      let published = Date(
        timeIntervalSince1970: Double(
          Self.reference - (total - position) * cadence * 86_400 + random.integer(in: 0...7200)))
      if needsTrailer {
        needsTrailer = false
        episodes.append(
          Episode(
            guid: "s\(index)-trailer\(season)", title: "Season \(season) trailer",
            published: published.addingTimeInterval(-3600), durationSeconds: random.integer(in: 60...180),
            season: season, episode: nil, kind: .trailer, isPlayed: position < played))
      }
      var duration: Int? = max(30, mean + random.integer(in: -(mean / 4)...(mean / 4)))
      if random.chance(1, in: 100) { duration = nil }
      let isBonus = random.chance(5, in: 100)
      let isPlayed = position < played
      var progress = 0
      if !isPlayed, let duration, random.chance(3, in: 100) { progress = random.integer(in: 1...(duration - 1)) }
      var episodeNumber: Int? = isSerial || random.chance(1, in: 2) ? number : nil
      if random.chance(3, in: 100) { episodeNumber = nil }
      if random.chance(2, in: 100), number > 1 { episodeNumber = number - 1 }  // repeated number
      episodes.append(
        Episode(
          guid: "s\(index)-e\(position)", title: isBonus ? "Bonus \(position)" : "Episode \(position)",
          published: published, durationSeconds: duration, season: isSerial ? season : nil,
          episode: isBonus ? nil : episodeNumber, kind: isBonus ? .bonus : .full, playedSeconds: progress,
          isPlayed: isPlayed))
      if !isSerial, random.chance(1, in: 200) {
        episodes.append(
          Episode(
            guid: "s\(index)-t\(position)", title: "Trailer", published: published, durationSeconds: 120,
            kind: .trailer, isPlayed: false))
      }
      if !isBonus { number += 1 }
      if isSerial, number > seasonLength {
        season += 1
        number = 1
        seasonLength = random.integer(in: 6...12)
        needsTrailer = true
      }
    }
    // Feeds list the newest first.
    episodes.reverse()
    return Show(
      feedURL: feedURL, title: "Show \(index) (\(kind))", ordering: isSerial ? .serial : .episodic,
      categories: categories, recentListeningSeconds: listening, episodes: episodes)
  }
}
