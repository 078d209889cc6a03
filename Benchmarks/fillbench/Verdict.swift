import SmartFillSupport

/// fillbench's closing verdict, the last thing it prints: the CI gate's three checks (correctness, the p99
/// budget, the committed thresholds), which alone decide the exit status, and the aspirational goals beside
/// them, which never do.
struct Verdict: Equatable {
  /// One of the gate's checks.
  struct Gate: Equatable {
    /// How a check came out.
    enum Outcome: String, Equatable {
      case passed
      case failed
      /// Not run: nothing it applies to ran, or its option was not given.
      case notChecked = "not checked"
    }

    /// "correctness", "p99 budget", "committed thresholds".
    var name: String
    var outcome: Outcome
    /// What it checked, or why it was not checked.
    var detail: String
    /// What failed, one line each.
    var problems: [String] = []
  }

  /// An aspirational goal: measured and reported, never gated (the machines are shared and noisy).
  struct Goal: Equatable {
    var name: String
    var isMet: Bool
    /// The figures behind it.
    var detail: String
  }

  var correctness: Gate
  var budget: Gate
  var thresholds: Gate
  var goals: [Goal]

  /// The most problems a failed check lists in the verdict (the JSON report lists every one).
  static let problemsShown = 5

  /// 1 when a result is wrong, else 2 when a case is over the budget or its threshold, else 0.
  var exitStatus: Int32 {
    if correctness.outcome == .failed { return ExitStatus.failure }
    if budget.outcome == .failed || thresholds.outcome == .failed { return ExitStatus.thresholdExceeded }
    return ExitStatus.success
  }

  /// "PASS (exit status 0)", "FAIL (exit status 1): a result is wrong", …; a run that checked nothing (no case
  /// ran and no catalog was read) does not claim a pass.
  var headline: String {
    switch exitStatus {
    case ExitStatus.success:
      return correctness.outcome == .notChecked
        ? "NOTHING CHECKED (exit status 0): no case ran and no catalog was read" : "PASS (exit status 0)"
    case ExitStatus.failure: return "FAIL (exit status 1): a result is wrong"
    default: return "FAIL (exit status \(exitStatus)): over the p99 budget or a committed threshold"
    }
  }

  /// The verdict as the plain report's last lines, wrapped to ``TextTable/defaultWidth`` columns.
  var lines: [String] {
    var lines = ["Verdict: \(headline)"]
    for gate in [correctness, budget, thresholds] {
      lines += TextTable.wrapped("  \(gate.name): \(gate.outcome.rawValue) (\(gate.detail))")
      lines += Self.shown(gate.problems).flatMap { TextTable.wrapped("    - \($0)", indent: 6) }
    }
    if !goals.isEmpty {
      lines.append("Aspirational goals, reported and not gated (they change neither the verdict nor the exit status):")
      lines += goals.flatMap { TextTable.wrapped("  \($0.isMet ? "met" : "not met yet"): \($0.name) (\($0.detail))") }
    }
    return lines
  }

  /// The verdict as the Markdown report's last section.
  var markdownLines: [String] {
    var lines = ["### Verdict", "", "**\(headline)**", ""]
    for gate in [correctness, budget, thresholds] {
      lines.append("- \(gate.name): \(gate.outcome.rawValue) (\(gate.detail))")
      lines += Self.shown(gate.problems).map { "  - \($0)" }
    }
    if !goals.isEmpty {
      lines += [
        "", "Aspirational goals, reported and not gated (they change neither the verdict nor the exit status):", "",
      ]
      lines += goals.map { "- \($0.isMet ? "met" : "not met yet"): \($0.name) (\($0.detail))" }
    }
    return lines
  }

  /// The JSON report's `verdict`.
  var json: JSONWriter.Node {
    func gate(_ gate: Gate) -> JSONWriter.Node {
      .object([
        ("outcome", .string(gate.outcome.rawValue)), ("detail", .string(gate.detail)),
        ("problems", .array(gate.problems.map { .string($0) })),
      ])
    }
    return .object([
      ("exitStatus", .integer(Int(exitStatus))),
      ("correctness", gate(correctness)), ("budget", gate(budget)), ("thresholds", gate(thresholds)),
      (
        "aspirationalGoals",
        .array(
          goals.map {
            .object([("goal", .string($0.name)), ("met", .bool($0.isMet)), ("detail", .string($0.detail))])
          })
      ),
    ])
  }

  /// The first ``problemsShown`` problems, and how many more there are.
  static func shown(_ problems: [String]) -> [String] {
    let more = problems.count - problemsShown
    return Array(problems.prefix(problemsShown)) + (more > 0 ? ["and \(more) more (`--json` lists every one)"] : [])
  }

  // MARK: The gate's checks, from a run's figures

  /// Correctness: every case against the rules' plain definitions, the datasets read back, the changes beside
  /// a rebuilt engine. `problems` are every failure, "case: what".
  static func correctness(
    cases: Int, plainRuleChecks: Int, catalogsReadBack: Int, changes: Int, problems: [String]
  ) -> Gate {
    var checked: [String] = []
    if cases > 0 { checked.append("\(cases) cases checked against the rules' plain definitions") }
    if plainRuleChecks > 0 { checked.append("\(plainRuleChecks) selections compared with a plain rule's") }
    if catalogsReadBack > 0 {
      checked.append("\(catalogsReadBack) \(catalogsReadBack == 1 ? "catalog" : "catalogs") read back")
    }
    if changes > 0 { checked.append("\(changes) \(changes == 1 ? "change" : "changes") beside a rebuilt engine") }
    let outcome: Gate.Outcome = !problems.isEmpty ? .failed : checked.isEmpty ? .notChecked : .passed
    return Gate(
      name: "correctness", outcome: outcome,
      detail: checked.isEmpty ? "nothing ran that it checks" : checked.joined(separator: ", "), problems: problems)
  }

  /// The p99 budget of every 100-subscription case.
  static func budget(_ results: [CaseResult], milliseconds: Double) -> Gate {
    let hundred = results.filter { $0.subscriptions == 100 }
    guard let slowest = hundred.max(by: { $0.times.p99 < $1.times.p99 }) else {
      return Gate(name: "p99 budget", outcome: .notChecked, detail: "no 100-subscription case ran")
    }
    let limit = milliseconds * 1e6
    let over = hundred.filter { Double($0.times.p99) > limit }
    return Gate(
      name: "p99 budget", outcome: over.isEmpty ? .passed : .failed,
      detail: "every 100-subscription case within \(Report.number(milliseconds)) ms; the highest "
        + "\(Report.duration(slowest.times.p99)), \(slowest.name)",
      problems: over.map { "\($0.name): p99 \(Report.duration($0.times.p99))" })
  }

  /// The committed p50 thresholds: `exceeded` are the cases still over theirs when measured again, each
  /// "case: p50 … exceeds …"; `nil` when they were not checked.
  static func thresholds(exceeded: [String]?, path: String, updated: Bool) -> Gate {
    guard let exceeded else {
      return Gate(
        name: "committed thresholds", outcome: .notChecked,
        detail: updated
          ? "this run rewrote them in \(path)" : "--check-thresholds compares each p50 with \(path)")
    }
    return Gate(
      name: "committed thresholds", outcome: exceeded.isEmpty ? .passed : .failed,
      detail: "every case's p50 within \(Report.number(Thresholds.factor))× its committed p50 plus "
        + "\(Report.number(Thresholds.slackNanoseconds / 1e6)) ms, measured twice before failing",
      problems: exceeded)
  }
}
