import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

/// A show tied to a deleted queue, and one tied to two queues in a store: each finding, with its priority.
@Suite("Routing findings")
struct RoutingFindingsTests {
  /// The clean library with Daily tied to 🚗 Commute and Saga to 😴 Sleep.
  static func tied() throws -> QueueLibrary {
    var library = cleanLibrary()
    try library.tieShow(dailyURL, titled: "Daily", to: .commute, now: fixtureNow)
    try library.tieShow(sagaURL, titled: "Saga", to: .sleep, now: fixtureNow)
    return library
  }

  @Test("ties to listed queues have no finding")
  func clean() throws {
    #expect(RoutingFindings.findings(in: try Self.tied(), loadIssues: []).isEmpty)
  }

  @Test("a show tied to a deleted queue: HIGH when its new episodes go nowhere, LOW when they go to Up Next")
  func deletedQueue() throws {
    var library = try Self.tied()
    try library.delete(library.deletion(of: .commute), now: fixtureNow)
    let findings = RoutingFindings.findings(in: library, loadIssues: [])
    #expect(findings.map(\.kind) == [.showTiedToDeletedQueue])
    #expect(findings.map(\.priority) == [.high])
    #expect(
      findings.first?.text
        == "1 show is tied to 🚗 Commute, which was deleted: \"Daily\"; its new episodes go to no queue")
    #expect(findings.first?.recommendation == "Restore 🚗 Commute, or tie \"Daily\" to another queue")
    library.untiedShowsGoToUpNext = true
    let toUpNext = RoutingFindings.findings(in: library, loadIssues: [])
    #expect(toUpNext.map(\.priority) == [.low])
    #expect(toUpNext.first?.text.hasSuffix("go to Up Next") == true)
    // Tied anew since: the deleted queue's tie no longer decides.
    try library.tieShow(dailyURL, to: .workout, now: fixtureNow)
    #expect(RoutingFindings.findings(in: library, loadIssues: []).isEmpty)
  }

  @Test("a show tied to two queues in a hand-edited store: MEDIUM, naming the queue kept and the one left out")
  func tiedTwice() throws {
    let library = try Self.tied()
    var text = library.jsonText()
    // The Sleep queue's tie of Saga, written for Daily too: Commute comes first in the file and keeps it.
    let sagaTie = try #require(text.range(of: "\"feedURL\": \"\(sagaURL)\""))
    text.replaceSubrange(sagaTie, with: "\"feedURL\": \"\(dailyURL)\"")
    let (loaded, issues) = try QueueLibrary.salvaging(json: Array(text.utf8), now: fixtureNow)
    #expect(issues.count == 1, "\(issues)")
    let findings = RoutingFindings.findings(in: loaded, loadIssues: issues)
    #expect(findings.map(\.kind) == [.showTiedTwice])
    #expect(findings.map(\.priority) == [.medium])
    #expect(findings.map(\.queue) == [.sleep])
    #expect(
      findings.first?.text
        == "\"Daily\" is tied to both 🚗 Commute and 😴 Sleep in the store: a show goes to one queue, so the first "
        + "tie, to 🚗 Commute, holds and the one to 😴 Sleep was left out")
    #expect(LoadFindings.findings(issues, library: loaded).isEmpty, "the tie is this line's, not the load's")
    #expect(RoutingFindings.findings(in: loaded, loadIssues: issues, only: .workout).isEmpty)
  }
}
