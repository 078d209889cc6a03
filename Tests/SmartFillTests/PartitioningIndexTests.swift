import Testing

@testable import SmartFill

@Suite("Partitioning index")
struct PartitioningIndexTests {
  @Test("the first element of the second partition, against a linear search, on seeded sorted arrays and slices")
  func againstLinearSearch() {
    let seed: UInt64 = 0xB15E_C7
    print("partitioning index: seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for trial in 0..<2000 {
      let values = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0...20, using: &random) }
        .sorted()
      let key = Int.random(in: -1...21, using: &random)
      let expected = values.firstIndex { $0 >= key } ?? values.endIndex
      #expect(values.partitioningIndex { $0 >= key } == expected, "seed \(seed), trial \(trial): \(values), \(key)")
      // A slice keeps its own indices.
      let from = Int.random(in: 0...values.count, using: &random)
      let slice = values[from...]
      let inSlice = slice.firstIndex { $0 >= key } ?? slice.endIndex
      #expect(slice.partitioningIndex { $0 >= key } == inSlice, "seed \(seed), trial \(trial): slice from \(from)")
    }
  }
}
