// libFuzzer target: the feed reader (RSS and Atom: repairs, XML parsing, items, durations, dates, GUIDs).
// Built and run by Scripts/fuzz.sh, not by CI.
import Feeds
import Foundation
import SmartFill

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRSS(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let feed: PodcastFeed
  do {
    feed = try PodcastFeed(rss: bytes, file: "fuzz.xml", feedURL: "https://fuzz/feed")
  } catch {
    // The parser's gate never refuses what the encoding check and the repairs let through.
    precondition(!error.isParserSafetyRefusal, "\(error)")
    return 0
  }
  // What the reader returns must be a valid catalog: unique GUIDs, positive durations, sane numbers.
  precondition(feed.show.episodes.count <= feed.itemCount, "more episodes than items")
  precondition(Set(feed.show.episodes.map(\.guid)).count == feed.show.episodes.count, "repeated GUID")
  precondition(feed.movedTo == nil || feed.show.episodes.isEmpty, "a moved feed with episodes")
  let text = Catalog(shows: [feed.show]).jsonData()
  let problems = Catalog.problems(inJSON: text)
  precondition(problems.isEmpty, "imported show is not a valid catalog: \(problems)")
  // Reading the same show again as a newer snapshot keeps every episode.
  let refreshed = feed.show.refreshed(with: feed.show)
  precondition(refreshed == feed.show, "refreshing with the same snapshot changed the show")
  return 0
}
