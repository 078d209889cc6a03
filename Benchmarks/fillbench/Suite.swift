import BenchmarkSupport
import DesignBaseline
import FillRules
import Foundation
import SmartFill
import SmartFillSupport
import SyntheticCatalogs

/// Runs the suite.
struct Suite {
  let options: Options
  let progress: (String) -> Void

  static let targets = [15 * 60, 45 * 60, 90 * 60, 8 * 3600]
  static let tolerances = [3 * 60, 5 * 60]

  var targets: [Int] { options.quick ? [45 * 60, 8 * 3600] : Self.targets }
  var tolerances: [Int] { options.quick ? [3 * 60] : Self.tolerances }
  var instanceCount: Int { options.quick ? 4 : 8 }
  /// Fewer instances on the largest catalogs, whose independent checks take a while.
  func instanceCount(subscriptions: Int) -> Int { subscriptions >= 10_000 ? 4 : instanceCount }
  /// Fills timed per case, at most (and at most ``timeLimit``): enough that the p99 is not set by the few fills
  /// one burst of the shared machine's noise slows down.
  var iterationLimit: Int { options.quick ? 120 : 5_000 }
  var timeLimit: UInt64 { options.quick ? 150_000_000 : 600_000_000 }
  /// The rounds each case's fills are timed in (see ``timeInRounds(_:limit:_:)``).
  var rounds: Int { options.quick ? 2 : 5 }

  /// The catalogs: generated ones (built-in), then the datasets, then each `--catalog`.
  func sources(datasets: [String]) -> [CatalogSource] {
    var sources: [CatalogSource] = []
    let seeds: [UInt64] = options.quick ? [1] : [1, 2, 3]
    for seed in seeds {
      sources.append(
        CatalogSource(name: "gen-100-s\(seed)", subscriptions: 100, isScaleSweep: seed == 1) {
          CatalogGenerator(subscriptions: 100, seed: seed).catalog()
        })
    }
    if !options.quick {
      for subscriptions in [10, 1000, 10_000] {
        sources.append(
          CatalogSource(name: "gen-\(subscriptions)-s1", subscriptions: subscriptions, isScaleSweep: true) {
            CatalogGenerator(subscriptions: subscriptions, seed: 1).catalog()
          })
      }
      sources.sort { $0.subscriptions < $1.subscriptions }
    }
    // The largest catalog last, so that the peak resident memory of each scale is its own.
    let largest = sources.filter { $0.subscriptions >= 10_000 }
    sources.removeAll { $0.subscriptions >= 10_000 }
    for path in datasets + options.catalogs {
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      sources.append(
        CatalogSource(name: name, subscriptions: -1, isScaleSweep: false) {
          let data = try Data(contentsOf: URL(fileURLWithPath: path))
          return try Catalog(json: data)
        })
    }
    return sources + largest
  }

  /// Request instances for a catalog: the plain request, then requests with priority shows and exclusions.
  func instances(for catalog: Catalog, seed: UInt64) -> [(priority: [String], excluded: Set<EpisodeID>)] {
    var random = SplitMix64(seed: seed)
    var result: [(priority: [String], excluded: Set<EpisodeID>)] = [([], [])]
    while result.count < instanceCount(subscriptions: catalog.shows.count), !catalog.shows.isEmpty {
      let priority = (0..<random.integer(in: 0...3)).map { _ in random.element(of: catalog.shows).feedURL }
      // Up to 20 excluded episodes, as a queue that already holds some would ask.
      var excluded: Set<EpisodeID> = []
      for _ in 0..<random.integer(in: 0...20) {
        let show = random.element(of: catalog.shows)
        guard !show.episodes.isEmpty else { continue }
        excluded.insert(EpisodeID(feedURL: show.feedURL, guid: random.element(of: show.episodes).guid))
      }
      var seen: Set<String> = []
      result.append((priority.filter { seen.insert($0).inserted }, excluded))
    }
    return result
  }

  /// Runs every case of one catalog.
  func run(_ source: CatalogSource) throws -> [CaseResult] {
    Measurement.resetPeakResident()
    progress("catalog \(source.name): building")
    let catalog = try source.load()
    let engine = try FillEngine(catalog: catalog)
    let instances = instances(for: catalog, seed: StableHash.fnv1a64(source.name))
    var results: [CaseResult] = []
    var requests: [[FillRequest]] = []
    for mode in FillRequest.Mode.allCases {
      for target in targets {
        for tolerance in tolerances {
          progress("catalog \(source.name): \(mode.rawValue) \(target / 60) min ± \(tolerance / 60)")
          let checked = try checkCase(
            source: source, catalog: catalog, engine: engine, instances: instances, mode: mode, target: target,
            tolerance: tolerance)
          results.append(checked.result)
          requests.append(checked.requests)
        }
      }
    }
    progress("catalog \(source.name): timing \(results.count) cases in \(rounds) rounds")
    let timed = timeInRounds(requests.map(\.count)) { index, instance in
      Measurement.blackHole(try? engine.fill(requests[index][instance]))
    }
    for index in results.indices {
      results[index].times = timed[index].percentiles
      results[index].fills = timed[index].count
      results[index].cpuNanosecondsPerFill = timed[index].cpuPerFill
    }
    let peak = Measurement.peakResidentBytes()
    for index in results.indices { results[index].peakResidentBytes = peak }
    return results
  }

  /// Checks one case's fills and times the design's algorithm on it; its own fills are timed later, with the
  /// other cases' (see ``timeInRounds(_:limit:_:)``).
  func checkCase(
    source: CatalogSource, catalog: Catalog, engine: FillEngine,
    instances: [(priority: [String], excluded: Set<EpisodeID>)], mode: FillRequest.Mode, target: Int,
    tolerance: Int
  ) throws -> (result: CaseResult, requests: [FillRequest]) {
    let window = (target - tolerance)...(target + tolerance)
    let requests = instances.map {
      FillRequest(
        mode: mode, targetSeconds: target, toleranceSeconds: tolerance, priorityShows: $0.priority,
        excluded: $0.excluded)
    }
    // Correctness, outside the timed region: each instance once, against the independent check.
    var failures: [String] = []
    var hits = 0
    var feasible = 0
    var deviation = 0
    var worstDeviation = 0
    var seedDeviation = 0
    var seedWorstDeviation = 0
    var ruleConflicts = 0
    var seedHits = 0
    var seedOverfills = 0
    var seedThreeInARow = 0
    var plainChecks = 0
    let check = ResultCheck(catalog: catalog)
    for (index, request) in requests.enumerated() {
      let reachable = Rules.reachableTotals(catalog, for: request)
      let reach = (best: reachable.largest, feasible: reachable.contains(anyOf: window))
      let result = try engine.fill(request)
      for problem in check.violations(of: result, for: request).sentences {
        failures.append("instance \(index): \(problem)")
      }
      deviation += abs(result.totalSeconds - target)
      worstDeviation = max(worstDeviation, abs(result.totalSeconds - target))
      if reach.feasible {
        feasible += 1
        if result.status == .filled && window.contains(result.totalSeconds) {
          hits += 1
        } else if mode == .variety {
          ruleConflicts += 1
        } else {
          failures.append("instance \(index): feasible but \(result.status) at \(result.totalSeconds) s")
        }
      } else if mode != .variety && result.totalSeconds != reach.best && !result.entries.isEmpty {
        failures.append("instance \(index): short at \(result.totalSeconds) s, but \(reach.best) s is reachable")
      }
      // The rule itself, not only the window: a plain implementation of the rule on two instances of every
      // case of a 100-subscription catalog (generated or a dataset). For variety, fill time's plain selection
      // where it is arrangeable (then it is variety's, see docs/solvers.md), on the first two instances where it is.
      if catalog.shows.count == 100, index < (mode == .variety ? requests.count : 2), plainChecks < 2 {
        let plain =
          mode == .continueSeries
          ? ContinueSeriesRule(catalog: catalog, priorityShows: request.priorityShows, excluded: request.excluded)
            .select(window: window, aim: request.aimSeconds)
          : FillTimeRule(catalog: catalog, priorityShows: request.priorityShows, excluded: request.excluded)
            .select(window: window, aim: request.aimSeconds)
        if mode != .variety || Rules.isArrangeable(plain.taken) {
          if Set(result.entries.map(\.id)) != plain.taken || result.totalSeconds != plain.total {
            failures.append("instance \(index): the selection differs from the plain rule's (\(plain.total) s)")
          }
          plainChecks += 1
        }
      }
      let seed = baseline(catalog, request)
      if window.contains(seed.totalSeconds) { seedHits += 1 }
      seedDeviation += abs(seed.totalSeconds - target)
      seedWorstDeviation = max(seedWorstDeviation, abs(seed.totalSeconds - target))
      if seed.totalSeconds > window.upperBound { seedOverfills += 1 }
      if Rules.threeInARow(seed.episodes) != nil { seedThreeInARow += 1 }
    }
    let seedTimes = time(requests.count, limit: options.quick ? 20 : 60) { index in
      Measurement.blackHole(baseline(catalog, requests[index]))
    }
    let name = "\(source.name) \(Report.caseLabel(mode, target: target, tolerance: tolerance))"
    let result = CaseResult(
      name: name, catalog: source.name, mode: mode, subscriptions: catalog.shows.count,
      episodes: catalog.episodeCount, targetSeconds: target, toleranceSeconds: tolerance,
      times: Percentiles([]), fills: 0, cpuNanosecondsPerFill: 0,
      hitRate: feasible == 0 ? 1 : Double(hits) / Double(feasible), feasibleInstances: feasible,
      instances: requests.count, meanDeviationSeconds: Double(deviation) / Double(max(1, requests.count)),
      worstDeviationSeconds: worstDeviation,
      seedMeanDeviationSeconds: Double(seedDeviation) / Double(max(1, requests.count)),
      seedWorstDeviationSeconds: seedWorstDeviation,
      peakResidentBytes: nil, seedHitRate: feasible == 0 ? 1 : Double(seedHits) / Double(feasible),
      seedTimes: Percentiles(seedTimes.samples),
      seedOverfillRate: Double(seedOverfills) / Double(max(1, requests.count)),
      seedThreeInARowRate: mode == .variety ? Double(seedThreeInARow) / Double(max(1, requests.count)) : nil,
      ruleConflicts: ruleConflicts, plainRuleChecks: plainChecks, failures: failures)
    return (result, requests)
  }

  /// The design's algorithm for the mode: the greedy fill loop (also for variety, which the design fills
  /// the same way), or the continue-series loop.
  func baseline(_ catalog: Catalog, _ request: FillRequest) -> (episodes: [EpisodeID], totalSeconds: Int) {
    switch request.mode {
    case .fillTime, .variety:
      return DesignBaseline.greedyFill(
        catalog, targetSeconds: request.targetSeconds!, toleranceSeconds: request.toleranceSeconds,
        priorityShows: request.priorityShows, excluded: request.excluded)
    case .continueSeries:
      return DesignBaseline.continueSeries(
        catalog, targetSeconds: request.targetSeconds!, priorityShows: request.priorityShows,
        excluded: request.excluded)
    }
  }

  /// Times the fills of several cases, `instances[c]` request instances for case `c`, in ``rounds`` rounds:
  /// each round times every case in turn (see ``time(_:limit:timeLimit:_:)``) for a `rounds`th of the
  /// iteration and time limits, and a case's percentiles are those of all its rounds' samples.
  ///
  /// The machines this runs on are shared, and another machine's work slows this one down for a while, a
  /// tenth of a second to a few. A case timed in one stretch took such a stretch whole, and its p50 with it; in
  /// rounds spread over the catalog's other cases, it lands in one round of a case. Google Benchmark's random
  /// interleaving (google/benchmark#1051) does the same for the same reason. The p50 and p99 are of the same
  /// fills either way.
  ///
  /// - Returns: per case, the percentiles, the number of fills timed and the CPU time per fill.
  func timeInRounds(
    _ instances: [Int], limit: Int? = nil, _ body: (_ case: Int, _ instance: Int) -> Void
  ) -> [(percentiles: Percentiles, count: Int, cpuPerFill: UInt64)] {
    var samples = [[UInt64]](repeating: [], count: instances.count)
    var cpu = [UInt64](repeating: 0, count: instances.count)
    let perRound = max(1, (limit ?? iterationLimit) / rounds)
    for _ in 0..<rounds {
      for (index, count) in instances.enumerated() {
        let timed = time(count, limit: perRound, timeLimit: timeLimit / UInt64(rounds)) { body(index, $0) }
        samples[index] += timed.samples
        cpu[index] += timed.cpu
      }
    }
    return samples.indices.map { index in
      (Percentiles(samples[index]), samples[index].count, cpu[index] / UInt64(max(1, samples[index].count)))
    }
  }

  /// Warms up with every instance once, then times `body` over the instances in turn until the iteration or
  /// time limit (at least one fill of each instance).
  ///
  /// An instance's first fill is not a hot engine's: its data is cold and the engine's scratch memory may grow,
  /// and a few cold fills are enough to set the p99. Each round of ``timeInRounds(_:limit:_:)`` warms up again,
  /// after the other cases' fills.
  ///
  /// - Returns: each fill's wall time, and the CPU time of them all.
  func time(_ instances: Int, limit: Int? = nil, timeLimit: UInt64? = nil, _ body: (Int) -> Void) -> (
    samples: [UInt64], cpu: UInt64
  ) {
    for index in 0..<instances { body(index) }
    var samples: [UInt64] = []
    let maximum = limit ?? iterationLimit
    let budget = timeLimit ?? self.timeLimit
    let started = Measurement.now()
    let cpuStarted = Measurement.cpuTime()
    var iteration = 0
    while samples.count < maximum && (Measurement.now() - started < budget || samples.count < instances) {
      let before = Measurement.now()
      body(iteration % instances)
      samples.append(Measurement.now() - before)
      iteration += 1
    }
    return (samples, Measurement.cpuTime() - cpuStarted)
  }
}
