extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`, in a collection already partitioned by
  /// it (every element that does not comes before every element that does), or `endIndex` when none does: the
  /// binary search behind the index's lookups (the lower bound of a key, with `{ !($0 < key) }`).
  ///
  /// - Complexity: O(log *n*) calls of the predicate.
  func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
