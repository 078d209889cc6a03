import Foundation
import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// The scanner reading a text a chunk at a time (as it reads a file) must read exactly what it reads from the
/// whole text in memory: the same catalog, or the same refusal, whatever the chunks and the window, so that a
/// token cut by a chunk's end (a key, a number, a literal, an escape, a UTF-8 sequence) reads as one.
@Suite("Catalog scanner, a chunk at a time")
struct CatalogScannerChunkTests {
  /// What the scanner reads from `bytes` delivered in chunks of sizes drawn from `chunks` (by `seed`) through a
  /// window of `window` bytes.
  static func chunked(_ bytes: [UInt8], chunks: ClosedRange<Int>, window: Int, seed: UInt64) -> Catalog? {
    var random = SplitMix64(seed: seed)
    var offset = 0
    return CatalogScanner.catalog(
      reading: { buffer in
        let count = min(buffer.count, bytes.count - offset, random.integer(in: chunks))
        bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
        offset += count
        return count
      }, windowBytes: window)
  }

  /// Chunk sizes and windows from one byte up: every token is cut somewhere.
  static func shape(_ seed: UInt64) -> (chunks: ClosedRange<Int>, window: Int) {
    var random = SplitMix64(seed: seed ^ 0xC4_0C5)
    let largest = random.element(of: [1, 2, 3, 7, 16, 64])
    return (1...largest, random.element(of: [1, 2, 5, 31, 64, 4096]))
  }

  @Test("reads each checked-in dataset as from memory, in chunks of 1 to 64 bytes", arguments: GeneratedDataset.all)
  func dataset(_ dataset: GeneratedDataset) throws {
    let bytes = try [UInt8](
      Data(contentsOf: CatalogScannerTests.datasets.appendingPathComponent(dataset.fileName)))
    let expected = CatalogGenerator(subscriptions: dataset.subscriptions, seed: dataset.seed).catalog()
    for (chunks, window) in [(1...1, 1), (1...7, 64), (64...64, 64), (1...4096, 4096)] {
      let read = Self.chunked(bytes, chunks: chunks, window: window, seed: 1)
      #expect(read == expected, "\(dataset.fileName), chunks \(chunks), window \(window)")
    }
  }

  @Test("reads valid catalogs in any form as from memory, whatever the chunks (3,000 seeded catalogs)")
  func variedForms() {
    for var trial in SeededCases(seed: 0xC4_0F0E, count: 3_000) {
      let catalog = CatalogScannerTests.awkwardCatalog(&trial.random)
      var writer = CatalogScannerTests.VariedWriter(random: SplitMix64(seed: trial.seed ^ 0x5EED))
      writer.write(catalog)
      let bytes = Array(writer.text.utf8)
      let (chunks, window) = Self.shape(trial.seed)
      let read = Self.chunked(bytes, chunks: chunks, window: window, seed: trial.seed)
      #expect(read == catalog, "\(trial): chunks \(chunks), window \(window)")
    }
  }

  @Test("refuses exactly what it refuses from memory (6,000 seeded mutations, chunks of 1 to 64 bytes)")
  func mutations() {
    let cases = SeededCases(seed: 0xC4_0B17, count: 6_000)
    var refused = 0
    for var trial in cases {
      var bytes = CatalogScannerTests.seededCatalog(&trial.random).jsonBytes()
      CatalogScannerTests.mutateOnceOrMore(&bytes, &trial.random)
      let whole = CatalogScanner.catalog(in: bytes)
      let (chunks, window) = Self.shape(trial.seed)
      let read = Self.chunked(bytes, chunks: chunks, window: window, seed: trial.seed)
      #expect(read == whole, "\(trial): chunks \(chunks), window \(window)")
      if whole == nil { refused += 1 }
    }
    #expect(cases.meets(refused, atLeast: 3_000, ofFull: 6_000), "\(refused) refused: the mutations check little")
  }

  @Test("reads generated catalogs of 1 to 300 subscriptions as written, in chunks of 1 to 64 bytes")
  func generated() {
    for (subscriptions, seed) in [(1, 11), (3, 12), (50, 13), (300, 14)] as [(Int, UInt64)] {
      let catalog = CatalogGenerator(subscriptions: subscriptions, seed: seed).catalog()
      let (chunks, window) = Self.shape(seed)
      let read = Self.chunked(catalog.jsonBytes(), chunks: chunks, window: window, seed: seed)
      #expect(read == catalog, "\(subscriptions) subscriptions, seed \(seed), chunks \(chunks), window \(window)")
    }
  }

  @Test("checks UTF-8 across chunk ends: a sequence cut anywhere reads, an ill-formed one is refused")
  func utf8AcrossChunks() {
    let prefix = #"{"version": 1, "shows": [{"feedURL": "u", "title": ""#
    let suffix = #"", "episodes": []}]}"#
    let valid: [[UInt8]] = ["é", "日本語", "🎧", "e\u{301}", "\u{10FFFF}"].map { Array($0.utf8) }
    // Cut short, a surrogate, overlong, past U+10FFFF, a lone continuation byte, a byte never in UTF-8.
    let invalid: [[UInt8]] = [
      [0xC3], [0xE6, 0x97], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF],
    ]
    for (title, isValid) in valid.map({ ($0, true) }) + invalid.map({ ($0, false) }) {
      // The title first, in the middle and last of the string, so that it ends each chunk somewhere.
      for placed in [title, Array("ab".utf8) + title, title + Array("cd".utf8)] {
        let bytes = Array(prefix.utf8) + placed + Array(suffix.utf8)
        #expect((CatalogScanner.catalog(in: bytes) != nil) == isValid, "\(placed) from memory")
        for size in 1...8 {
          for window in [1, 3, 64] {
            let read = Self.chunked(bytes, chunks: size...size, window: window, seed: 0)
            #expect((read != nil) == isValid, "\(placed), chunks of \(size), window \(window)")
          }
        }
      }
    }
  }

  @Test("gives up when the source fails, wherever it does")
  func failingSource() {
    let bytes = CatalogGenerator(subscriptions: 3, seed: 5).catalog().jsonBytes()
    for failAt in [0, 1, 100, bytes.count / 2, bytes.count - 1] {
      var offset = 0
      let read = CatalogScanner.catalog(
        reading: { buffer throws(CatalogScanner.Unexpected) in
          guard offset < failAt else { throw CatalogScanner.Unexpected() }
          let count = min(buffer.count, failAt - offset, 10)
          bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
          offset += count
          return count
        }, windowBytes: 16)
      #expect(read == nil, "failing after \(failAt) of \(bytes.count) bytes")
    }
  }
}
