import Testing

@testable import SmartFill

@Suite("Copy bundles")
struct CopyBundlesTests {
  @Test("the bundles of k copies add up to k, every count from 0 to k is a sum of some of them, about log₂ k of them")
  func everyCountIsReached() {
    for copies in 0...300 {
      let bundles = Array(CopyBundles(copies: copies))
      #expect(bundles.reduce(0, +) == copies, "\(copies) copies: \(bundles)")
      #expect(bundles.count == (copies == 0 ? 0 : Int.bitWidth - copies.leadingZeroBitCount), "\(copies) copies")
      // The counts a subset of the bundles reaches, as a set of sums.
      var sums: Set<Int> = [0]
      for bundle in bundles { sums.formUnion(sums.map { $0 + bundle }) }
      #expect(sums == Set(0...copies), "\(copies) copies: \(bundles)")
    }
  }
}
