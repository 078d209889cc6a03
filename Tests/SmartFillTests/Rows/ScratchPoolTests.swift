import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Scratch pool")
struct ScratchPoolTests {
  @Test("hands out the smallest buffer kept that is large enough, or a new one of zeros")
  func smallestLargeEnough() {
    let pool = ScratchPool()
    let fresh = pool.take(bytes: 100)
    #expect(fresh.count == 100)
    #expect((0..<100).allSatisfy { fresh.start.load(fromByteOffset: $0, as: UInt8.self) == 0 })
    let large = pool.take(bytes: 5_000)
    let medium = pool.take(bytes: 1_000)
    pool.giveBack(large)
    pool.giveBack(fresh)
    pool.giveBack(medium)
    #expect(pool.keptSizes == [100, 1_000, 5_000])
    #expect(pool.retainedBytes == 6_100)
    #expect(pool.take(bytes: 500) === medium)
    #expect(pool.take(bytes: 1_001) === large)
    #expect(pool.keptSizes == [100])
    let new = pool.take(bytes: 200)
    #expect(new !== fresh && new.count == 200)
  }

  @Test("keeps at most its limit: the smallest kept make room, a buffer over the limit is not kept")
  func retainedLimit() {
    let pool = ScratchPool()
    let limit = ScratchPool.retainedLimit
    pool.giveBack(ScratchBuffer(bytes: limit / 4))
    pool.giveBack(ScratchBuffer(bytes: limit / 2))
    #expect(pool.retainedBytes == limit / 4 + limit / 2)
    pool.giveBack(ScratchBuffer(bytes: limit / 2))
    #expect(pool.keptSizes == [limit / 2, limit / 2], "the quarter made room")
    pool.giveBack(ScratchBuffer(bytes: limit + 1))
    #expect(pool.keptSizes == [limit / 2, limit / 2], "a buffer over the limit is freed")
    #expect(pool.retainedBytes <= limit)
  }

  @Test("word arrays: the smallest kept with room, handed out empty; too few words or too many are not kept")
  func wordArrays() {
    // The allocator may give an array more room than asked (99 words got 101 in one run): what the pool keeps
    // is decided on the capacity, so the smallest it keeps is set just above the few words' actual capacity.
    let few = [UInt64](repeating: 9, count: 99)
    let pool = ScratchPool(smallestPooledWords: few.capacity + 1)
    let smallest = pool.smallestPooledWords
    #expect(pool.takeWords(capacity: smallest - 1) == nil, "too few words for the pool")
    #expect((pool.takeWords(capacity: 3 * smallest)?.capacity ?? 0) >= 3 * smallest, "a new array when none is kept")
    var large = pool.takeWords(capacity: 5_000) ?? []
    large.append(contentsOf: repeatElement(7, count: 5_000))
    var medium = pool.takeWords(capacity: 1_000) ?? []
    medium.append(contentsOf: repeatElement(8, count: 1_000))
    let (largeCapacity, mediumCapacity) = (large.capacity, medium.capacity)
    pool.giveBack(words: large)
    pool.giveBack(words: medium)
    pool.giveBack(words: few)
    #expect(pool.keptWordCapacities == [mediumCapacity, largeCapacity], "the few words are too few to keep")
    #expect(pool.retainedBytes == 8 * (mediumCapacity + largeCapacity))
    let taken = pool.takeWords(capacity: mediumCapacity + 1)
    #expect(taken?.isEmpty == true && taken?.capacity == largeCapacity, "the large one: the medium has no room")
    #expect(pool.keptWordCapacities == [mediumCapacity])
    #expect(pool.takeWords(capacity: smallest)?.capacity == mediumCapacity)
    #expect(pool.retainedBytes == 0)
    // Buffers and arrays share the limit: the smallest of either kind make room.
    let limit = ScratchPool.retainedLimit
    pool.giveBack(words: [UInt64](repeating: 1, count: limit / 8 / 4))
    pool.giveBack(ScratchBuffer(bytes: limit / 2))
    pool.giveBack(ScratchBuffer(bytes: limit / 2))
    #expect(pool.keptWordCapacities.isEmpty && pool.keptSizes == [limit / 2, limit / 2], "the words made room")
    pool.giveBack(words: [UInt64](repeating: 1, count: limit / 8 + 1))
    #expect(pool.keptWordCapacities.isEmpty, "an array over the limit is freed")
    #expect(pool.retainedBytes <= limit)
  }

  @Test("threads taking and giving back at once never share a buffer")
  func concurrentUse() async {
    let pool = ScratchPool()
    let sizes = [64, 512, 4_096, 32_768]
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          var intact = true
          for round in 0..<2_000 {
            let buffer = pool.take(bytes: sizes[(task + round) % sizes.count])
            // Mark it as this task's, let the others run, and check that nobody else wrote to it.
            let mark = UInt8(task + 1)
            buffer.start.storeBytes(of: mark, as: UInt8.self)
            if round % 64 == 0 { await Task.yield() }
            intact = intact && buffer.start.load(as: UInt8.self) == mark
            pool.giveBack(buffer)
          }
          return intact
        }
      }
      for await intact in group { #expect(intact) }
    }
    #expect(pool.retainedBytes <= ScratchPool.retainedLimit)
  }

  @Test("rows whose memory an earlier search left give the same answers (brute force, shared pool)")
  func reusedMemoryLeavesNoTrace() {
    // Every search takes its rows from one pool whose buffers are overwritten with noise between searches:
    // a row read before it is set would show.
    let pool = ScratchPool()
    for var trial in SeededCases(seed: 0x5C2A_7C4, count: 1_500) {
      let count = Int.random(in: 1...11, using: &trial.random)
      let durations = (0..<count).map { _ in Int.random(in: 1...40, using: &trial.random) }
      let dominant = (0..<count).map { _ in Int.random(in: 0..<3, using: &trial.random) > 0 }
      let high = Int.random(in: 1...150, using: &trial.random)
      let window = max(0, high - Int.random(in: 0...10, using: &trial.random))...high
      var fill = VarietyFill(
        durations: durations, groupEnds: Array(1...count), dominantIndex: dominant.map { $0 ? 0 : nil },
        dominantCount: 1)
      fill.headSize = Int.random(in: 1...4, using: &trial.random)
      fill.usesExcessRows = true
      fill.storesExcessInBytes = Bool.random(using: &trial.random)
      fill.tailReach = Int.random(in: 0...high, using: &trial.random)
      fill.scratch = pool
      pool.forEachKept { buffer in
        for offset in 0..<buffer.count {
          buffer.start.storeBytes(
            of: UInt8.random(in: 0...255, using: &trial.random), toByteOffset: offset, as: UInt8.self)
        }
      }
      let expected = VarietyFillTests.bruteForce(durations, dominant: dominant, window: window)
      let result = fill.select(in: window)
      #expect(
        result.indices == expected.indices && result.total == expected.total && result.inWindow == expected.inWindow,
        "\(trial): \(durations) \(dominant) in \(window)")
    }
    #expect(pool.retainedBytes > 0, "the searches gave their rows back")
  }
}
