import AutoSwitch
import Foundation
import Queues
import SmartFillSupport
import Testing

/// A 3-hour drive with the flapping of a measured one: 688 flips between stationary and in-vehicle, both flags
/// set on 24 % of the reports.
@Suite("A generated 3-hour drive")
struct GeneratedDriveTests {
  struct Report {
    var time: Date
    var sample: MotionSample
    /// Whether the car was moving (the state the flips are counted on).
    var isMoving: Bool
  }

  /// The drive: 689 segments, moving and stopped in turn, of 2 to 29 s before scaling to 3 hours; a report
  /// every 1 to 4 s, each flagged as its segment is (automotive, or stationary), 24 % of them with both flags,
  /// and 10 % at low confidence.
  static func drive(seed: UInt64, start: Date) -> [Report] {
    var random = SplitMix64(seed: seed)
    let total = 3 * 3600.0
    let weights = (0...688).map { _ in Double(random.integer(in: 2...29)) }
    let scale = total / weights.reduce(0, +)
    var reports: [Report] = []
    var time = 0.0
    for (index, weight) in weights.enumerated() {
      let end = time + weight * scale
      let moving = index % 2 == 0
      var at = time
      repeat {
        reports.append(
          Report(
            time: start.addingTimeInterval(at),
            sample: MotionSample(moving ? [.automotive] : [.stationary], confidence: .high),
            isMoving: moving))
        at += Double(random.integer(in: 1...4))
      } while at < end
      time = end
    }
    // Both flags on exactly 24 % of the reports, and low confidence on 10 %, chosen at random.
    var indices = Array(reports.indices)
    for offset in indices.indices.reversed() { indices.swapAt(offset, random.integer(in: 0...offset)) }
    let both = Int((Double(reports.count) * 0.24).rounded())
    for index in indices.prefix(both) { reports[index].sample.flags = [.automotive, .stationary] }
    for index in indices.dropFirst(both).prefix(reports.count / 10) {
      reports[index].sample.confidence = .low
    }
    for index in indices.dropFirst(both + reports.count / 10) {
      reports[index].sample.confidence = random.chance(1, in: 2) ? .high : .medium
    }
    return reports
  }

  /// The built-in library with a "🚙 Drive" queue that switches on stable in-vehicle motion, without asking,
  /// and returns when it ends; Workout switches on running without asking.
  static func library(stableSeconds: Int) throws -> QueueLibrary {
    var library = sampleLibrary()
    let condition = MotionCondition(activity: .automotive, minimumStableSeconds: stableSeconds)
    try library.createQueue(
      named: "🚙 Drive",
      autoSwitchRules: [AutoSwitchRule(.motion(condition), consent: .always, returnsWhenTriggerEnds: true)],
      id: QueueID("drive"))
    try library.recordConsent(.always, forRule: 0, of: .workout)
    return library
  }

  static func run(_ reports: [Report], library: QueueLibrary) -> Scenario {
    var scenario = Scenario(library: library)
    for report in reports { scenario.at(report.time, .motion(report.sample)) }
    return scenario
  }

  @Test("the drive has the measured statistics", arguments: [UInt64(688), 24, 2026])
  func statistics(seed: UInt64) {
    let reports = Self.drive(seed: seed, start: instant("2026-03-02T09:00:00+01:00"))
    let flips = zip(reports, reports.dropFirst()).count { $0.isMoving != $1.isMoving }
    #expect(flips == 688, "seed \(seed)")
    let both = reports.count { $0.sample.flags == [.automotive, .stationary] }
    #expect(abs(Double(both) / Double(reports.count) - 0.24) < 0.001, "seed \(seed)")
    #expect(
      abs(reports.last!.time.timeIntervalSince(reports.first!.time) - 3 * 3600) < 30, "seed \(seed): 3 hours long")
  }

  @Test("it causes at most one switch, to Drive", arguments: [UInt64(688), 24, 2026])
  func oneSwitch(seed: UInt64) throws {
    print("generated drive, seed \(seed)")
    let reports = Self.drive(seed: seed, start: instant("2026-03-02T09:00:00+01:00"))
    let scenario = Self.run(reports, library: try Self.library(stableSeconds: MotionCondition.defaultStableSeconds))
    #expect(scenario.switches.count <= 1, "seed \(seed): \(scenario.switches.map(\.summary))")
    #expect(scenario.switches.count == 1, "seed \(seed): the drive counts once")
    #expect(scenario.switches.allSatisfy { $0.to == QueueID("drive") }, "seed \(seed)")
  }

  @Test("the control: without a stable time the same drive switches back and forth", arguments: [UInt64(688)])
  func control(seed: UInt64) throws {
    let reports = Self.drive(seed: seed, start: instant("2026-03-02T09:00:00+01:00"))
    let scenario = Self.run(reports, library: try Self.library(stableSeconds: 0))
    #expect(scenario.switches.count > 100, "seed \(seed): \(scenario.switches.count) switches")
  }
}
