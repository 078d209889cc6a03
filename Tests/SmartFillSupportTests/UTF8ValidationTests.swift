import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  @Test(
    "finds the first ill-formed sequence",
    arguments: [
      ([0x61, 0x62], nil), ([0xC3, 0xA9], nil), ([0xF0, 0x9F, 0x9A, 0x97], nil), ([0x61, 0xFF], 1),
      ([0xC0, 0x80], 0), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0),
      ([0x61, 0xC3], 1), ([0xE2, 0x82], 0), ([0x80], 0), ([0xE2, 0x28, 0xA1], 0),
    ] as [([UInt8], Int?)])
  func cases(_ bytes: [UInt8], expected: Int?) {
    #expect(UTF8Validation.firstInvalidOffset(bytes) == expected)
  }

  @Test("agrees with the standard library's decoder on thousands of seeded byte strings")
  func againstStandardLibrary() {
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x90,
    ]
    for var trial in SeededCases(seed: 0x07F8, count: 5000) {
      let bytes = (0..<trial.random.integer(in: 0...8)).map { _ in trial.random.element(of: interesting) }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((UTF8Validation.firstInvalidOffset(bytes) == nil) == valid, "\(trial): \(bytes)")
    }
  }
}
