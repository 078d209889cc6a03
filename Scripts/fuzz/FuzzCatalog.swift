// libFuzzer target: the catalog JSON reader. Built and run by Scripts/fuzz.sh, not by CI.
import Foundation
import SmartFill

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let problems = Catalog.problems(inJSON: bytes)
  // The single-pass scanner reads valid catalogs; it must agree with the generic reader on every input.
  let generic = Catalog.readGenerically(json: bytes)
  precondition(problems == generic.problems, "the readers disagree: \(problems) against \(generic.problems)")
  do {
    let catalog = try Catalog(json: bytes)
    precondition(problems.isEmpty, "accepted, yet problems were listed: \(problems)")
    precondition(catalog == generic.catalog, "the scanner read other values than the generic reader")
    // Writing and reading again gives the same shows and episodes, and the written text is a fixed point.
    // (Not the same values: a `published` with more than three fraction digits is written to the
    // millisecond; found by this target, crash-d66eef14…, and reported to the engine's owner.)
    let again = try Catalog(json: catalog.jsonData())
    precondition(again.jsonText() == catalog.jsonText(), "the written catalog is not a fixed point")
    precondition(
      again.shows.map { $0.episodes.map(\.guid) } == catalog.shows.map { $0.episodes.map(\.guid) },
      "episodes changed in a round trip")
  } catch {
    precondition(problems.first == error, "the first problem listed is not the one thrown")
  }
  return 0
}
