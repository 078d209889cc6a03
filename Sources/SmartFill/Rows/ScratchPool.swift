import Foundation

/// Memory that an engine's fills reuse: the exact variety search's rows (see ``ExcessRows``), which at 8
/// hours take megabytes, and the words of the reach rows and archives of fill time and continue series (see
/// ``ReachRows`` and ``ReachArchive``), tens to hundreds of kilobytes. Allocated for each fill, they were
/// handed back to the system at its end and asked for again by the next one, which then waited for the system
/// to map and zero the pages again (page faults took much of a long variety fill's time).
///
/// A pool keeps buffers and word arrays given back, up to ``retainedLimit`` bytes in all, and hands out the
/// smallest that is large enough. It is shared by copies of the engine and safe to use from several threads
/// (a lock guards the lists; what is taken belongs to its taker alone until given back). A buffer's contents
/// are whatever its last user left: a fresh one is filled with zeros once, and every reader writes before it
/// reads. A word array is handed out empty, with its capacity.
final class ScratchPool: @unchecked Sendable {
  /// The most bytes kept between fills.
  static let retainedLimit = 8 << 20
  /// The fewest words an array needs for an engine's pool to keep it: below that, the allocator hands out and
  /// takes back memory from its own lists without calling the system, at less cost than the pool's lock.
  static let defaultSmallestPooledWords = 1_024
  /// The fewest words an array needs for this pool to keep it (tests pool every array).
  let smallestPooledWords: Int

  private let lock = NSLock()
  /// The buffers given back, smallest first.
  private var free: [ScratchBuffer] = []
  /// The word arrays given back, smallest capacity first.
  private var freeWords: [[UInt64]] = []
  private var retained = 0

  /// An empty pool that keeps word arrays of at least `smallestPooledWords` words.
  init(smallestPooledWords: Int = ScratchPool.defaultSmallestPooledWords) {
    self.smallestPooledWords = max(smallestPooledWords, 1)
  }

  /// A buffer of at least `bytes` bytes: the smallest kept that is large enough, or a new one.
  ///
  /// - Complexity: O(*k*) for the *k* buffers kept (a handful).
  func take(bytes: Int) -> ScratchBuffer {
    lock.lock()
    if let index = free.firstIndex(where: { $0.count >= bytes }) {
      let buffer = free.remove(at: index)
      retained -= buffer.count
      lock.unlock()
      return buffer
    }
    lock.unlock()
    return ScratchBuffer(bytes: bytes)
  }

  /// Keeps `buffer` for a later fill, unless that would keep more than ``retainedLimit`` bytes: then the
  /// smallest buffers and word arrays kept make room, or `buffer` itself is freed when it is larger than the
  /// limit.
  ///
  /// - Complexity: O(*k*) for the *k* buffers and arrays kept.
  func giveBack(_ buffer: ScratchBuffer) {
    guard buffer.count <= Self.retainedLimit else { return }
    lock.lock()
    defer { lock.unlock() }
    makeRoom(for: buffer.count)
    let index = free.firstIndex { $0.count >= buffer.count } ?? free.count
    free.insert(buffer, at: index)
    retained += buffer.count
  }

  /// An empty array with room for at least `capacity` words: the smallest kept that is large enough, or a
  /// new one; `nil` for fewer than ``smallestPooledWords`` words, which the caller allocates as it would
  /// without a pool.
  ///
  /// - Complexity: O(*k*) for the *k* arrays kept.
  func takeWords(capacity: Int) -> [UInt64]? {
    guard capacity >= smallestPooledWords else { return nil }
    lock.lock()
    if let index = freeWords.firstIndex(where: { $0.capacity >= capacity }) {
      var words = freeWords.remove(at: index)
      retained -= Self.bytes(of: words)
      lock.unlock()
      words.removeAll(keepingCapacity: true)
      return words
    }
    lock.unlock()
    var words: [UInt64] = []
    words.reserveCapacity(capacity)
    return words
  }

  /// Keeps `words`' storage for a later fill, as ``giveBack(_:)`` keeps a buffer. (Its callers give back
  /// arrays no copy shares: one that did would still be correct, being a value, but its taker would get a
  /// copy's storage instead of this one.)
  ///
  /// - Complexity: O(*k*) for the *k* buffers and arrays kept.
  func giveBack(words: [UInt64]) {
    let bytes = Self.bytes(of: words)
    guard words.capacity >= smallestPooledWords, bytes <= Self.retainedLimit else { return }
    lock.lock()
    defer { lock.unlock() }
    makeRoom(for: bytes)
    let index = freeWords.firstIndex { $0.capacity >= words.capacity } ?? freeWords.count
    freeWords.insert(words, at: index)
    retained += bytes
  }

  /// Frees the smallest buffers and arrays kept until `bytes` more fit the limit. The lock must be held.
  private func makeRoom(for bytes: Int) {
    while retained + bytes > Self.retainedLimit, !free.isEmpty || !freeWords.isEmpty {
      if let buffer = free.first, freeWords.first.map({ buffer.count <= Self.bytes(of: $0) }) ?? true {
        retained -= free.removeFirst().count
      } else {
        retained -= Self.bytes(of: freeWords.removeFirst())
      }
    }
  }

  private static func bytes(of words: [UInt64]) -> Int { words.capacity * MemoryLayout<UInt64>.stride }

  /// The bytes kept now, for tests.
  var retainedBytes: Int {
    lock.lock()
    defer { lock.unlock() }
    return retained
  }

  /// The sizes of the buffers kept, smallest first, for tests.
  var keptSizes: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return free.map(\.count)
  }

  /// The capacities of the word arrays kept, smallest first, for tests.
  var keptWordCapacities: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return freeWords.map(\.capacity)
  }

  /// Calls `body` with each buffer kept, for tests that write over what earlier users left.
  func forEachKept(_ body: (ScratchBuffer) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    free.forEach(body)
  }
}

/// A block of memory from a ``ScratchPool``, aligned for vectors, freed when the last reference goes.
final class ScratchBuffer: @unchecked Sendable {
  /// The first byte.
  let start: UnsafeMutableRawPointer
  /// The size in bytes.
  let count: Int

  /// A new buffer of `bytes` bytes, all zero.
  init(bytes: Int) {
    count = max(bytes, 1)
    start = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    start.initializeMemory(as: UInt8.self, repeating: 0, count: count)
  }

  deinit { start.deallocate() }
}
