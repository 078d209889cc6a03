import Testing

@testable import fillbench

@Suite("Timing a case")
struct SuiteTests {
  @Test("every instance is filled once before the timed fills, which go round the instances in turn")
  func warmsEveryInstance() {
    let suite = Suite(options: Options(), progress: { _ in })
    for instances in [1, 3, 4, 8] {
      var calls: [Int] = []
      let timed = suite.time(instances, limit: 2 * instances) { calls.append($0) }
      #expect(timed.count == 2 * instances, "\(instances) instances")
      let warmUp = Array(0..<instances)
      let rounds = warmUp + warmUp
      #expect(calls == warmUp + rounds, "\(instances) instances")
    }
  }
}
