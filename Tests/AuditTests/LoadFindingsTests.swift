import Foundation
import Queues
import Testing

@testable import Audit

/// What a load left out of a store, as one HIGH line naming the first value.
@Suite("Load findings")
struct LoadFindingsTests {
  @Test("a store read whole has no finding; one read in part has one HIGH line naming the first issue")
  func readInPart() throws {
    let library = cleanLibrary()
    #expect(LoadFindings.findings([], library: library).isEmpty)
    var text = library.jsonText()
    let name = try #require(text.range(of: "\"name\": \"😴 Sleep\""))
    text.replaceSubrange(name, with: "\"name\": \"\"")
    let (loaded, issues) = try QueueLibrary.salvaging(json: Array(text.utf8), now: fixtureNow)
    let findings = LoadFindings.findings(issues, library: loaded)
    #expect(findings.map(\.kind) == [.storeReadInPart])
    #expect(findings.map(\.priority) == [.high])
    let text0 = findings.first?.text ?? ""
    #expect(
      text0.hasPrefix("The store could be read only in part: 1 value was left out or replaced, the first at queues["))
    #expect(text0.contains("].name: "), "\(text0)")
    #expect(text0.hasSuffix("was not loaded"), "\(text0)")
  }
}
