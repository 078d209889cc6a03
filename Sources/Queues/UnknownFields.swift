import SmartFillSupport

// Fields of the store's format that this version does not know, kept so that a file written by a newer
// version loses nothing when this one reads, changes and writes it. Each object of the format (the library,
// a queue, a deleted queue's record, an episode, an auto-switch rule, smart fill settings) keeps the members
// it does not know in an `unknownFields` dictionary, read by `unknownMembers(known:)` and written back after
// the known members, sorted by key, by `members(_:)`. They are part of the value: two values that differ
// only in them are not equal, since they are not written the same.

/// Members of a store object that this version does not read, by key.
typealias UnknownFields = [String: JSONValue]

extension JSONReader {
  /// The object's members whose keys are not in `known`.
  ///
  /// - Complexity: O(*m*) in the number of members.
  func unknownMembers(known: Set<String>) throws(JSONReadError) -> UnknownFields {
    let members = try members()
    guard members.keys.contains(where: { !known.contains($0) }) else { return [:] }
    return members.filter { !known.contains($0.key) }
  }
}

extension JSONWriter {
  /// Writes `fields` as members of the innermost object, sorted by key, each value as it was read.
  ///
  /// - Complexity: O(*n* log *n*) in the size of the fields.
  mutating func members(_ fields: UnknownFields) {
    guard !fields.isEmpty else { return }
    for key in fields.keys.sorted() {
      member(key)
      write(fields[key]!)
    }
  }
}
