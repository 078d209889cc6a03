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
      #expect(timed.samples.count == 2 * instances, "\(instances) instances")
      let warmUp = Array(0..<instances)
      let rounds = warmUp + warmUp
      #expect(calls == warmUp + rounds, "\(instances) instances")
    }
  }

  @Test("cases are timed in rounds, each case in turn in each round, and every round warms up every instance")
  func timesInRounds() {
    let suite = Suite(options: Options(), progress: { _ in })
    let instances = [3, 1, 4]
    var calls: [(case: Int, instance: Int)] = []
    let limit = 4 * suite.rounds
    let timed = suite.timeInRounds(instances, limit: limit) { calls.append(($0, $1)) }
    // Each round: case 0 warms up 0, 1, 2 and times 0, 1, 2, 0; case 1 warms up 0 and times 0 four times; ...
    var expected: [(case: Int, instance: Int)] = []
    for _ in 0..<suite.rounds {
      for (index, count) in instances.enumerated() {
        expected += (0..<count).map { (index, $0) }
        expected += (0..<4).map { (index, $0 % count) }
      }
    }
    #expect(calls.map(\.case) == expected.map(\.case))
    #expect(calls.map(\.instance) == expected.map(\.instance))
    #expect(suite.rounds > 1)
    #expect(timed.map(\.count) == [limit, limit, limit])
  }
}
