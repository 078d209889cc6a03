import BenchmarkSupport
import SmartFill
import SmartFillSupport
import SyntheticCatalogs

/// One change applied to a hot engine in place, then the next fill: what an app pays when the listener
/// finishes an episode and the queue refills. The episode is marked played, then unplayed again on the next
/// iteration, so the catalog stays the same size and each pair is a real change.
struct ChangeSuite {
  struct Row {
    var name: String
    var subscriptions: Int
    var times: Percentiles
    var samples: Int
    /// A fill from a freshly built engine after the same change gave the same result (checked once per case).
    var matchesRebuild: Bool
  }

  let quick: Bool

  /// The table's title.
  static let title = "One change in place plus the next fill"

  func run() throws -> [Row] {
    var rows: [Row] = []
    for subscriptions in quick ? [100] : [100, 10_000] {
      let catalog = CatalogGenerator(subscriptions: subscriptions, seed: 1).catalog()
      var engine = try FillEngine(catalog: catalog)
      let request = FillRequest(mode: .fillTime, targetSeconds: 45 * 60)
      // Unplayed episodes spread over the catalog, taken in turn.
      let ids = catalog.shows.enumerated().compactMap { index, show -> EpisodeID? in
        guard index % 7 == 0, let episode = show.episodes.first(where: { !$0.isPlayed }) else { return nil }
        return EpisodeID(feedURL: show.feedURL, guid: episode.guid)
      }
      try engine.apply(.markPlayed(ids[0]))
      let matches = try engine.fill(request) == FillEngine(catalog: engine.catalog).fill(request)
      try engine.apply(.markUnplayed(ids[0]))
      var samples: [UInt64] = []
      let count = quick ? 100 : 400
      for iteration in 0..<count {
        let id = ids[iteration / 2 % ids.count]
        let change: FillEngine.Change = iteration % 2 == 0 ? .markPlayed(id) : .markUnplayed(id)
        let started = Measurement.now()
        try engine.apply(change)
        Measurement.blackHole(try engine.fill(request))
        samples.append(Measurement.now() - started)
      }
      rows.append(
        Row(
          name: "gen-\(subscriptions)-s1 mark played + fill-time 45m", subscriptions: subscriptions,
          times: Percentiles(samples), samples: samples.count, matchesRebuild: matches))
    }
    return rows
  }

  /// The rows as the JSON report's `changes`: each with `name`, `subscriptions`, `p50Nanoseconds`,
  /// `p90Nanoseconds`, `p99Nanoseconds`, `maxNanoseconds`, `fills` and `matchesRebuild`.
  static func json(_ rows: [Row]) -> JSONWriter.Node {
    .array(
      rows.map { row in
        .object(
          [
            ("name", .string(row.name)),
            ("subscriptions", .integer(row.subscriptions)),
          ] + Report.percentileMembers(row.times) + [
            ("fills", .integer(row.samples)),
            ("matchesRebuild", .bool(row.matchesRebuild)),
          ])
      })
  }

  /// The rows as a Markdown or plain table; the plain one leaves out the subscriptions (the name has them) and
  /// the number of fills unless `wide`, so that it fits ``TextTable/defaultWidth``.
  static func table(_ rows: [Row], markdown: Bool, wide: Bool = false) -> String {
    let header = ["case", "subs", "p50", "p90", "p99", "max", "fills", "same as rebuilt"]
    let cells = rows.map { row in
      [
        row.name, "\(row.subscriptions)", Report.duration(row.times.p50), Report.duration(row.times.p90),
        Report.duration(row.times.p99), Report.duration(row.times.max), "\(row.samples)",
        row.matchesRebuild ? "yes" : "NO",
      ]
    }
    if markdown { return TextTable.markdown([header] + cells).joined(separator: "\n") + "\n" }
    let left = wide ? [] : ["subs", "fills"]
    let shown = ([header] + cells).map { line in line.indices.filter { !left.contains(header[$0]) }.map { line[$0] } }
    return TextTable.aligned(shown).joined(separator: "\n") + "\n"
  }
}
