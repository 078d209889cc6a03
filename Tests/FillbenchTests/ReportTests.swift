import SmartFill
import Testing

@testable import fillbench

@Suite("The fill cases' report")
struct ReportTests {
  @Test("the default table: each catalog's cases under its name and figures, then the design's beside them")
  func narrowTable() {
    #expect(
      Report.table(CaseResult.fixtures).split(separator: "\n", omittingEmptySubsequences: false) == [
        "Fills of a hot engine, wall time per fill (hit: inside the window, of the requests that can be):",
        "case                        p50      p90      p99       max          hit  mean dev  worst dev",
        "----------------------  -------  -------  -------  --------  -----------  --------  ---------",
        "gen-100-s1: 100 subscriptions, 5529 episodes, peak resident memory 124.7 MB",
        "fill-time 45m ±3m       11.4 µs  15.4 µs  21.2 µs   30.3 µs  100 % (4/4)      26 s       56 s",
        "variety 8h ±3m          23.9 µs  74.3 µs  85.0 µs  105.4 µs  100 % (4/4)      44 s       58 s",
        "gen-10-s7: 10 subscriptions, 905 episodes, peak resident memory unknown",
        "continue-series 8h ±3m  41.3 µs  43.0 µs  69.0 µs   1.23 ms   75 % (3/4)      10 s       10 s",
        "",
        "The design's algorithms on the same requests (its greedy fill, its continue-series loop):",
        "case                    design hit  design mean dev  design worst  design p50  speed-up",
        "----------------------  ----------  ---------------  ------------  ----------  --------",
        "gen-100-s1",
        "fill-time 45m ±3m            100 %            107 s         110 s    243.1 µs     21.3×",
        "variety 8h ±3m               100 %             61 s          62 s    267.2 µs     11.2×",
        "gen-10-s7",
        "continue-series 8h ±3m         0 %           1501 s        1501 s     59.4 µs      1.4×",
      ])
  }

  @Test("the default table fits 100 columns with the full run's longest names and widest figures")
  func narrowFits() {
    // The full run's longest case label and catalog name, and the widest figure each column can show.
    let widest = CaseResult.fixture(
      catalog: "gen-10000-s1", subscriptions: 10_000, episodes: 999_999, .continueSeries, target: 90 * 60,
      tolerance: 300, times: [999_900, 999_900, 999_900, 999_990_000], hit: (1, 8, 8), deviation: (9999, 99999),
      design: (1, 99999, 99999, 999_990_000), peak: 9_999_000_000)
    let lines = Report.table(CaseResult.fixtures + [widest]).split(separator: "\n")
    for line in lines { #expect(line.count <= TextTable.defaultWidth, "\(line.count): \(line)") }
    #expect(lines.contains { $0.hasPrefix("continue-series 90m ±5m") })
  }

  @Test("the wide table and the Markdown one have every column and each case's full name")
  func wideAndMarkdown() {
    let wide = Report.table(CaseResult.fixtures, wide: true).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(wide[0].hasPrefix("case                              subs  episodes      p50"))
    #expect(wide[2].hasPrefix("gen-100-s1 fill-time 45m ±3m       100      5529  11.4 µs"))
    #expect(
      wide.suffix(2) == ["peak resident memory, gen-100-s1: 124.7 MB", "peak resident memory, gen-10-s7: unknown"])
    #expect(wide.contains { $0.count > TextTable.defaultWidth })
    let markdown = Report.markdown(CaseResult.fixtures).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      markdown[0]
        == "| case | subs | episodes | p50 | p90 | p99 | max | hit | mean \\|dev\\| | worst \\|dev\\| | design hit | "
        + "design mean \\|dev\\| | design worst | design p50 | speed-up |")
    #expect(
      markdown[2]
        == "| gen-100-s1 fill-time 45m ±3m | 100 | 5529 | 11.4 µs | 15.4 µs | 21.2 µs | 30.3 µs | 100 % (4/4) | 26 s | "
        + "56 s | 100 % | 107 s | 110 s | 243.1 µs | 21.3× |")
    #expect(
      markdown.suffix(2) == [
        "- peak resident memory, gen-100-s1: 124.7 MB", "- peak resident memory, gen-10-s7: unknown",
      ])
  }
}
