/// Rows of bitsets over the sums `0 ... capacity`, each with a dense tail: every bit from word `dense[row]` on
/// is set. Suffix reachability in a fill saturates quickly (a few dozen varied durations reach every total
/// above some small bound), so operations only touch the words below the dense tail.
///
/// Invariant: the words of a row from `dense[row]` on are physically all ones, so a shift can read them
/// without a branch.
struct ReachRows {
  /// Words per row; the capacity is `64 · wordCount − 1`.
  let wordCount: Int
  private(set) var storage: [UInt64]
  private(set) var dense: [Int]
  /// Each row's smallest sum (`Int.max` for an empty row): shifting in a row whose smallest sum lands past
  /// the capacity changes nothing, and the words below both rows' smallest sums need no work.
  private(set) var lowest: [Int]

  /// Creates `rows` rows able to hold every sum up to `maximum`, their words from `pool` when one is given and
  /// they are not too few (see ``recycle(into:)`` and ``ScratchPool/smallestPooledWords``).
  init(rows: Int, maximum: Int, pool: ScratchPool? = nil) {
    wordCount = maximum / 64 + 1
    let count = rows * wordCount
    if var words = pool?.takeWords(capacity: count) {
      words.append(contentsOf: repeatElement(~0, count: count))
      storage = words
    } else {
      storage = Array(repeatElement(~0, count: count))
    }
    // `Array(repeatElement(_:count:))`, here and wherever a fill makes an array: `Array(repeating:count:)`
    // allocates through the standard library's unspecialized code on Linux, which looks the storage class's
    // metadata up at every call.
    dense = Array(repeatElement(0, count: rows))
    lowest = Array(repeatElement(0, count: rows))
  }

  /// Gives the rows' words to `pool` for a later fill, and leaves no rows.
  mutating func recycle(into pool: ScratchPool?) {
    guard let pool else { return }
    pool.giveBack(words: storage)
    storage = []
    dense = []
    lowest = []
  }

  /// The largest sum a row can hold.
  var capacity: Int { wordCount * 64 - 1 }

  // Bounds. The loops below index the storage through unsafe buffers; every index they form is
  // `row * wordCount + i` with `0 ≤ i < wordCount`, which holds because each row number is checked here, each
  // shift is at least 0 (so a shifted source index is at most its target index) and every dense tail is at
  // most `wordCount`. These checks cost a few comparisons per call, not per word.

  /// Traps unless `row` is one of the rows.
  private func check(_ row: Int) {
    precondition(row >= 0 && row < dense.count, "reach row \(row) out of 0..<\(dense.count)")
  }

  /// Traps unless `shift` is a valid (non-negative) shift.
  private func check(shift: Int) {
    precondition(shift >= 0, "a negative shift \(shift) would read outside its row")
  }

  /// Sets `row` to `{0}`.
  mutating func setZero(_ row: Int) {
    check(row)
    let count = wordCount
    storage.withUnsafeMutableBufferPointer { words in
      let base = row * count
      (words.baseAddress! + base).update(repeating: 0, count: count)
      words[base] = 1
    }
    dense[row] = count
    lowest[row] = 0
  }

  /// Sets `row` to the empty set.
  mutating func setEmpty(_ row: Int) {
    check(row)
    let count = wordCount
    storage.withUnsafeMutableBufferPointer { words in
      (words.baseAddress! + row * count).update(repeating: 0, count: count)
    }
    dense[row] = count
    lowest[row] = Int.max
  }

  /// Adds every sum from `sum` up to the capacity to `row`.
  ///
  /// - Complexity: O(*k*), where *k* is the number of words from `sum` to the row's dense tail.
  mutating func insertAll(_ row: Int, from sum: Int) {
    check(row)
    let first = max(sum, 0)
    let word = first >> 6
    guard first <= capacity, word < dense[row] else { return }
    let count = wordCount
    let oldDense = dense[row]
    storage.withUnsafeMutableBufferPointer { words in
      let base = row * count
      words[base + word] |= ~0 << UInt64(first & 63)
      if oldDense > word + 1 {
        (words.baseAddress! + base + word + 1).update(repeating: ~0, count: oldDense - word - 1)
      }
    }
    dense[row] = first & 63 == 0 ? word : word + 1
    lowest[row] = min(lowest[row], first)
  }

  /// Sets `row` to a copy of `source`.
  mutating func copy(_ source: Int, to row: Int) {
    check(source)
    check(row)
    guard source != row else { return }
    let newDense = dense[source]
    let oldDense = dense[row]
    let count = wordCount
    // Bulk copies and fills (`memmove`, `memset`): an indexed loop over one buffer is not vectorized.
    storage.withUnsafeMutableBufferPointer { words in
      let to = words.baseAddress! + row * count
      to.update(from: words.baseAddress! + source * count, count: newDense)
      if oldDense > newDense { (to + newDense).update(repeating: ~0, count: oldDense - newDense) }
    }
    dense[row] = newDense
    lowest[row] = lowest[source]
  }

  /// Whether `next` shifted by `shift` holds no sum up to the capacity: ``combine(into:skip:next:shift:)``
  /// then only copies `skip`.
  func shiftsOut(_ next: Int, by shift: Int) -> Bool {
    check(next)
    return lowest[next] == Int.max || lowest[next] + shift > capacity
  }

  /// `row = skip ∪ (next + shift)`: the sums of `skip`, and the sums of `next` plus `shift`.
  ///
  /// `row` may be `skip`; it must not be `next`.
  ///
  /// - Complexity: O(*k*), where *k* is the number of words below the result's dense tail.
  mutating func combine(into row: Int, skip: Int, next: Int, shift: Int) {
    precondition(row != next, "combine cannot shift a row into itself")
    check(row)
    check(skip)
    check(next)
    check(shift: shift)
    if shiftsOut(next, by: shift) {
      // Nothing to shift in: the row is `skip`.
      copy(skip, to: row)
      return
    }
    let shiftedLowest = lowest[next] + shift
    let count = wordCount
    // Below both smallest sums every word of the result is 0.
    let firstWord = min(lowest[skip], shiftedLowest) >> 6
    lowest[row] = min(lowest[skip], shiftedLowest)
    let wordShift = shift >> 6
    let bitShift = shift & 63
    let shiftedDense = dense[next] + wordShift + (bitShift == 0 ? 0 : 1)
    let newDense = min(dense[skip], shiftedDense, count)
    let oldDense = dense[row]
    storage.withUnsafeMutableBufferPointer { words in
      let out = row * count
      let skipBase = skip * count
      let nextBase = next * count
      let start = min(firstWord, newDense)
      let base = words.baseAddress!
      if row != skip { (base + out).update(repeating: 0, count: start) }
      // Three stretches, so that the loops carry no test per word: below the shift only `skip`; at the shift
      // the first shifted word; above it both halves of a shifted word.
      let below = min(max(start, wordShift), newDense)
      if row != skip { (base + out + start).update(from: base + skipBase + start, count: below - start) }
      // Four words at a time (`SIMD4`: two vector operations on the baseline x86-64, one with AVX2): the rows
      // never overlap, except `row` and `skip`, which are read and written at the same place.
      func load(_ offset: Int) -> SIMD4<UInt64> {
        UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD4<UInt64>.self)
      }
      func store(_ value: SIMD4<UInt64>, _ offset: Int) {
        UnsafeMutableRawPointer(base + offset).storeBytes(of: value, as: SIMD4<UInt64>.self)
      }
      if bitShift == 0 {
        var index = below
        while index + 4 <= newDense {
          store(load(skipBase + index) | load(nextBase + index - wordShift), out + index)
          index += 4
        }
        for index in index..<newDense {
          words[out + index] = words[skipBase + index] | words[nextBase + index - wordShift]
        }
      } else {
        let (up, back) = (UInt64(bitShift), UInt64(64 - bitShift))
        var first = below
        if first == wordShift, first < newDense {
          words[out + first] = words[skipBase + first] | (words[nextBase] &<< up)
          first += 1
        }
        let (ups, backs) = (SIMD4<UInt64>(repeating: up), SIMD4<UInt64>(repeating: back))
        var index = first
        while index + 4 <= newDense {
          let source = nextBase + index - wordShift
          store(load(skipBase + index) | (load(source) &<< ups) | (load(source - 1) &>> backs), out + index)
          index += 4
        }
        for index in index..<newDense {
          let source = nextBase + index - wordShift
          words[out + index] = words[skipBase + index] | (words[source] &<< up) | (words[source - 1] &>> back)
        }
      }
      if oldDense > newDense { (base + out + newDense).update(repeating: ~0, count: oldDense - newDense) }
      var tail = newDense
      while tail > 0, words[out + tail - 1] == ~0 { tail -= 1 }
      dense[row] = tail
    }
  }

  /// `row = row ∪ (row + shift)` in place: one more free candidate in a reachable set.
  ///
  /// - Complexity: O(*k*), where *k* is the number of words below the row's dense tail.
  mutating func formUnionShifted(_ row: Int, by shift: Int) {
    check(row)
    check(shift: shift)
    let count = wordCount
    let wordShift = shift >> 6
    let bitShift = shift & 63
    let top = dense[row]
    storage.withUnsafeMutableBufferPointer { words in
      let base = row * count
      // From the top down, so every word read is still the old one.
      // No test per word: the word at the shift (whose source has no lower neighbour) comes last. Four words
      // at a time from the top (`SIMD4`): a block's sources are loaded before it is stored, and lie at or
      // below it, where nothing is written yet.
      let pointer = words.baseAddress! + base
      func load(_ offset: Int) -> SIMD4<UInt64> {
        UnsafeRawPointer(pointer + offset).loadUnaligned(as: SIMD4<UInt64>.self)
      }
      func store(_ value: SIMD4<UInt64>, _ offset: Int) {
        UnsafeMutableRawPointer(pointer + offset).storeBytes(of: value, as: SIMD4<UInt64>.self)
      }
      if top > wordShift {
        if bitShift == 0 {
          var index = top
          while index - 4 >= wordShift {
            index -= 4
            store(load(index) | load(index - wordShift), index)
          }
          for index in stride(from: index - 1, through: wordShift, by: -1) {
            words[base + index] |= words[base + index - wordShift]
          }
        } else {
          let (up, back) = (UInt64(bitShift), UInt64(64 - bitShift))
          let (ups, backs) = (SIMD4<UInt64>(repeating: up), SIMD4<UInt64>(repeating: back))
          var index = top
          while index - 4 > wordShift {
            index -= 4
            let source = index - wordShift
            store(load(index) | (load(source) &<< ups) | (load(source - 1) &>> backs), index)
          }
          for index in stride(from: index - 1, to: wordShift, by: -1) {
            let source = base + index - wordShift
            words[base + index] |= (words[source] &<< up) | (words[source - 1] &>> back)
          }
          words[base + wordShift] |= words[base] &<< up
        }
      }
      var tail = top
      while tail > 0, words[base + tail - 1] == ~0 { tail -= 1 }
      dense[row] = tail
    }
  }

  /// Whether `row` holds a sum in `range` (clipped to `0 ... capacity`).
  ///
  /// - Complexity: O(*w*), where *w* is the range's length in words.
  func containsAny(_ row: Int, in range: ClosedRange<Int>) -> Bool {
    let low = max(range.lowerBound, 0)
    let high = min(range.upperBound, capacity)
    guard low <= high else { return false }
    if high >= dense[row] * 64 { return true }
    let base = row * wordCount
    let firstWord = low >> 6
    let lastWord = high >> 6
    for index in firstWord...lastWord {
      var word = storage[base + index]
      if index == firstWord { word &= ~0 << UInt64(low & 63) }
      if index == lastWord, high & 63 != 63 { word &= (1 << UInt64((high & 63) + 1)) - 1 }
      if word != 0 { return true }
    }
    return false
  }

  /// The largest sum of `row` that is at most `limit`, or `nil` when there is none.
  func largest(_ row: Int, atMost limit: Int) -> Int? {
    let high = min(limit, capacity)
    guard high >= 0 else { return nil }
    if high >= dense[row] * 64 { return high }
    let base = row * wordCount
    var index = high >> 6
    var word = storage[base + index]
    if high & 63 != 63 { word &= (1 << UInt64((high & 63) + 1)) - 1 }
    while true {
      if word != 0 { return index * 64 + 63 - word.leadingZeroBitCount }
      if index == 0 { return nil }
      index -= 1
      word = storage[base + index]
    }
  }

  /// The smallest sum of `row` that is at least `limit`, or `nil` when there is none up to the capacity.
  ///
  /// - Complexity: O(*w*), where *w* is the number of words from `limit` to the answer.
  func smallest(_ row: Int, atLeast limit: Int) -> Int? {
    let low = max(limit, 0)
    guard low <= capacity else { return nil }
    if low >= dense[row] * 64 { return low }
    let base = row * wordCount
    var index = low >> 6
    var word = storage[base + index] & (~0 << UInt64(low & 63))
    while true {
      if word != 0 { return index * 64 + word.trailingZeroBitCount }
      index += 1
      if index >= dense[row] { return index < wordCount ? index * 64 : nil }
      word = storage[base + index]
    }
  }

  /// Calls `body` with each sum of `row` in `range`, in increasing order, until it returns `true`.
  ///
  /// - Returns: Whether `body` returned `true`.
  func firstSum(_ row: Int, in range: ClosedRange<Int>, where body: (Int) -> Bool) -> Bool {
    let low = max(range.lowerBound, 0)
    let high = min(range.upperBound, capacity)
    guard low <= high else { return false }
    let base = row * wordCount
    for index in (low >> 6)...(high >> 6) {
      var word = storage[base + index]
      if index == low >> 6 { word &= ~0 << UInt64(low & 63) }
      while word != 0 {
        let sum = index * 64 + word.trailingZeroBitCount
        if sum > high { return false }
        if body(sum) { return true }
        word &= word - 1
      }
    }
    return false
  }

  /// A run of sums of `row` that ends at the capacity: the dense tail and the top ones of the word below it
  /// (the whole run after ``combine(into:skip:next:shift:)`` and ``formUnionShifted(_:by:)``, which leave no
  /// word of ones below the dense tail); `nil` when the capacity is not one of its sums.
  ///
  /// - Complexity: O(1).
  func topRun(_ row: Int) -> ReachInterval? {
    let dense = dense[row]
    guard dense > 0 else { return ReachInterval(0, capacity) }
    let ones = (~storage[row * wordCount + dense - 1]).leadingZeroBitCount
    guard dense < wordCount || ones > 0 else { return nil }
    return ReachInterval(dense * 64 - ones, capacity)
  }

  /// The words of `row` below its dense tail, for compact storage.
  func compact(_ row: Int) -> ArraySlice<UInt64> {
    storage[(row * wordCount)..<(row * wordCount + dense[row])]
  }

  /// Sets `row` from words saved by ``compact(_:)``.
  mutating func restore(_ row: Int, from words: ArraySlice<UInt64>) {
    check(row)
    precondition(words.count <= wordCount, "\(words.count) saved words do not fit a row of \(wordCount)")
    let newDense = words.count
    let oldDense = dense[row]
    let base = row * wordCount
    storage.withUnsafeMutableBufferPointer { buffer in
      _ = UnsafeMutableBufferPointer(rebasing: buffer[base..<(base + newDense)]).initialize(from: words)
      var smallest = Int.max
      for (index, word) in words.enumerated() where word != 0 {
        smallest = index * 64 + word.trailingZeroBitCount
        break
      }
      if smallest == Int.max, newDense < wordCount { smallest = newDense * 64 }
      lowest[row] = smallest
      if oldDense > newDense {
        (buffer.baseAddress! + base + newDense).update(repeating: ~0, count: oldDense - newDense)
      }
    }
    dense[row] = newDense
  }
}
