import BenchmarkSupport

extension Report {
  /// What fillbench prints on standard output but JSON: the tables, then the verdict; in Markdown, first the
  /// run's context, so that the page stands on its own as the current results.
  static func document(
    format: Options.Format, wide: Bool, context: RunContext, results: [CaseResult], pipeline: [PipelineSuite.Row],
    notes: [String], changes: [ChangeSuite.Row], verdict: Verdict
  ) -> String {
    var sections: [String] = []
    switch format {
    case .markdown:
      sections.append((["## fillbench results", ""] + context.markdownLines).joined(separator: "\n"))
      if !results.isEmpty { sections.append("### Fills\n\n" + markdown(results)) }
      sections.append(PipelineReport.markdown(pipeline, notes: notes))
      if !changes.isEmpty {
        sections.append("### \(ChangeSuite.title)\n\n" + ChangeSuite.table(changes, markdown: true, wide: true))
      }
      sections.append(verdict.markdownLines.joined(separator: "\n"))
    case .table:
      if !results.isEmpty { sections.append(table(results, wide: wide)) }
      sections.append(PipelineReport.table(pipeline, notes: notes, wide: wide))
      if !changes.isEmpty {
        sections.append("\(ChangeSuite.title):\n" + ChangeSuite.table(changes, markdown: false, wide: wide))
      }
      sections.append(verdict.lines.joined(separator: "\n"))
    }
    return sections.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n\n") + "\n"
  }
}
