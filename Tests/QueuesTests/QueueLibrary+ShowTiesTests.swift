import Foundation
import Queues
import SmartFill
import Testing

let dailyFeed = "https://example.com/daily.xml"
let hardForkFeed = "https://example.com/hard-fork.xml"

@Suite("Shows tied to queues")
struct QueueLibraryShowTiesTests {
  @Test("a show is tied to one queue: tying it elsewhere moves it, and the message says from where")
  func oneQueue() throws {
    var library = QueueLibrary(now: testDate)
    let first = try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, placement: .next, now: later(1))
    #expect(
      first
        == .tied(
          ShowTie(feedURL: dailyFeed, showTitle: "The Daily", placement: .next, tiedAt: later(1)),
          to: QueueLibrary.QueueLabel(try library.queue(.commute))))
    #expect(first.description == "New episodes of \u{201C}The Daily\u{201D} go to 🚗 Commute (next).")
    let moved = try library.tieShow(dailyFeed, to: .workout, now: later(2))
    #expect(
      moved.description
        == "New episodes of \u{201C}The Daily\u{201D} go to 🏋️ Workout (next), no longer to 🚗 Commute.")
    #expect(library[.commute]?.showTies.isEmpty == true)
    #expect(library[.workout]?.showTies.map(\.feedURL) == [dailyFeed])
    #expect(library.tie(of: dailyFeed)?.queue.id == .workout)
    #expect(library[.workout]?.tie(of: dailyFeed)?.tiedAt == later(2), "a move is a new tie, dated then")
    #expect(library[.workout]?.tie(of: dailyFeed)?.placement == .next, "options not given are kept")
    #expect(library[.commute]?.lastModified == later(2) && library[.workout]?.lastModified == later(2))
    let same = try library.tieShow(dailyFeed, to: .workout, now: later(3))
    #expect(!same.isChange && library[.workout]?.lastModified == later(2))
    let changed = try library.tieShow(dailyFeed, to: .workout, placement: .last, onlyNewEpisodes: true, now: later(4))
    #expect(changed.description.hasSuffix("(last, only new episodes; before: next)."))
    #expect(library[.workout]?.tie(of: dailyFeed)?.tiedAt == later(2), "changing options keeps the tie's date")
    try library.checkInvariants()
  }

  @Test("untying sends the show's new episodes nowhere; a show tied nowhere, Up Next or a deleted queue is refused")
  func refusals() throws {
    var library = QueueLibrary(now: testDate)
    try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, now: testDate)
    let untied = try library.untieShow(dailyFeed, now: later(1))
    #expect(untied.description == "\u{201C}The Daily\u{201D} is no longer tied to 🚗 Commute.")
    #expect(library.tie(of: dailyFeed) == nil)
    let before = library
    #expect(throws: QueueError.showNotTied(feedURL: dailyFeed)) { try library.untieShow(dailyFeed) }
    #expect(throws: QueueError.tieToUpNext(feedURL: dailyFeed)) { try library.tieShow(dailyFeed, to: .upNext) }
    #expect(throws: QueueError.unknownQueue(QueueID("nope"))) { try library.tieShow(dailyFeed, to: QueueID("nope")) }
    #expect(throws: QueueError.invalidShowTie(field: "feedURL", value: "\"\"", reason: "must not be empty")) {
      try library.tieShow("", to: .commute)
    }
    try library.delete(try library.deletion(of: .sleep), now: later(2))
    #expect(throws: QueueError.tieToDeletedQueue(feedURL: dailyFeed, queueName: "😴 Sleep")) {
      try library.tieShow(dailyFeed, to: .sleep)
    }
    library.purgeExpiredDeletions(now: later(3))
    #expect(library.tie(of: dailyFeed) == nil && before[.commute]?.showTies == [])
    #expect(
      QueueError.tieToUpNext(feedURL: dailyFeed).description.contains("\"https://example.com/daily.xml\""),
      "the message names the show")
  }

  @Test("duplicating a queue takes its ties to the copy, or leaves them with the original when asked")
  func duplicate() throws {
    var library = QueueLibrary(now: testDate)
    try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, placement: .next, now: testDate)
    try library.tieShow(hardForkFeed, titled: "Hard Fork", to: .commute, now: testDate)
    let ties = try #require(library[.commute]?.showTies)
    let copy = try library.duplicate(.commute, newID: QueueID("copy"), now: later(5))
    #expect(library[copy]?.showTies == ties, "the same ties, options and dates")
    #expect(library[.commute]?.showTies == [])
    #expect(library.tie(of: dailyFeed)?.queue.id == copy)
    let kept = try library.duplicate(copy, newID: QueueID("kept"), showTies: .keepWithOriginal, now: later(6))
    #expect(library[kept]?.showTies == [] && library[copy]?.showTies == ties)
    try library.checkInvariants()
  }

  @Test("a deleted queue keeps its ties apart; restored, it gets back those not tied elsewhere meanwhile")
  func deleteAndRestore() throws {
    var library = QueueLibrary(now: testDate)
    try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, now: testDate)
    try library.tieShow(hardForkFeed, titled: "Hard Fork", to: .commute, now: testDate)
    let deletion = try library.deletion(of: .commute)
    #expect(
      deletion.confirmationMessage.hasSuffix(
        "New episodes of \u{201C}The Daily\u{201D} and \u{201C}Hard Fork\u{201D} will no longer go to it."))
    try library.delete(deletion, now: later(1))
    #expect(library.tie(of: dailyFeed) == nil, "a deleted queue ties nothing")
    try library.tieShow(hardForkFeed, to: .workout, now: later(2))
    try library.checkInvariants()
    // The store keeps the deleted queue's ties as they were.
    #expect(try QueueLibrary(json: library.jsonBytes()) == library)
    let restoration = try library.restore(.commute, now: later(3))
    #expect(library[.commute]?.showTies.map(\.feedURL) == [dailyFeed])
    #expect(library.tie(of: hardForkFeed)?.queue.id == .workout, "the newer tie wins")
    #expect(restoration.description == "Restored 🚗 Commute. \u{201C}Hard Fork\u{201D} stays tied to 🏋️ Workout.")
    try library.checkInvariants()
  }

  /// The text of a library whose Commute and Workout tie The Daily and Hard Fork, then `edit` applied to it.
  static func edited(_ edit: (String) -> String) throws -> [UInt8] {
    var library = QueueLibrary(now: testDate)
    try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, placement: .next, now: testDate)
    try library.tieShow(hardForkFeed, titled: "Hard Fork", to: .workout, now: testDate)
    return Array(edit(library.jsonText()).utf8)
  }

  @Test("a show tied twice in a hand-edited store: the first tie is kept, the other reported, nothing else lost")
  func tiedTwice() throws {
    let json = try Self.edited { $0.replacingOccurrences(of: hardForkFeed, with: dailyFeed) }
    let (library, issues) = try QueueLibrary.salvaging(json: json, now: testDate)
    #expect(library.tie(of: dailyFeed)?.queue.id == .commute)
    #expect(library[.workout]?.showTies == [])
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.location == "queues[2].showTies[0].feedURL")
    #expect(issue.reason.contains("tied to the queue named \"🚗 Commute\" earlier in the file"))
    #expect(issue.outcome == .showTieSkipped(queue: .workout, feedURL: dailyFeed))
    #expect(throws: QueueError.self) { try QueueLibrary(json: json, now: testDate) }
  }

  @Test("a bad tie in the store names its field and value and is left out; the queue loads")
  func badTie() throws {
    let cases: [(edit: (String) -> String, location: String)] = [
      (
        { $0.replacingOccurrences(of: #""placement": "next""#, with: #""placement": "first""#) },
        "queues[1].showTies[0].placement"
      ),
      (
        { $0.replacingOccurrences(of: #""feedURL": "\#(dailyFeed)""#, with: #""feedURL": """#) },
        "queues[1].showTies[0].feedURL"
      ),
      (
        {
          $0.replacingOccurrences(
            of: #""id": "up-next","#,
            with:
              #""id": "up-next", "showTies": [{"feedURL": "u", "showTitle": "", "placement": "last", "onlyNewEpisodes": false, "tiedAt": "2026-11-29T08:00:00Z"}],"#
          )
        },
        "queues[0].showTies[0].feedURL"
      ),
    ]
    for (offset, example) in cases.enumerated() {
      let (library, issues) = try QueueLibrary.salvaging(json: try Self.edited(example.edit), now: testDate)
      let issue = try #require(issues.first, "case \(offset)")
      #expect(issue.location == example.location, "case \(offset)")
      #expect(library.queues.count == 4 && library.upNext.showTies == [], "case \(offset)")
      #expect(library.tie(of: hardForkFeed)?.queue.id == .workout, "case \(offset): the other tie stays")
      try library.checkInvariants()
    }
  }
}
