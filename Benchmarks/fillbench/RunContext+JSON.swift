import BenchmarkSupport
import SmartFillSupport

extension RunContext {
  /// The JSON report's `context`.
  var json: JSONWriter.Node {
    .object([
      ("swiftVersion", .string(swiftVersion)),
      ("buildConfiguration", .string(configuration)),
      ("cores", .integer(cores)),
      ("date", .string(date)),
      ("gitRevision", gitRevision.map { .string($0) } ?? .null),
      ("gitUncommittedChanges", hasUncommittedChanges.map { .bool($0) } ?? .null),
      ("arguments", .array(arguments.map { .string($0) })),
    ])
  }
}
