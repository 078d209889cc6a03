import SmartFillSupport
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
  @Test("matches the reference outputs for seed 0")
  func referenceValues() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }

  @Test("integers stay in their range and cover it")
  func integerRange() {
    var random = SplitMix64(seed: 9)
    var seen: Set<Int> = []
    for _ in 0..<2000 {
      let value = random.integer(in: -3...4)
      #expect((-3...4).contains(value))
      seen.insert(value)
    }
    #expect(seen.count == 8)
  }
}
