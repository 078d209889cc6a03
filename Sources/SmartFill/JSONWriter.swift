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
  package static func write(_ node: Node) -> String {
    var output = ""
    write(node, indent: 0, into: &output)
    return output
  }

  /// Returns `node` as compact JSON text on one line.
  package static func writeCompact(_ node: Node) -> String {
    var output = ""
    writeCompact(node, into: &output)
    return output
  }

  private static func writeCompact(_ node: Node, into output: inout String) {
    switch node {
    case .array(let elements):
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        writeCompact(element, into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (offset, (key, value)) in members.enumerated() {
        if offset > 0 { output += "," }
        output += quoted(key) + ":"
        writeCompact(value, into: &output)
      }
      output += "}"
    default:
      output += scalar(node)
    }
  }

  private static func write(_ node: Node, indent: Int, into output: inout String) {
    let pad = String(repeating: "  ", count: indent + 1)
    let closePad = String(repeating: "  ", count: indent)
    switch node {
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
      } else if elements.allSatisfy(\.isScalar) {
        output += "[" + elements.map(scalar).joined(separator: ", ") + "]"
      } else {
        output += "[\n"
        for (offset, element) in elements.enumerated() {
          output += pad
          write(element, indent: indent + 1, into: &output)
          output += offset == elements.count - 1 ? "\n" : ",\n"
        }
        output += closePad + "]"
      }
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{\n"
      for (offset, (key, value)) in members.enumerated() {
        output += pad + quoted(key) + ": "
        write(value, indent: indent + 1, into: &output)
        output += offset == members.count - 1 ? "\n" : ",\n"
      }
      output += closePad + "}"
    default:
      output += scalar(node)
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
