import SmartFillSupport

extension AuditReport {
  /// The report as one JSON document with stable keys, the same content as ``text``:
  ///
  /// ```json
  /// {
  ///   "feature": "Queue system",
  ///   "scope": "system",
  ///   "queueID": null,
  ///   "complexity": "high",
  ///   "status": "working",
  ///   "functionality": [
  ///     {"area": "queueOperations", "title": "Queue Operations", "status": "working", "words": "All Working",
  ///      "figures": {"operationsPassed": 9, …}, "lines": ["…"]}
  ///   ],
  ///   "issues": [{"priority": "high", "kind": "episodeNotInCatalog", "queueID": "commute", "text": "…",
  ///               "recommendation": "…"}],
  ///   "recommendations": ["…"]
  /// }
  /// ```
  ///
  /// `scope` is `system`, the area's key (`queueOperations`, `autoSwitching`, `smartFill`, `sync`) or
  /// `queue`; figures carry their unit in their key.
  package func jsonText() -> String {
    var json = JSONWriter()
    json.object { json in
      json.member("feature", subject.title)
      switch subject {
      case .system:
        json.member("scope", "system")
        json.member("queueID")
        json.null()
      case .area(let area):
        json.member("scope", area.rawValue)
        json.member("queueID")
        json.null()
      case .queue(let id, _):
        json.member("scope", "queue")
        json.member("queueID", id.rawValue)
      }
      json.member("complexity", complexity.rawValue)
      json.member("status", status.rawValue)
      json.member("functionality")
      json.array { json in
        for check in checks {
          json.element()
          json.object { json in
            json.member("area", check.area.rawValue)
            json.member("title", check.area.title)
            json.member("status", check.status.rawValue)
            json.member("words", check.area.words(for: check.status))
            json.member("figures")
            json.object { json in
              for figure in check.figures {
                json.member(figure.key)
                Self.write(figure.value, into: &json)
              }
            }
            json.member("lines")
            json.strings(check.figures.compactMap(\.line))
          }
        }
      }
      json.member("issues")
      json.array { json in
        for issue in issues {
          json.element()
          json.object { json in
            json.member("priority", issue.priority.rawValue)
            json.member("kind", issue.kind.rawValue)
            json.member("queueID")
            if let queue = issue.queue { json.string(queue.rawValue) } else { json.null() }
            json.member("text", issue.text)
            json.member("recommendation")
            if let recommendation = issue.recommendation { json.string(recommendation) } else { json.null() }
          }
        }
      }
      json.member("recommendations")
      json.array { json in
        for recommendation in recommendations {
          json.element()
          json.string(recommendation)
        }
      }
    }
    return json.text + "\n"
  }

  private static func write(_ value: AuditFigure.Value, into json: inout JSONWriter) {
    switch value {
    case .integer(let number): json.integer(number)
    case .number(let number, let decimals): json.number(AuditFigure.rounded(number, decimals: decimals))
    case .text(let text): json.string(text)
    case .bool(let flag): json.bool(flag)
    case .texts(let texts): json.strings(texts)
    }
  }
}
