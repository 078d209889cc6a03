import SmartFillSupport
import Testing

@Suite("Stable hash")
struct StableHashTests {
  @Test("FNV-1a matches the published test vectors")
  func vectors() {
    // From the FNV reference (Fowler, Noll, Vo): the 64-bit FNV-1a hashes of "", "a" and "foobar".
    #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
    #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test("a string and its UTF-8 bytes hash alike")
  func bytesAndText() {
    #expect(StableHash.fnv1a64("🚗 Commute") == StableHash.fnv1a64(Array("🚗 Commute".utf8)))
  }
}
