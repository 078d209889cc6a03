/// A JSON value built as a tree, for documents assembled piece by piece (reports, command output), written
/// through ``JSONWriter`` so that it has exactly the layout of everything else the package writes.
extension JSONWriter {
  /// A value to write: objects keep their members in the order given.
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

  /// Writes `node`: arrays whose elements are all scalars on one line in the pretty style.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  package mutating func write(_ node: Node) {
    switch node {
    case .null: null()
    case .bool(let value): bool(value)
    case .integer(let value): integer(value)
    case .number(let value): number(value)
    case .string(let value): string(value)
    case .array(let elements):
      let body: (inout JSONWriter) -> Void = { json in
        for element in elements {
          json.element()
          json.write(element)
        }
      }
      if elements.allSatisfy(\.isScalar) { inlineArray(body) } else { array(body) }
    case .object(let members):
      object { json in
        for (key, value) in members {
          json.member(key)
          json.write(value)
        }
      }
    }
  }

  /// Returns `node` as JSON text in `style`, without a final newline.
  package static func text(_ node: Node, style: Style = .pretty) -> String {
    var writer = JSONWriter(style: style)
    writer.write(node)
    return writer.text
  }
}

extension JSONWriter {
  /// Writes a parsed value as it was read, an object's members sorted by key (a parsed object keeps no
  /// order): for values a reader does not know and must keep, such as a newer version's fields.
  ///
  /// - Complexity: O(*n* log *n*) in the size of the value.
  package mutating func write(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .integer(let number): integer(number)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      array { json in
        for element in elements {
          json.element()
          json.write(element)
        }
      }
    case .object(let members):
      object { json in
        for key in members.keys.sorted() {
          json.member(key)
          json.write(members[key]!)
        }
      }
    }
  }
}
