import Foundation
import SmartFill

/// Writes the store's JSON straight into UTF-8 bytes, in exactly the layout of the package's `JSONWriter`
/// (two-space indentation, `": "` after keys, arrays of scalars on one line, `{}` and `[]` when empty), without
/// building a tree of nodes first: a library of 20,000 episodes is written several times faster this way.
struct JSONTextBuffer {
  private(set) var bytes: [UInt8] = []
  /// For each open object or array, how many members or elements it has so far.
  private var counts: [Int] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Writes an object whose members `body` writes with ``member(_:_:)``.
  mutating func object(_ body: (inout JSONTextBuffer) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    counts.append(0)
    body(&self)
    close(UInt8(ascii: "}"))
  }

  /// Writes an array whose elements `body` writes with ``element(_:)``, one per line.
  mutating func array(_ body: (inout JSONTextBuffer) -> Void) {
    bytes.append(UInt8(ascii: "["))
    counts.append(0)
    body(&self)
    close(UInt8(ascii: "]"))
  }

  /// Writes an array of strings on one line, as `JSONWriter` writes arrays of scalars.
  mutating func strings(_ values: [String]) {
    bytes.append(UInt8(ascii: "["))
    for (offset, value) in values.enumerated() {
      if offset > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
      string(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Starts a member of the innermost object; write its value next.
  mutating func member(_ key: String) {
    separate()
    string(key)
    bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
  }

  /// Starts an element of the innermost array; write its value next.
  mutating func element() {
    separate()
  }

  mutating func member(_ key: String, _ value: String) {
    member(key)
    string(value)
  }

  mutating func member(_ key: String, _ value: Int) {
    member(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  mutating func member(_ key: String, _ value: Bool) {
    member(key)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes a date as `Timestamp.format` writes it ("2026-11-29T08:00:00Z"); a whole second is formatted here,
  /// without `String(format:)`, as the store's dates all are.
  mutating func member(_ key: String, _ date: Date) {
    member(key)
    let interval = date.timeIntervalSince1970
    guard interval == interval.rounded(.down), abs(interval) < 1e12 else {
      string(Timestamp.format(date))
      return
    }
    let whole = Int(interval)
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let secondOfDay = whole - days * 86_400
    let (year, month, day) = Timestamp.civilDate(fromDays: days)
    guard (0...9999).contains(year) else {
      string(Timestamp.format(date))
      return
    }
    bytes.append(UInt8(ascii: "\""))
    digits(year, count: 4)
    bytes.append(UInt8(ascii: "-"))
    digits(month, count: 2)
    bytes.append(UInt8(ascii: "-"))
    digits(day, count: 2)
    bytes.append(UInt8(ascii: "T"))
    digits(secondOfDay / 3600, count: 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay / 60 % 60, count: 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 60, count: 2)
    bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
  }

  private mutating func digits(_ value: Int, count: Int) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Writes `text` as a JSON string literal, escaped as `JSONWriter.quoted` escapes it.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0..<0x20:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func separate() {
    let count = counts[counts.count - 1]
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\n"))
    indent(counts.count)
    counts[counts.count - 1] = count + 1
  }

  private mutating func close(_ bracket: UInt8) {
    let count = counts.removeLast()
    if count > 0 {
      bytes.append(UInt8(ascii: "\n"))
      indent(counts.count)
    }
    bytes.append(bracket)
  }

  private mutating func indent(_ level: Int) {
    for _ in 0..<(2 * level) { bytes.append(UInt8(ascii: " ")) }
  }
}
