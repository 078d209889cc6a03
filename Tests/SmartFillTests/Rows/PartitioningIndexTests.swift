import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Partitioning index")
struct PartitioningIndexTests {
  @Test("the first element of the second partition, against a linear search, on seeded sorted arrays and slices")
  func againstLinearSearch() {
    for var trial in SeededCases(seed: 0xB15E_C7, count: 2000) {
      let values = (0..<Int.random(in: 0...40, using: &trial.random)).map { _ in
        Int.random(in: 0...20, using: &trial.random)
      }
      .sorted()
      let key = Int.random(in: -1...21, using: &trial.random)
      let expected = values.firstIndex { $0 >= key } ?? values.endIndex
      #expect(values.partitioningIndex { $0 >= key } == expected, "\(trial): \(values), \(key)")
      // A slice keeps its own indices.
      let from = Int.random(in: 0...values.count, using: &trial.random)
      let slice = values[from...]
      let inSlice = slice.firstIndex { $0 >= key } ?? slice.endIndex
      #expect(slice.partitioningIndex { $0 >= key } == inSlice, "\(trial): slice from \(from)")
    }
  }
}
