/// Compact copies of reach rows, appended one after another.
struct ReachArchive {
  private var words: [UInt64] = []
  /// Where each saved row ends in `words` (it starts where the one before ends, the first at 0): no entry for
  /// an empty archive, so that making one allocates nothing.
  private var ends: [Int] = []

  /// An empty archive.
  init() {}

  /// An empty archive with room for `entries` rows of `words` words in all, so that saving them does not
  /// reallocate; its words from `pool` when one is given (see ``recycle(into:)``).
  init(reservingWords words: Int, entries: Int, pool: ScratchPool? = nil) {
    if let pooled = pool?.takeWords(capacity: words) {
      self.words = pooled
    } else {
      self.words.reserveCapacity(words)
    }
    ends.reserveCapacity(entries)
  }

  /// Gives the archive's words to `pool` for a later fill, and leaves it empty. (An entry still held, read
  /// with ``subscript(_:)``, shares the words: the pool's next taker then gets a copy's storage instead.)
  mutating func recycle(into pool: ScratchPool?) {
    guard let pool else { return }
    pool.giveBack(words: words)
    words = []
    ends = []
  }

  /// The number of saved rows.
  var count: Int { ends.count }

  /// Saves `row` of `rows`; returns its index in the archive.
  @discardableResult
  mutating func append(_ rows: ReachRows, row: Int) -> Int {
    words.append(contentsOf: rows.compact(row))
    ends.append(words.count)
    return ends.count - 1
  }

  /// The saved words of entry `index`.
  subscript(index: Int) -> ArraySlice<UInt64> { words[(index == 0 ? 0 : ends[index - 1])..<ends[index]] }

  /// Removes every entry, keeping the storage.
  mutating func removeAll() {
    words.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }
}
