import Feeds
import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

/// The real feeds' catalogs (titles, GUIDs and URLs as podcasts write them: long, escaped, not ASCII) written to a
/// file and read back a chunk at a time, as `smartfill` reads a catalog.
@Suite("Real feeds' catalogs read from files")
struct RealFeedsCatalogFileTests {
  @Test("every real feed's show, written as a catalog, reads back from its file in chunks of 1 byte to 256 KiB")
  func everyFeed() throws {
    guard SharedFeeds.directory != nil else {
      print(SharedFeeds.skipMessage)
      return
    }
    let folder = try TemporaryDirectory(prefix: "real-feeds-catalog")
    defer { folder.cleanUp() }
    var shows: [Show] = []
    for file in SharedFeeds.rssFiles {
      let feed = try PodcastFeed(rss: try Data(contentsOf: URL(fileURLWithPath: file)), file: file)
      // Snapshots of one feed share its URL; one show per URL, as a catalog allows.
      guard !shows.contains(where: { $0.feedURL == feed.show.feedURL }) else { continue }
      shows.append(feed.show)
    }
    #expect(shows.count >= 40, "\(shows.count) shows")
    // Each show alone, then all of them in one catalog.
    for (index, catalog) in (shows.map { Catalog(shows: [$0]) } + [Catalog(shows: shows)]).enumerated() {
      let bytes = catalog.jsonBytes()
      let path = try folder.write("catalog-\(index).json", Data(bytes))
      #expect(try Catalog(json: bytes) == catalog, "catalog \(index) from memory")
      // A byte at a time is slow: every small catalog in the long run, one in ten in the quick one.
      let byteByByte = bytes.count < 400_000 && (TestScale.isLong || index.isMultiple(of: TestScale.quickDivisor))
      for chunk in [1, 13, 4096, Catalog.fileChunkBytes] where chunk > 1 || byteByByte {
        let read = Result { () throws(Catalog.FileReadError) in
          try Catalog(contentsOfFile: path, maximumBytes: 1 << 30, chunkBytes: chunk)
        }
        #expect(read == .success(catalog), "catalog \(index) (\(bytes.count) bytes), chunks of \(chunk)")
      }
    }
  }
}
