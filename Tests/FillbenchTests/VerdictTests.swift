import Foundation
import SmartFill
import Testing

@testable import fillbench

@Suite("The closing verdict")
struct VerdictTests {
  static let thresholdsPath = "Benchmarks/Thresholds/fillbench.json"

  static let goals = [
    Verdict.Goal(
      name: "parse ≥ 250 MB/s on every catalog", isMet: true,
      detail: "slowest 915 MB/s, 917 MB/s of CPU time, gen-30-s11"),
    Verdict.Goal(
      name: "smartfill fill on gen-100-s42 ≤ 15.00 ms", isMet: false, detail: "p50 16.20 ms, CPU p50 9.10 ms, 10 runs"),
  ]

  static func verdict(
    problems: [String] = [], results: [CaseResult] = CaseResult.fixtures, exceeded: [String]? = nil
  ) -> Verdict {
    Verdict(
      correctness: Verdict.correctness(
        cases: 24, plainRuleChecks: 24, catalogsReadBack: 3, changes: 1, problems: problems),
      budget: Verdict.budget(results, milliseconds: 500),
      thresholds: Verdict.thresholds(exceeded: exceeded, path: thresholdsPath, updated: false), goals: goals)
  }

  @Test("a pass: the gate's three checks, then the goals labelled aspirational, a goal not met is no failure")
  func pass() throws {
    let verdict = Self.verdict()
    #expect(verdict.exitStatus == 0)
    #expect(
      verdict.lines == [
        "Verdict: PASS (exit status 0)",
        "  correctness: passed (24 cases checked against the rules' plain definitions, 24 selections compared",
        "    with a plain rule's, 3 catalogs read back, 1 change beside a rebuilt engine)",
        "  p99 budget: passed (every 100-subscription case within 500 ms; the highest 85.0 µs, gen-100-s1",
        "    variety 8h ±3m)",
        "  committed thresholds: not checked (--check-thresholds compares each p50 with",
        "    Benchmarks/Thresholds/fillbench.json)",
        "Aspirational goals, reported and not gated (they change neither the verdict nor the exit status):",
        "  met: parse ≥ 250 MB/s on every catalog (slowest 915 MB/s, 917 MB/s of CPU time, gen-30-s11)",
        "  not met yet: smartfill fill on gen-100-s42 ≤ 15.00 ms (p50 16.20 ms, CPU p50 9.10 ms, 10 runs)",
      ])
    #expect(
      verdict.markdownLines == [
        "### Verdict",
        "",
        "**PASS (exit status 0)**",
        "",
        "- correctness: passed (24 cases checked against the rules' plain definitions, 24 selections compared "
          + "with a plain rule's, 3 catalogs read back, 1 change beside a rebuilt engine)",
        "- p99 budget: passed (every 100-subscription case within 500 ms; the highest 85.0 µs, gen-100-s1 variety "
          + "8h ±3m)",
        "- committed thresholds: not checked (--check-thresholds compares each p50 with "
          + "Benchmarks/Thresholds/fillbench.json)",
        "",
        "Aspirational goals, reported and not gated (they change neither the verdict nor the exit status):",
        "",
        "- met: parse ≥ 250 MB/s on every catalog (slowest 915 MB/s, 917 MB/s of CPU time, gen-30-s11)",
        "- not met yet: smartfill fill on gen-100-s42 ≤ 15.00 ms (p50 16.20 ms, CPU p50 9.10 ms, 10 runs)",
      ])
  }

  @Test("a wrong result fails with exit status 1 and lists the first five problems, whatever else held")
  func correctnessFailure() {
    let problems = (1...7).map { "gen-100-s1 fill-time 45m ±3m: instance \($0): feasible but short at 2400 s" }
    let verdict = Self.verdict(problems: problems, exceeded: ["gen-100-s1 variety 8h ±3m: p50 2.00 ms exceeds"])
    #expect(verdict.exitStatus == 1)
    #expect(
      Array(verdict.lines.prefix(9)) == [
        "Verdict: FAIL (exit status 1): a result is wrong",
        "  correctness: failed (24 cases checked against the rules' plain definitions, 24 selections compared",
        "    with a plain rule's, 3 catalogs read back, 1 change beside a rebuilt engine)",
        "    - gen-100-s1 fill-time 45m ±3m: instance 1: feasible but short at 2400 s",
        "    - gen-100-s1 fill-time 45m ±3m: instance 2: feasible but short at 2400 s",
        "    - gen-100-s1 fill-time 45m ±3m: instance 3: feasible but short at 2400 s",
        "    - gen-100-s1 fill-time 45m ±3m: instance 4: feasible but short at 2400 s",
        "    - gen-100-s1 fill-time 45m ±3m: instance 5: feasible but short at 2400 s",
        "    - and 2 more (`--json` lists every one)",
      ])
  }

  @Test("a committed threshold or the p99 budget exceeded fails with exit status 2")
  func overThresholdOrBudget() {
    let threshold = Self.verdict(exceeded: ["gen-100-s1 variety 8h ±3m: p50 2.00 ms exceeds 4× the committed 23.9 µs"])
    #expect(threshold.exitStatus == 2)
    #expect(
      Array(threshold.lines.prefix(1)) + Array(threshold.lines[5...7]) == [
        "Verdict: FAIL (exit status 2): over the p99 budget or a committed threshold",
        "  committed thresholds: failed (every case's p50 within 4× its committed p50 plus 0.2 ms, measured",
        "    twice before failing)",
        "    - gen-100-s1 variety 8h ±3m: p50 2.00 ms exceeds 4× the committed 23.9 µs",
      ])
    var slow = CaseResult.fixtures
    slow[1].times.p99 = 600_000_000
    let budget = Self.verdict(results: slow, exceeded: [])
    #expect(budget.exitStatus == 2)
    #expect(budget.budget.outcome == .failed)
    #expect(budget.budget.problems == ["gen-100-s1 variety 8h ±3m: p99 600.00 ms"])
    #expect(budget.thresholds.outcome == .passed)
    // A 10-subscription case over the budget is not gated.
    var small = CaseResult.fixtures
    small[2].times.p99 = 600_000_000
    #expect(Self.verdict(results: small).exitStatus == 0)
  }

  @Test("a run that checked nothing does not claim a pass, and says what was not checked")
  func nothingChecked() {
    let verdict = Verdict(
      correctness: Verdict.correctness(cases: 0, plainRuleChecks: 0, catalogsReadBack: 0, changes: 0, problems: []),
      budget: Verdict.budget([], milliseconds: 500),
      thresholds: Verdict.thresholds(exceeded: nil, path: Self.thresholdsPath, updated: true), goals: [])
    #expect(verdict.exitStatus == 0)
    #expect(
      verdict.lines == [
        "Verdict: NOTHING CHECKED (exit status 0): no case ran and no catalog was read",
        "  correctness: not checked (nothing ran that it checks)",
        "  p99 budget: not checked (no 100-subscription case ran)",
        "  committed thresholds: not checked (this run rewrote them in Benchmarks/Thresholds/fillbench.json)",
      ])
  }

  @Test("the JSON verdict carries the exit status, each check's outcome and the goals")
  func json() throws {
    let text = Report.json([], verdict: Self.verdict(exceeded: []).json)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let verdict = try #require(document["verdict"] as? [String: Any])
    #expect(verdict["exitStatus"] as? Int == 0)
    #expect((verdict["correctness"] as? [String: Any])?["outcome"] as? String == "passed")
    #expect((verdict["thresholds"] as? [String: Any])?["outcome"] as? String == "passed")
    let goals = try #require(verdict["aspirationalGoals"] as? [[String: Any]])
    #expect(goals.map { $0["met"] as? Bool } == [true, false])
    #expect(goals.first?["goal"] as? String == "parse ≥ 250 MB/s on every catalog")
  }
}
