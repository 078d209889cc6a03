// libFuzzer target: the catalog JSON reader. Built and run by Scripts/fuzz.sh, not by CI.
import Foundation
import SmartFill

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let problems = Catalog.problems(inJSON: bytes)
  do {
    let catalog = try Catalog(json: bytes)
    precondition(problems.isEmpty, "accepted, yet problems were listed: \(problems)")
    // Writing and reading again gives the same catalog.
    let again = try Catalog(json: catalog.jsonData())
    precondition(again == catalog, "the catalog does not survive a round trip")
  } catch {
    precondition(problems.first == error, "the first problem listed is not the one thrown")
  }
  return 0
}
