import SmartFillSupport

// Fields of the store's format that this version does not know, kept so that a file written by a newer
// version loses nothing when this one reads, changes and writes it. Each object of the format (the library,
// a queue, a deleted queue's record, an episode, an auto-switch rule, smart fill settings) keeps the members
// it does not know in an `unknownFields` dictionary, read by `unknownMembers(known:)` and written back after
// the known members, sorted by key, by `members(_:)`. They are part of the value: two values that differ
// only in them are not equal, since they are not written the same.

/// Members of a store object that this version does not read, by key.
///
/// Empty in every value this version makes, so it is kept as `nil` then: a reference costs nothing more to
/// copy or to compare than before it had them.
struct UnknownFields: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// The members by key, `nil` when there are none.
  private(set) var members: [String: JSONValue]?

  /// The members of `members`.
  init(_ members: [String: JSONValue]) {
    self.members = members.isEmpty ? nil : members
  }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(Dictionary(elements) { _, last in last })
  }

  /// Whether there are none.
  var isEmpty: Bool { members == nil }

  /// The member `key`, if any.
  subscript(key: String) -> JSONValue? { members?[key] }

  /// These members and `other`'s, `other`'s winning for a key in both.
  func merging(_ other: UnknownFields) -> UnknownFields {
    guard let mine = members else { return other }
    guard let theirs = other.members else { return self }
    return UnknownFields(mine.merging(theirs) { _, theirs in theirs })
  }
}

extension JSONReader {
  /// The object's members whose keys are not in `known`; `present` is how many of the known keys the
  /// object is known to have (read already), so that an object with no other member is seen at once.
  ///
  /// - Complexity: O(1) when the object has only `present` members, O(*m*) in the number of members
  ///   otherwise.
  func unknownMembers(known: Set<String>, present: Int = 0) throws(JSONReadError) -> UnknownFields {
    let members = try members()
    if members.count <= present { return [:] }
    guard members.keys.contains(where: { !known.contains($0) }) else { return [:] }
    return UnknownFields(members.filter { !known.contains($0.key) })
  }
}

extension JSONWriter {
  /// Writes `fields` as members of the innermost object, sorted by key, each value as it was read.
  ///
  /// - Complexity: O(*n* log *n*) in the size of the fields.
  mutating func members(_ fields: UnknownFields) {
    guard let members = fields.members else { return }
    for key in members.keys.sorted() {
      member(key)
      write(members[key]!)
    }
  }
}
