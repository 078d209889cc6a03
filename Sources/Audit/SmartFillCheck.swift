import DesignBaseline
import FillRules
import Foundation
import Queues
import SmartFill
import SyntheticCatalogs

/// The engine's accuracy (the share of fill-time fills inside ±3 and ±5 minutes, the mean deviation, beside
/// the design's greedy on the same requests), continuity (no skipped episode or season), variety (never
/// three in a row) and speed (p99 on a 100-subscription catalog against the design's 500 ms budget).
///
/// A broken rule (an episode skipped, three in a row, an episode not in the catalog or played, an error) is
/// ✗; an overfill, an underfill (short where the greedy found a total inside the window) or a p99 over the
/// budget is ⚠. A catalog with no episode a fill can take checks nothing, so it is not checked, not ✓.
struct SmartFillCheck {
  let components: AuditComponents
  let sizes: AuditSizes

  /// The design's budget for one fill: 500 ms.
  static let budgetNanoseconds: UInt64 = 500_000_000
  static let targets = [15, 30, 45, 60, 90].map { $0 * 60 }
  static let tolerances = [3 * 60, 5 * 60]

  /// The tallies over every fill.
  private struct Tally {
    var fills = 0
    var timed: [Int: (engine: Int, greedy: Int, count: Int)] = [:]
    var deviation = 0
    var greedyDeviation = 0
    var timedFills = 0
    var chainFills = 0
    var varietyFills = 0
    /// Continue-series fills with a target, ours over the window, and the design's loop over it.
    var seriesFills = 0
    var seriesOver = 0
    var designSeriesOver = 0
    var overfills: [String] = []
    var underfills: [String] = []
    var invalid: [String] = []
    var skipped: [String] = []
    var threeInARow: [String] = []
    var errors: [String] = []
  }

  /// Runs the checks on `catalog`, or on generated catalogs when there is none; with `queue` (and a
  /// catalog), also the queue's own smart fill settings.
  func run(catalog: Catalog?, queue: Queue?) -> AuditCheck {
    // With a catalog of the listener's, one generated catalog is still needed for the speed figure.
    let generated = generatedCatalogs(
      catalog == nil ? sizes.catalogSeeds : sizes.speedFills > 0 ? [sizes.catalogSeeds.first ?? 1] : [])
    let catalogs = catalog.map { [("the catalog", $0)] } ?? generated
    var tally = Tally()
    for (name, catalog) in catalogs {
      guard let engine = try? FillEngine(catalog: catalog) else { continue }
      check(engine, named: name, into: &tally)
    }
    var queueLine: String?
    if let queue, let settings = queue.smartFillSettings, let catalog, let engine = try? FillEngine(catalog: catalog) {
      let request = settings.request(excluding: Set(queue.episodes.map(\.id)))
      queueLine =
        fill(engine, request, named: "\(queue.name)'s settings", into: &tally).map { result in
          "\(queue.name)'s own fill (\(request.mode.rawValue)\(Self.targetText(request))): "
            + "\(Queue.durationText(result.totalSeconds)), \(result.status.rawValue)"
        } ?? "\(queue.name)'s own fill: failed"
    }
    let p99 = speed(on: generated.first?.1)
    let fillable = catalogs.contains { Self.hasCandidates($0.1) }
    return report(tally, catalogs: catalogs.map(\.0), fillable: fillable, queueLine: queueLine, p99: p99)
  }

  /// Whether some fill of the audit can take an episode of `catalog`: one unplayed, of known length and short
  /// enough for the longest window (90 minutes ± 5), as the rules' plain definitions say.
  static func hasCandidates(_ catalog: Catalog) -> Bool {
    let longest = (targets.max() ?? 0, tolerances.max() ?? 0)
    return [FillRequest.Mode.fillTime, .continueSeries].contains { mode in
      let request = FillRequest(mode: mode, targetSeconds: longest.0, toleranceSeconds: longest.1)
      return Rules.reachableTotals(catalog, for: request).largest > 0
    }
  }

  private func generatedCatalogs(_ seeds: [UInt64]) -> [(String, Catalog)] {
    seeds.map { seed in
      (
        "gen-\(sizes.subscriptions)-s\(seed)",
        CatalogGenerator(subscriptions: sizes.subscriptions, seed: seed).catalog()
      )
    }
  }

  private static func targetText(_ request: FillRequest) -> String {
    guard let target = request.targetSeconds else { return "" }
    return " \(Queue.durationText(target)) ± \(Queue.durationText(request.toleranceSeconds))"
  }

  /// The priority shows of the requests: none, then two of the catalog's.
  private static func priorities(_ catalog: Catalog) -> [[String]] {
    guard catalog.shows.count >= 2 else { return [[]] }
    return [[], [catalog.shows[0].feedURL, catalog.shows[catalog.shows.count / 2].feedURL]]
  }

  private func check(_ engine: FillEngine, named name: String, into tally: inout Tally) {
    let catalog = engine.catalog
    for priority in Self.priorities(catalog) {
      for target in Self.targets {
        for tolerance in Self.tolerances {
          let request = FillRequest(
            mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance, priorityShows: priority)
          guard let result = fill(engine, request, named: name, into: &tally) else { continue }
          let greedy = DesignBaseline.greedyFill(
            catalog, targetSeconds: target, toleranceSeconds: tolerance, priorityShows: priority)
          let inside = abs(result.totalSeconds - target) <= tolerance
          let greedyInside = abs(greedy.totalSeconds - target) <= tolerance
          var counts = tally.timed[tolerance] ?? (0, 0, 0)
          counts = (counts.engine + (inside ? 1 : 0), counts.greedy + (greedyInside ? 1 : 0), counts.count + 1)
          tally.timed[tolerance] = counts
          tally.deviation += abs(result.totalSeconds - target)
          tally.greedyDeviation += abs(greedy.totalSeconds - target)
          tally.timedFills += 1
          if result.totalSeconds < target - tolerance, greedyInside {
            tally.underfills.append(
              "\(Queue.durationText(result.totalSeconds)) for \(Self.targetText(request).dropFirst()) on \(name), "
                + "where the design's greedy found \(Queue.durationText(greedy.totalSeconds))")
          }
        }
      }
      for target in [nil, 45 * 60, 90 * 60] {
        let request = FillRequest(mode: .continueSeries, targetSeconds: target, priorityShows: priority)
        let result = fill(engine, request, named: name, into: &tally)
        guard let target, let window = request.window else { continue }
        // The design's loop appends until the total reaches the target, so it can overshoot by an episode.
        let design = DesignBaseline.continueSeries(catalog, targetSeconds: target, priorityShows: priority)
        tally.seriesFills += 1
        tally.seriesOver += (result?.totalSeconds ?? 0) > window.upperBound ? 1 : 0
        tally.designSeriesOver += design.totalSeconds > window.upperBound ? 1 : 0
      }
      for target in [45 * 60, 90 * 60] {
        for tolerance in Self.tolerances {
          let request = FillRequest(
            mode: .variety, targetSeconds: target, toleranceSeconds: tolerance, priorityShows: priority)
          fill(engine, request, named: name, into: &tally)
        }
      }
    }
  }

  /// Fills `request` through the component under test and tallies the rules it broke.
  @discardableResult
  private func fill(_ engine: FillEngine, _ request: FillRequest, named name: String, into tally: inout Tally)
    -> FillResult?
  {
    tally.fills += 1
    let result: FillResult
    do {
      result = try components.fill(engine, request)
    } catch {
      tally.errors.append("\(request.mode.rawValue)\(Self.targetText(request)) on \(name): \(error)")
      return nil
    }
    let violations = ResultCheck(catalog: engine.catalog).violations(of: result, for: request)
    let what = "\(request.mode.rawValue)\(Self.targetText(request)) on \(name)"
    tally.invalid += violations.invalid.map { "\(what): \($0)" }
    tally.skipped += violations.skipped.map { "\(what): \($0)" }
    if let feed = violations.threeInARow { tally.threeInARow.append("\(what): \(feed)") }
    if let total = violations.overfilledSeconds { tally.overfills.append("\(Queue.durationText(total)) for \(what)") }
    if request.mode == .continueSeries || engine.catalog.shows.contains(where: { $0.ordering == .serial }) {
      tally.chainFills += 1
    }
    if request.mode == .variety { tally.varietyFills += 1 }
    return result
  }

  /// The p99 of fill-time fills on `catalog`, in nanoseconds, or `nil` without a catalog.
  private func speed(on catalog: Catalog?) -> UInt64? {
    guard let catalog, sizes.speedFills > 0, let engine = try? FillEngine(catalog: catalog) else { return nil }
    var times: [UInt64] = []
    let shows = catalog.shows.map(\.feedURL)
    for index in 0..<sizes.speedFills {
      let request = FillRequest(
        mode: .fillTime, targetSeconds: Self.targets[index % Self.targets.count],
        priorityShows: shows.isEmpty ? [] : [shows[index % shows.count]])
      let start = components.nanoseconds()
      _ = try? components.fill(engine, request)
      times.append(components.nanoseconds() &- start)
    }
    times.sort()
    return times[max(0, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
  }

  private func report(_ tally: Tally, catalogs: [String], fillable: Bool, queueLine: String?, p99: UInt64?)
    -> AuditCheck
  {
    func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : Double(part) * 100 / Double(whole) }
    func share(_ part: Int, _ whole: Int) -> String { "\(part) of \(whole) (\(Int(percent(part, whole).rounded())) %)" }
    var figures = [
      AuditFigure(
        "fillsRun", .integer(tally.fills),
        "fills run: \(tally.fills) on \(catalogs.joined(separator: ", ")) (fill time, continue series and "
          + "variety, 15 to 90 min)")
    ]
    for (tolerance, key) in [(180, "Three"), (300, "Five")] {
      let counts = tally.timed[tolerance] ?? (0, 0, 0)
      figures.append(
        AuditFigure(
          "inside\(key)MinutesPercent", .number(percent(counts.engine, counts.count), decimals: 1),
          "fill time inside ±\(tolerance / 60) min: \(share(counts.engine, counts.count)); "
            + "the design's greedy: \(share(counts.greedy, counts.count))"))
      figures.append(
        AuditFigure("greedyInside\(key)MinutesPercent", .number(percent(counts.greedy, counts.count), decimals: 1)))
    }
    let mean = tally.timedFills == 0 ? 0 : Double(tally.deviation) / Double(tally.timedFills)
    let greedyMean = tally.timedFills == 0 ? 0 : Double(tally.greedyDeviation) / Double(tally.timedFills)
    figures += [
      AuditFigure(
        "meanDeviationSeconds", .number(mean, decimals: 1),
        "mean deviation from the target: \(Self.seconds(mean)); the design's greedy: \(Self.seconds(greedyMean))"),
      AuditFigure("greedyMeanDeviationSeconds", .number(greedyMean, decimals: 1)),
      AuditFigure(
        "overfills", .integer(tally.overfills.count),
        "overfilled: \(tally.overfills.count), underfilled: \(tally.underfills.count)"),
      AuditFigure("underfills", .integer(tally.underfills.count)),
      AuditFigure(
        "seriesOverfills", .integer(tally.seriesOver),
        "continue series to a target, over its window: \(tally.seriesOver) of \(tally.seriesFills); "
          + "the design's loop: \(tally.designSeriesOver) of \(tally.seriesFills)"),
      AuditFigure("designSeriesOverfills", .integer(tally.designSeriesOver)),
      AuditFigure(
        "skippedEpisodes", .integer(tally.skipped.count),
        "continuity: \(tally.skipped.count) fills skipping an episode or season, of \(tally.chainFills)"),
      AuditFigure(
        "threeInARow", .integer(tally.threeInARow.count),
        "variety: \(tally.threeInARow.count) fills with three in a row from one show, of \(tally.varietyFills)"),
      AuditFigure("invalidFills", .integer(tally.invalid.count + tally.errors.count)),
    ]
    if !fillable {
      // Shares of nothing read as failures and a ✓ beside them as a pass: the figures stay in the JSON only.
      for index in figures.indices.dropFirst() { figures[index].line = nil }
      let longest = ((Self.targets.max() ?? 0) + (Self.tolerances.max() ?? 0)) / 60
      figures.append(
        AuditFigure(
          "checked", .bool(false),
          "not checked: \(catalogs.joined(separator: ", ")) has no episode a fill can take (unplayed, of known "
            + "length, at most \(longest) min), so accuracy, continuity and variety were not checked"))
    }
    if let p99 {
      figures.append(
        AuditFigure(
          "p99Nanoseconds", .integer(Int(p99)),
          "speed: p99 \(Self.milliseconds(p99)) over \(sizes.speedFills) fills of \(sizes.subscriptions) "
            + "subscriptions (budget 500 ms)"))
      figures.append(AuditFigure("budgetNanoseconds", .integer(Int(Self.budgetNanoseconds))))
    }
    if let queueLine { figures.append(AuditFigure("queueFill", .text(queueLine), queueLine)) }

    var findings: [AuditFinding] = []
    func add(_ priority: AuditFinding.Priority, _ kind: AuditFinding.Kind, _ list: [String], _ what: String) {
      guard let first = list.first else { return }
      findings.append(AuditFinding(priority, kind, "\(list.count) \(what) (first: \(first))"))
    }
    add(.high, .fillInvalid, tally.errors + tally.invalid, "fill results break the engine's rules")
    add(.high, .fillSkippedEpisode, tally.skipped, "fills skip an episode or a season of a show")
    add(.high, .fillThreeInARow, tally.threeInARow, "variety fills play one show three times in a row")
    add(.medium, .fillOverfilled, tally.overfills, "fills overfill their window")
    add(.medium, .fillUnderfilled, tally.underfills, "fills fall short of a window that can be reached")
    var status = AuditStatus.working
    if !tally.overfills.isEmpty || !tally.underfills.isEmpty { status = .issues }
    if let p99, p99 > Self.budgetNanoseconds {
      status = max(status, .issues)
      findings.append(
        AuditFinding(
          .medium, .fillTooSlow, "smart fill's p99 is \(Self.milliseconds(p99)), over the design's 500 ms budget"))
    }
    if !(tally.errors + tally.invalid + tally.skipped + tally.threeInARow).isEmpty { status = .broken }
    if !fillable {
      status = max(status, .notChecked)
      findings.append(
        AuditFinding(
          .medium, .fillNotChecked,
          "smart fill was not checked: \(catalogs.joined(separator: ", ")) has no episode a fill can take",
          recommendation: "Audit a catalog with unplayed episodes of known length, or leave out --catalog to "
            + "audit smart fill on generated catalogs"))
    }
    return AuditCheck(area: .smartFill, status: status, figures: figures, findings: findings)
  }

  static func seconds(_ value: Double) -> String {
    String(format: "%.1f s", AuditFigure.rounded(value, decimals: 1))
  }
  static func milliseconds(_ nanoseconds: UInt64) -> String { String(format: "%.1f ms", Double(nanoseconds) / 1e6) }
}
