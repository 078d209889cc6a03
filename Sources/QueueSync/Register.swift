/// A last-writer-wins register: a value and the stamp of its write; merging keeps the later write.
///
/// Used for what has one value that a user sets (a queue's name and emoji, its rules, its smart fill
/// settings, its playhead, its place in the list). Merge is a maximum, so it is commutative, associative and
/// idempotent.
package struct Register<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value of the latest write.
  package private(set) var value: Value
  /// The latest write's stamp.
  package private(set) var stamp: HybridTimestamp

  /// A register holding `value` written at `stamp`.
  package init(_ value: Value, stamp: HybridTimestamp) {
    self.value = value
    self.stamp = stamp
  }

  /// Writes `value` at `stamp`; an older stamp than the register's changes nothing.
  package mutating func write(_ value: Value, stamp: HybridTimestamp) {
    if stamp > self.stamp {
      self.value = value
      self.stamp = stamp
    }
  }

  /// The later of the two writes.
  ///
  /// - Complexity: O(1).
  package func merged(with other: Register) -> Register {
    other.stamp > stamp ? other : self
  }
}
