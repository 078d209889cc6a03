import BenchmarkSupport
import SmartFill

/// The figures of one case: one catalog, mode, target and tolerance, over several request instances.
struct CaseResult {
  var name: String
  var catalog: String
  var mode: FillRequest.Mode
  var subscriptions: Int
  var episodes: Int
  var targetSeconds: Int
  var toleranceSeconds: Int
  var times: Percentiles
  var fills: Int
  var cpuNanosecondsPerFill: UInt64
  var hitRate: Double
  var feasibleInstances: Int
  var instances: Int
  var meanDeviationSeconds: Double
  var worstDeviationSeconds: Int
  /// The design's greedy (or loop) on the same instances.
  var seedMeanDeviationSeconds: Double
  var seedWorstDeviationSeconds: Int
  var peakResidentBytes: Int?
  var seedHitRate: Double
  var seedTimes: Percentiles
  var seedOverfillRate: Double
  var seedThreeInARowRate: Double?
  var ruleConflicts: Int
  /// Instances whose selection was compared with the plain rule's (``FillTimeRule`` or ``ContinueSeriesRule``).
  var plainRuleChecks = 0
  var failures: [String]
}
