/// Checks that bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), so that readers reject invalid text with its place instead of turning it into U+FFFD, which could
/// make two different values equal.
package enum UTF8Validation {
  /// The offset of the first byte that starts an ill-formed sequence, or `nil` when all of `bytes` is valid.
  ///
  /// - Complexity: O(*n*).
  package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    var index = 0
    guard let base = bytes.baseAddress else { return nil }
    while index < count {
      // Eight ASCII bytes at a time: most of a JSON document is ASCII.
      while index + 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
      }
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return index
      }
      guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return index }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
      index += length
    }
    return nil
  }

  /// The offset of the first ill-formed byte of `bytes`, or `nil`.
  package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
  }
}
