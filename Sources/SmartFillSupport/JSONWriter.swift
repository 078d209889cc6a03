import Foundation

/// Writes JSON text straight into UTF-8 bytes, keys in the order given: the package's one JSON writer.
///
/// Every wire and disk format of the package is written through this type, so that all of them share one
/// layout, pinned byte for byte by tests (`JSONEncoder`'s spacing differs between platforms). In the
/// ``Style/pretty`` style: two-space indentation, `": "` after keys, `{}` and `[]` when empty, and arrays
/// written with ``inlineArray(_:)`` (or tree arrays of scalars) on one line. In the ``Style/compact`` style,
/// no whitespace at all.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///   json.member("version", 1)
///   json.member("shows")
///   json.array { json in json.element(); json.string("a") }
/// }
/// let text = json.text
/// ```
package struct JSONWriter: Sendable {
  /// The layout.
  package enum Style: Sendable {
    /// Two-space indentation, one member or element per line.
    case pretty
    /// One line, no spaces.
    case compact
  }

  /// The text written so far.
  package private(set) var bytes: [UInt8] = []
  /// The layout.
  package let style: Style
  /// For each open object or array: how many members or elements it has so far, and whether it is written on
  /// one line.
  private var frames: [(count: Int, isInline: Bool)] = []

  /// Creates an empty writer, reserving `capacity` bytes.
  package init(style: Style = .pretty, capacity: Int = 0) {
    self.style = style
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far, as a string.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Containers

  /// Writes an object whose members `body` writes with ``member(_:)`` and a value.
  ///
  /// - Complexity: O(1) besides what `body` writes.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"), isInline: false)
    body(&self)
    close(UInt8(ascii: "}"))
  }

  /// Writes an array whose elements `body` writes, each after ``element()``, one per line.
  package mutating func array(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "["), isInline: false)
    body(&self)
    close(UInt8(ascii: "]"))
  }

  /// Writes an array on one line (`["a", "b"]`), for arrays of scalars; `body` calls ``element()`` before
  /// each value.
  package mutating func inlineArray(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "["), isInline: true)
    body(&self)
    close(UInt8(ascii: "]"))
  }

  /// Writes an array of strings on one line.
  package mutating func strings(_ values: [String]) {
    inlineArray { json in
      for value in values {
        json.element()
        json.string(value)
      }
    }
  }

  /// Starts a member of the innermost object; write its value next.
  package mutating func member(_ key: String) {
    separate()
    string(key)
    bytes.append(UInt8(ascii: ":"))
    if style == .pretty { bytes.append(UInt8(ascii: " ")) }
  }

  /// Starts an element of the innermost array; write its value next.
  package mutating func element() {
    separate()
  }

  // MARK: Scalars

  /// Writes `text` as a JSON string literal: `"`, `\` and control characters escaped, the rest as it is.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  package mutating func string(_ text: String) {
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
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Writes an integer.
  package mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes a number: an integral value below 10¹⁵ without a fraction, a non-finite one as `null`.
  package mutating func number(_ value: Double) {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      integer(Int(value))
    } else if value.isFinite {
      bytes.append(contentsOf: String(value).utf8)
    } else {
      null()
    }
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  package mutating func null() {
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a date as ``Timestamp/format(_:)`` formats it, as a string.
  package mutating func date(_ date: Date) {
    bytes.append(UInt8(ascii: "\""))
    Timestamp.append(date, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  // MARK: Members

  /// Writes the member `key` with a string value.
  package mutating func member(_ key: String, _ value: String) {
    member(key)
    string(value)
  }

  /// Writes the member `key` with an integer value.
  package mutating func member(_ key: String, _ value: Int) {
    member(key)
    integer(value)
  }

  /// Writes the member `key` with a Boolean value.
  package mutating func member(_ key: String, _ value: Bool) {
    member(key)
    bool(value)
  }

  /// Writes the member `key` with a date value (see ``date(_:)``).
  package mutating func member(_ key: String, _ value: Date) {
    member(key)
    date(value)
  }

  /// Appends raw bytes, such as a final newline after the document.
  package mutating func append(_ raw: String) {
    bytes.append(contentsOf: raw.utf8)
  }

  // MARK: Layout

  private mutating func open(_ bracket: UInt8, isInline: Bool) {
    bytes.append(bracket)
    frames.append((0, isInline))
  }

  private mutating func separate() {
    precondition(!frames.isEmpty, "a member or element outside any object or array")
    let frame = frames[frames.count - 1]
    if frame.count > 0 { bytes.append(UInt8(ascii: ",")) }
    if style == .pretty {
      if frame.isInline {
        if frame.count > 0 { bytes.append(UInt8(ascii: " ")) }
      } else {
        bytes.append(UInt8(ascii: "\n"))
        indent(frames.count)
      }
    }
    frames[frames.count - 1].count = frame.count + 1
  }

  private mutating func close(_ bracket: UInt8) {
    let frame = frames.removeLast()
    if style == .pretty, frame.count > 0, !frame.isInline {
      bytes.append(UInt8(ascii: "\n"))
      indent(frames.count)
    }
    bytes.append(bracket)
  }

  private mutating func indent(_ level: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }
}

extension JSONWriter {
  /// Returns `text` as a JSON string literal (see ``string(_:)``), for messages that quote a value.
  package static func quoted(_ text: String) -> String {
    var writer = JSONWriter(capacity: text.utf8.count + 2)
    writer.string(text)
    return writer.text
  }
}
