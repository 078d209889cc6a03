import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("The randomized tests' scale")
struct TestScaleTests {
  @Test("the quick run takes a tenth of a full count, at least the minimum, never more than the full count")
  func quickCounts() {
    guard !TestScale.isLong else {
      #expect(TestScale.count(3000) == 3000)
      return
    }
    #expect(TestScale.count(3000) == 300)
    #expect(TestScale.count(12) == 3)
    #expect(TestScale.count(2) == 2)
    #expect(TestScale.count(40, minimum: 20) == 20)
    #expect(TestScale.seeds(120) == (0..<12).map(UInt64.init))
  }

  @Test("each case has its own seed, the same in every run, and its generator starts from it")
  func caseSeeds() throws {
    guard TestScale.replayedSeed == nil else { return }
    let cases = Array(SeededCases(seed: 7, count: 3000))
    #expect(cases.count == TestScale.count(3000))
    #expect(Set(cases.map(\.seed)).count == cases.count, "two cases share a seed")
    #expect(cases.map(\.seed) == Array(SeededCases(seed: 7, count: 3000)).map(\.seed))
    #expect(cases.map(\.index) == Array(0..<cases.count))
    let other = Array(SeededCases(seed: 8, count: 3000))
    #expect(Set(cases.map(\.seed)).isDisjoint(with: other.map(\.seed)))
    var first = try #require(cases.first)
    var replayed = SeededCase(index: 0, seed: first.seed)
    #expect(first.random.next() == replayed.random.next(), "a case replayed from its seed draws the same numbers")
  }

  @Test("seeds are read as decimal or as hexadecimal after 0x")
  func parsing() {
    #expect(TestScale.parseSeed("42") == 42)
    #expect(TestScale.parseSeed("0x2A") == 42)
    #expect(TestScale.parseSeed(" 0xff_ff ") == 0xFFFF)
    #expect(TestScale.parseSeed("forty") == nil)
    #expect("\(SeededCase(index: 0, seed: 255))".contains("SMARTFILL_TEST_SEED=0xff"))
  }
}
