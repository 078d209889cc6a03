/// What a state has seen: for each replica, the highest counter of its events the state includes (every
/// lower one included too, or removed knowingly).
///
/// A replica's events reach other replicas only inside whole states, so a state that has seen event *n* of a
/// replica has seen all its earlier ones: one number per replica says everything, and a removed event needs
/// no tombstone (a state that lacks a dot its vector covers has removed it).
package struct VersionVector: Sendable, Hashable {
  /// The highest counter seen, by replica; replicas never seen are absent.
  package private(set) var counters: [ReplicaID: Int]

  /// An empty vector, or one with the given counters (zero counters are dropped).
  package init(_ counters: [ReplicaID: Int] = [:]) {
    self.counters = counters.filter { $0.value > 0 }
  }

  /// The vector that has seen `dots` (and every earlier event of their replicas).
  package init(dots: some Sequence<Dot>) {
    counters = [:]
    for dot in dots { insert(dot) }
  }

  /// The latest dot of each replica, sorted: the vector as the wire format writes it.
  package var dots: [Dot] { counters.map { Dot($0.key, $0.value) }.sorted() }

  /// The highest counter of `replica` seen, 0 when none.
  package subscript(replica: ReplicaID) -> Int { counters[replica] ?? 0 }

  /// Whether the state has seen `dot`.
  ///
  /// - Complexity: O(1).
  package func contains(_ dot: Dot) -> Bool { dot.counter <= self[dot.replica] }

  /// Records `dot` as seen (and so every earlier event of its replica).
  package mutating func insert(_ dot: Dot) {
    if dot.counter > self[dot.replica] { counters[dot.replica] = dot.counter }
  }

  /// The pointwise maximum of two vectors: what either has seen.
  ///
  /// - Complexity: O(*r*) in the number of replicas.
  package func union(_ other: VersionVector) -> VersionVector {
    var result = self
    result.counters.merge(other.counters, uniquingKeysWith: max)
    return result
  }

  /// Whether this vector has seen everything `other` has.
  package func includes(_ other: VersionVector) -> Bool {
    other.counters.allSatisfy { self[$0.key] >= $0.value }
  }
}
