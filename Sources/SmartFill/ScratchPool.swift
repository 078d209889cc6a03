import Foundation

/// Memory that an engine's fills reuse: the exact variety search's rows (see ``ExcessRows``), which at 8
/// hours take megabytes. Allocated for each fill, they were handed back to the system at its end and asked
/// for again by the next one, which then waited for the system to map and zero the pages again (on
/// gen-100-s1's variety at 8 hours, about 1,000 page faults a fill, half its time in the kernel).
///
/// A pool keeps buffers given back, up to ``retainedLimit`` bytes in all, and hands out the smallest that is
/// large enough. It is shared by copies of the engine and safe to use from several threads (a lock guards
/// the list; a buffer taken belongs to its taker alone until given back). A buffer's contents are whatever
/// its last user left: a fresh one is filled with zeros once, and every reader writes before it reads.
final class ScratchPool: @unchecked Sendable {
  /// The most bytes kept between fills.
  static let retainedLimit = 8 << 20

  private let lock = NSLock()
  /// The buffers given back, smallest first.
  private var free: [ScratchBuffer] = []
  private var retained = 0

  init() {}

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
  /// smallest buffers kept make room, or `buffer` itself is freed when it is larger than the limit.
  ///
  /// - Complexity: O(*k*) for the *k* buffers kept.
  func giveBack(_ buffer: ScratchBuffer) {
    guard buffer.count <= Self.retainedLimit else { return }
    lock.lock()
    defer { lock.unlock() }
    while retained + buffer.count > Self.retainedLimit, !free.isEmpty { retained -= free.removeFirst().count }
    let index = free.firstIndex { $0.count >= buffer.count } ?? free.count
    free.insert(buffer, at: index)
    retained += buffer.count
  }

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
