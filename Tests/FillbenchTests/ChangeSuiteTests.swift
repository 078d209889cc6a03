import Foundation
import Testing

@testable import fillbench

@Suite("Change suite")
struct ChangeSuiteTests {
  @Test("the quick change suite times 100 changes plus fills on 100 subscriptions, and its JSON holds the row")
  func quickRowAndJSON() throws {
    let rows = try ChangeSuite(quick: true).run()
    try #require(rows.count == 1)
    let row = rows[0]
    #expect(row.name == "gen-100-s1 mark played + fill-time 45m")
    #expect(row.subscriptions == 100)
    #expect(row.samples == 100)
    #expect(row.matchesRebuild)
    #expect(row.times.p50 <= row.times.p99 && row.times.p99 <= row.times.max)

    let text = Report.json([], changes: ChangeSuite.json(rows))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let changes = try #require(document["changes"] as? [[String: Any]])
    try #require(changes.count == 1)
    #expect(changes[0]["name"] as? String == row.name)
    #expect(changes[0]["subscriptions"] as? Int == 100)
    #expect(changes[0]["fills"] as? Int == 100)
    #expect(changes[0]["p50Nanoseconds"] as? Int == Int(row.times.p50))
    #expect(changes[0]["p99Nanoseconds"] as? Int == Int(row.times.p99))
    #expect(changes[0]["matchesRebuild"] as? Bool == true)
  }
}
