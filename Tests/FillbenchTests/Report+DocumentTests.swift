import BenchmarkSupport
import Testing

@testable import fillbench

@Suite("fillbench's standard output")
struct ReportDocumentTests {
  static let pipeline = [
    PipelineSuite.Row(
      name: "gen-100-s42", bytes: 2_000_000, subscriptions: 100, episodes: 7336, parse: Percentiles([2_140_000]),
      parseCPU: Percentiles([2_000_000]), fileRead: Percentiles([2_270_000]), build: Percentiles([2_050_000]),
      process: nil)
  ]

  static let changes = [
    ChangeSuite.Row(
      name: "gen-100-s1 mark played + fill-time 45m", subscriptions: 100,
      times: {
        var times = Percentiles([])
        (times.p50, times.p90, times.p99, times.max) = (15_500, 18_800, 22_000, 60_100)
        return times
      }(), samples: 100, matchesRebuild: true)
  ]

  static let verdict = Verdict(
    correctness: Verdict.correctness(cases: 3, plainRuleChecks: 6, catalogsReadBack: 1, changes: 1, problems: []),
    budget: Verdict.budget(CaseResult.fixtures, milliseconds: 500),
    thresholds: Verdict.thresholds(exceeded: [], path: "t.json", updated: false), goals: [])

  static func document(_ format: Options.Format) -> String {
    Report.document(
      format: format, wide: false, context: RunContextTests.context, results: CaseResult.fixtures,
      pipeline: pipeline, notes: ["a note"], changes: changes, verdict: verdict)
  }

  @Test("Markdown: the context, the results, the pipeline and change tables, the verdict, each a section")
  func markdown() {
    #expect(
      Self.document(.markdown) == """
        ## fillbench results

        - Swift: Swift version 6.2 (swift-6.2-RELEASE)
        - configuration: release
        - cores: 2
        - revision: `24a3a92d9f1e` with uncommitted changes
        - date: 2026-12-05T19:00:00Z
        - command: `fillbench --quick --format markdown`

        ### Fills

        | case | subs | episodes | p50 | p90 | p99 | max | hit | mean \\|dev\\| | worst \\|dev\\| | design hit | design mean \\|dev\\| | design worst | design p50 | speed-up |
        |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
        | gen-100-s1 fill-time 45m ±3m | 100 | 5529 | 11.4 µs | 15.4 µs | 21.2 µs | 30.3 µs | 100 % (4/4) | 26 s | 56 s | 100 % | 107 s | 110 s | 243.1 µs | 21.3× |
        | gen-100-s1 variety 8h ±3m | 100 | 5529 | 23.9 µs | 74.3 µs | 85.0 µs | 105.4 µs | 100 % (4/4) | 44 s | 58 s | 100 % | 61 s | 62 s | 267.2 µs | 11.2× |
        | gen-10-s7 continue-series 8h ±3m | 10 | 905 | 41.3 µs | 43.0 µs | 69.0 µs | 1.23 ms | 75 % (3/4) | 10 s | 10 s | 0 % | 1501 s | 1501 s | 59.4 µs | 1.4× |

        - peak resident memory, gen-100-s1: 124.7 MB
        - peak resident memory, gen-10-s7: unknown

        ### From bytes to queue

        | catalog | subs | episodes | size | parse p50 | parse | parse, CPU | file read p50 | engine build p50 | smartfill fill p50 | fill p90 | fill CPU p50 | peak RSS |
        |---|---|---|---|---|---|---|---|---|---|---|---|---|
        | gen-100-s42 | 100 | 7336 | 2.0 MB | 2.14 ms | 935 MB/s | 1000 MB/s | 2.27 ms | 2.05 ms | – | – | – | – |

        - a note

        ### One change in place plus the next fill

        | case | subs | p50 | p90 | p99 | max | fills | same as rebuilt |
        |---|---|---|---|---|---|---|---|
        | gen-100-s1 mark played + fill-time 45m | 100 | 15.5 µs | 18.8 µs | 22.0 µs | 60.1 µs | 100 | yes |

        ### Verdict

        **PASS (exit status 0)**

        - correctness: passed (3 cases checked against the rules' plain definitions, 6 selections compared with a plain rule's, 1 catalog read back, 1 change beside a rebuilt engine)
        - p99 budget: passed (every 100-subscription case within 500 ms; the highest 85.0 µs, gen-100-s1 variety 8h ±3m)
        - committed thresholds: passed (every case's p50 within 4× its committed p50 plus 0.2 ms, measured twice before failing)

        """)
  }

  @Test("plain: the tables in 100 columns, a blank line between them, the verdict last")
  func plain() {
    let lines = Self.document(.table).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= TextTable.defaultWidth })
    #expect(
      lines.first == "Fills of a hot engine, wall time per fill (hit: inside the window, of the requests that can be):")
    let pipeline = lines.firstIndex(of: "From bytes to queue:")!
    #expect(lines[pipeline - 1] == "")
    #expect(
      Array(lines[pipeline...]) == [
        "From bytes to queue:",
        "catalog      subs    size  parse p50     parse  engine build p50  smartfill fill p50  peak RSS",
        "-----------  ----  ------  ---------  --------  ----------------  ------------------  --------",
        "gen-100-s42   100  2.0 MB    2.14 ms  935 MB/s           2.05 ms                   –         –",
        "",
        "note: a note",
        "",
        "One change in place plus the next fill:",
        "case                                        p50      p90      p99      max  same as rebuilt",
        "--------------------------------------  -------  -------  -------  -------  ---------------",
        "gen-100-s1 mark played + fill-time 45m  15.5 µs  18.8 µs  22.0 µs  60.1 µs              yes",
        "",
        "Verdict: PASS (exit status 0)",
        "  correctness: passed (3 cases checked against the rules' plain definitions, 6 selections compared",
        "    with a plain rule's, 1 catalog read back, 1 change beside a rebuilt engine)",
        "  p99 budget: passed (every 100-subscription case within 500 ms; the highest 85.0 µs, gen-100-s1",
        "    variety 8h ±3m)",
        "  committed thresholds: passed (every case's p50 within 4× its committed p50 plus 0.2 ms, measured",
        "    twice before failing)",
        "",
      ])
  }

  @Test("a note longer than the plain table's width is wrapped, each line within 100 columns")
  func longNote() {
    let note =
      "smartfill was not found next to fillbench, so the process columns are empty: build it with "
      + "`swift build -c release --product smartfill`"
    #expect(
      PipelineReport.table(Self.pipeline, notes: [note]).split(separator: "\n").suffix(2) == [
        "note: smartfill was not found next to fillbench, so the process columns are empty: build it with",
        "      `swift build -c release --product smartfill`",
      ])
  }
}
