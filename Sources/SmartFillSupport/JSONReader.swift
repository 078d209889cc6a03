import Foundation

/// A problem found while reading a JSON document into a value: where it is and what is wrong. Each module
/// turns it into its own typed error.
package struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value's place, such as `queues[1].episodes[3].feedURL`.
  package var path: JSONPath
  /// What is wrong, such as `expected a string, found 12`.
  package var reason: String

  package init(path: JSONPath, reason: String) {
    self.path = path
    self.reason = reason
  }

  package var description: String { "\(path): \(reason)" }
}

/// A JSON value and its path, with typed readers that throw ``JSONReadError`` naming the path: the one way
/// the package reads a JSON document into its values.
///
/// ```swift
/// let reader = try JSONReader(parsing: bytes)
/// let version = try reader.integer("version")
/// let names = try reader.array("queues").map { (queue) throws(JSONReadError) in try queue.string("name") }
/// ```
package struct JSONReader: Sendable {
  /// The value read here.
  package let value: JSONValue
  /// Where it is.
  package let path: JSONPath

  /// A reader of `value` at `path`.
  package init(_ value: JSONValue, path: JSONPath = .root) {
    self.value = value
    self.path = path
  }

  /// Parses `bytes` and reads the document's root; a syntax error becomes a ``JSONReadError`` at the top
  /// level that gives the line and column.
  package init(parsing bytes: some Collection<UInt8>) throws(JSONReadError) {
    do {
      self.init(try JSONValue.parse(bytes))
    } catch {
      throw JSONReadError(
        path: .root, reason: "malformed JSON at line \(error.line), column \(error.column): \(error.problem)")
    }
  }

  /// An error at this value (or at its member `key`).
  package func error(_ reason: String, at key: String? = nil) -> JSONReadError {
    JSONReadError(path: key.map(path.appending) ?? path, reason: reason)
  }

  /// The object's members, or an error when the value is not an object.
  package func members() throws(JSONReadError) -> [String: JSONValue] {
    guard case .object(let members) = value else { throw error("expected an object, found \(value.typeDescription)") }
    return members
  }

  /// The member `key`, or `nil` when it is absent or `null`.
  package func optional(_ key: String) throws(JSONReadError) -> JSONReader? {
    guard let member = try members()[key], member != .null else { return nil }
    return JSONReader(member, path: path.appending(key))
  }

  /// The member `key`, or an error when it is absent or `null`.
  package func field(_ key: String) throws(JSONReadError) -> JSONReader {
    guard let member = try optional(key) else { throw error("the field is missing", at: key) }
    return member
  }

  // MARK: This value

  /// The value as a string.
  package func string() throws(JSONReadError) -> String {
    guard case .string(let text) = value else { throw error("expected a string, found \(value.excerpt)") }
    return text
  }

  /// The value as an integer (a number without fraction or exponent).
  package func integer() throws(JSONReadError) -> Int {
    guard case .integer(let number) = value else { throw error("expected an integer, found \(value.excerpt)") }
    return number
  }

  /// The value as an integer in `range`.
  package func integer(in range: ClosedRange<Int>) throws(JSONReadError) -> Int {
    let number = try integer()
    guard range.contains(number) else {
      throw error("must be from \(range.lowerBound) to \(range.upperBound), found \(number)")
    }
    return number
  }

  /// The value as a Boolean.
  package func bool() throws(JSONReadError) -> Bool {
    guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.excerpt)") }
    return flag
  }

  /// The value as a number (an integer or not).
  package func number() throws(JSONReadError) -> Double {
    switch value {
    case .integer(let number): return Double(number)
    case .number(let number): return number
    default: throw error("expected a number, found \(value.excerpt)")
    }
  }

  /// The value's elements, each with its path.
  package func elements() throws(JSONReadError) -> [JSONReader] {
    guard case .array(let elements) = value else { throw error("expected an array, found \(value.excerpt)") }
    return elements.enumerated().map { JSONReader($0.element, path: path.appending($0.offset)) }
  }

  /// The value as an ISO 8601 date and time (see ``Timestamp/parse(_:)``).
  package func date() throws(JSONReadError) -> Date {
    let text = try string()
    guard let date = Timestamp.parse(text) else {
      throw error(
        "expected an ISO 8601 date and time such as \"2026-01-31T08:00:00Z\", found \(JSONWriter.quoted(text))")
    }
    return date
  }

  /// The value as one of an enumeration's raw values.
  package func enumValue<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws(JSONReadError) -> Value
  where Value.RawValue == String {
    let text = try string()
    guard let result = Value(rawValue: text) else {
      let allowed = Value.allCases.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
      throw error("must be one of \(allowed), found \(JSONWriter.quoted(text))")
    }
    return result
  }

  // MARK: Members
  //
  // The scalar readers look the member up directly and spell out its path only for an error, so that reading
  // a large document allocates no path per field.

  /// The member `key`, or `nil` when it is absent or `null`.
  private func member(_ key: String) throws(JSONReadError) -> JSONValue? {
    guard case .object(let members) = value else {
      throw error("expected an object, found \(value.typeDescription)")
    }
    guard let member = members[key] else { return nil }
    if case .null = member { return nil }
    return member
  }

  /// The member `key`, or an error when it is absent or `null`.
  private func required(_ key: String) throws(JSONReadError) -> JSONValue {
    guard let member = try member(key) else { throw error("the field is missing", at: key) }
    return member
  }

  /// The string member `key`.
  package func string(_ key: String) throws(JSONReadError) -> String {
    let member = try required(key)
    guard case .string(let text) = member else { throw error("expected a string, found \(member.excerpt)", at: key) }
    return text
  }

  /// The integer member `key`.
  package func integer(_ key: String) throws(JSONReadError) -> Int {
    let member = try required(key)
    guard case .integer(let number) = member else {
      throw error("expected an integer, found \(member.excerpt)", at: key)
    }
    return number
  }

  /// The integer member `key`, or `nil` when it is absent or `null`.
  package func optionalInteger(_ key: String) throws(JSONReadError) -> Int? {
    guard let member = try member(key) else { return nil }
    guard case .integer(let number) = member else {
      throw error("expected an integer, found \(member.excerpt)", at: key)
    }
    return number
  }

  /// The Boolean member `key`.
  package func bool(_ key: String) throws(JSONReadError) -> Bool {
    let member = try required(key)
    guard case .bool(let flag) = member else { throw error("expected true or false, found \(member.excerpt)", at: key) }
    return flag
  }

  /// The array member `key`'s elements.
  package func array(_ key: String) throws(JSONReadError) -> [JSONReader] { try field(key).elements() }

  /// The date member `key`.
  package func date(_ key: String) throws(JSONReadError) -> Date {
    let text = try string(key)
    guard let date = Timestamp.parse(text) else {
      throw error(
        "expected an ISO 8601 date and time such as \"2026-01-31T08:00:00Z\", found \(JSONWriter.quoted(text))",
        at: key)
    }
    return date
  }

  /// The enumeration member `key`.
  package func enumValue<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, _ key: String
  ) throws(JSONReadError) -> Value where Value.RawValue == String {
    try field(key).enumValue(type)
  }
}
