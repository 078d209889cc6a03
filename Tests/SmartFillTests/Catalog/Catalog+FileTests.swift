import Foundation
import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// `Catalog(contentsOfFile:)`: a file read a chunk at a time gives the catalog, or the file's problem, or the
/// text's first problem exactly as `Catalog(json:)` gives it for the same bytes.
@Suite("Catalog files")
struct CatalogFileTests {
  /// What `Catalog(json:)` makes of `bytes`, as a file read would report it.
  static func fromMemory(_ bytes: [UInt8]) -> Result<Catalog, Catalog.FileReadError> {
    do {
      return .success(try Catalog(json: bytes))
    } catch {
      return .failure(.catalog(error))
    }
  }

  static func fromFile(_ path: String, maximumBytes: Int = 1 << 30, chunkBytes: Int) -> Result<
    Catalog, Catalog.FileReadError
  > {
    Result { () throws(Catalog.FileReadError) in
      try Catalog(contentsOfFile: path, maximumBytes: maximumBytes, chunkBytes: chunkBytes)
    }
  }

  @Test("reads a valid file, and gives the first problem of an invalid one as from memory (600 seeded files)")
  func sameAsFromMemory() throws {
    let folder = try TemporaryDirectory(prefix: "catalog-file-tests")
    defer { folder.cleanUp() }
    let cases = SeededCases(seed: 0xF11E, count: 600)
    var valid = 0
    for var trial in cases {
      var bytes = CatalogScannerTests.seededCatalog(&trial.random).jsonBytes()
      if trial.random.chance(3, in: 4) { CatalogScannerTests.mutateOnceOrMore(&bytes, &trial.random) }
      let path = try folder.write("catalog-\(trial.index).json", Data(bytes))
      let expected = Self.fromMemory(bytes)
      if case .success = expected { valid += 1 }
      let chunk = trial.random.element(of: [1, 2, 7, 64, 1 << 18])
      #expect(Self.fromFile(path, chunkBytes: chunk) == expected, "\(trial): chunks of \(chunk)")
    }
    #expect(
      cases.meets(valid, atLeast: 150, ofFull: 600) && cases.meets(valid, atMost: 450, ofFull: 600),
      "\(valid) of \(cases.count) valid: the cases check little")
  }

  @Test("reads the checked-in datasets as the generator made them", arguments: GeneratedDataset.all)
  func dataset(_ dataset: GeneratedDataset) {
    let path = CatalogScannerTests.datasets.appendingPathComponent(dataset.fileName).path
    let expected = CatalogGenerator(subscriptions: dataset.subscriptions, seed: dataset.seed).catalog()
    for chunk in [61, Catalog.fileChunkBytes] {
      #expect(Self.fromFile(path, chunkBytes: chunk) == .success(expected), "\(dataset.fileName), chunks of \(chunk)")
    }
  }

  @Test("a missing file, a FIFO, a directory and a file over the bound are file errors")
  func fileProblems() throws {
    let folder = try TemporaryDirectory(prefix: "catalog-file-tests")
    defer { folder.cleanUp() }
    let missing = folder.file("none.json")
    #expect(Self.fromFile(missing, chunkBytes: 64) == .failure(.file(FileError(path: missing, problem: .missing))))
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      Self.fromFile(fifo, chunkBytes: 64) == .failure(.file(FileError(path: fifo, problem: .notRegularFile(.fifo)))))
    #expect(
      Self.fromFile(folder.path, chunkBytes: 64)
        == .failure(.file(FileError(path: folder.path, problem: .notRegularFile(.directory)))))
    let bytes = CatalogGenerator(subscriptions: 2, seed: 3).catalog().jsonBytes()
    let path = try folder.write("catalog.json", Data(bytes))
    #expect(
      Self.fromFile(path, maximumBytes: bytes.count - 1, chunkBytes: 64)
        == .failure(.file(FileError(path: path, problem: .tooLarge(size: bytes.count, limit: bytes.count - 1)))))
    #expect(Self.fromFile(path, maximumBytes: bytes.count, chunkBytes: 64) == Self.fromMemory(bytes))
  }
}
