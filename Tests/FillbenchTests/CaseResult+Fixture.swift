import BenchmarkSupport
import SmartFill

@testable import fillbench

extension CaseResult {
  /// A case's figures as the tests give them: `times` are p50, p90, p99 and max in nanoseconds.
  static func fixture(
    catalog: String, subscriptions: Int = 100, episodes: Int = 5529, _ mode: FillRequest.Mode, target: Int,
    tolerance: Int = 180, times: [UInt64], hit: (rate: Double, feasible: Int, instances: Int) = (1, 4, 4),
    deviation: (mean: Double, worst: Int), design: (hit: Double, mean: Double, worst: Int, p50: UInt64),
    peak: Int? = nil, plainRuleChecks: Int = 2, failures: [String] = []
  ) -> CaseResult {
    var percentiles = Percentiles([])
    (percentiles.p50, percentiles.p90, percentiles.p99, percentiles.max) = (times[0], times[1], times[2], times[3])
    return CaseResult(
      name: "\(catalog) \(Report.caseLabel(mode, target: target, tolerance: tolerance))", catalog: catalog,
      mode: mode, subscriptions: subscriptions, episodes: episodes, targetSeconds: target,
      toleranceSeconds: tolerance, times: percentiles, fills: 120, cpuNanosecondsPerFill: times[0],
      hitRate: hit.rate, feasibleInstances: hit.feasible, instances: hit.instances,
      meanDeviationSeconds: deviation.mean, worstDeviationSeconds: deviation.worst,
      seedMeanDeviationSeconds: design.mean, seedWorstDeviationSeconds: design.worst, peakResidentBytes: peak,
      seedHitRate: design.hit, seedTimes: Percentiles([design.p50]), seedOverfillRate: 0, seedThreeInARowRate: nil,
      ruleConflicts: 0, plainRuleChecks: plainRuleChecks, failures: failures)
  }

  /// Two cases of a 100-subscription catalog and one of a 10-subscription catalog.
  static let fixtures = [
    fixture(
      catalog: "gen-100-s1", .fillTime, target: 45 * 60, times: [11_400, 15_400, 21_200, 30_300],
      deviation: (26, 56), design: (1, 107, 110, 243_100), peak: 124_700_000),
    fixture(
      catalog: "gen-100-s1", .variety, target: 8 * 3600, times: [23_900, 74_300, 85_000, 105_400],
      deviation: (44, 58), design: (1, 61, 62, 267_200), peak: 124_700_000),
    fixture(
      catalog: "gen-10-s7", subscriptions: 10, episodes: 905, .continueSeries, target: 8 * 3600,
      times: [41_300, 43_000, 69_000, 1_234_000], hit: (0.75, 3, 4), deviation: (10, 10),
      design: (0, 1501, 1501, 59_400)),
  ]
}
