/// Writes JSON text with keys in the order given, two-space indentation and arrays of scalars on one line:
/// the package's wire formats are pinned byte for byte, so they are written by hand rather than by
/// `JSONEncoder`, whose spacing differs between platforms.
package struct JSONWriter: Sendable {
  /// A value to write.
  package indirect enum Node: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([Node])
    case object([(String, Node)])

    var isScalar: Bool {
      switch self {
      case .array, .object: return false
      default: return true
      }
    }
  }

  /// Returns `node` as pretty-printed JSON text, without a final newline.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  package static func write(_ node: Node) -> String {
    var output: [UInt8] = []
    write(node, indent: 0, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Returns `node` as compact JSON text on one line.
  package static func writeCompact(_ node: Node) -> String {
    var output: [UInt8] = []
    writeCompact(node, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func writeCompact(_ node: Node, into output: inout [UInt8]) {
    switch node {
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        writeCompact(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (offset, (key, value)) in members.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        appendQuoted(key, to: &output)
        output.append(UInt8(ascii: ":"))
        writeCompact(value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    default:
      appendScalar(node, to: &output)
    }
  }

  private static func newline(indent: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    for _ in 0..<(2 * indent) { output.append(UInt8(ascii: " ")) }
  }

  private static func write(_ node: Node, indent: Int, into output: inout [UInt8]) {
    switch node {
    case .array(let elements):
      if elements.isEmpty {
        output.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
      } else if elements.allSatisfy(\.isScalar) {
        output.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
          if offset > 0 { output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
          appendScalar(element, to: &output)
        }
        output.append(UInt8(ascii: "]"))
      } else {
        output.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
          if offset > 0 { output.append(UInt8(ascii: ",")) }
          newline(indent: indent + 1, into: &output)
          write(element, indent: indent + 1, into: &output)
        }
        newline(indent: indent, into: &output)
        output.append(UInt8(ascii: "]"))
      }
    case .object(let members):
      if members.isEmpty {
        output.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        return
      }
      output.append(UInt8(ascii: "{"))
      for (offset, (key, value)) in members.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent: indent + 1, into: &output)
        appendQuoted(key, to: &output)
        output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        write(value, indent: indent + 1, into: &output)
      }
      newline(indent: indent, into: &output)
      output.append(UInt8(ascii: "}"))
    default:
      appendScalar(node, to: &output)
    }
  }

  private static func appendScalar(_ node: Node, to output: inout [UInt8]) {
    switch node {
    case .string(let value): appendQuoted(value, to: &output)
    case .integer(let value): output.append(contentsOf: String(value).utf8)
    default: output.append(contentsOf: scalar(node).utf8)
    }
  }

  private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    let utf8 = text.utf8
    if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output.append(UInt8(ascii: "\""))
      output.append(contentsOf: utf8)
      output.append(UInt8(ascii: "\""))
    } else {
      output.append(contentsOf: quoted(text).utf8)
    }
  }

  private static func scalar(_ node: Node) -> String {
    switch node {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
      return value.isFinite ? String(value) : "null"
    case .string(let value): return quoted(value)
    case .array, .object: preconditionFailure("not a scalar")
    }
  }

  /// Returns `text` as a JSON string literal.
  package static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }
}
