import Foundation
import SmartFill
import SmartFillTestSupport

/// 2024-01-01T00:00:00Z plus `days`.
func day(_ days: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(days) * 86_400) }

/// A small catalog whose fills have one right answer: for 45 minutes ± 3, only "Long" (45:00) fits, since
/// "Short" (10:00) is too short alone and too long with "Long"; "Unknown" has no duration.
let smallCatalog = Catalog(shows: [
  Show(
    feedURL: "https://a.example/feed", title: "Alpha Show",
    episodes: [
      Episode(guid: "a-long", title: "Long", published: day(1), durationSeconds: 2700, season: 2, episode: 7),
      Episode(guid: "a-short", title: "Short", published: day(2), durationSeconds: 600),
      Episode(guid: "a-unknown", title: "Unknown", published: day(0), durationSeconds: nil),
    ])
])

let usageFooter = "  See 'smartfill --help' for more information.\n"
