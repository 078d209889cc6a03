import Foundation
import Queues
import SmartFill
import SmartFillSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: the JSON documents")
struct QueuesCommandJSONTests {
  @Test("a queue's document, pinned: keys with their units, null where unknown")
  func queue() throws {
    var library = QueueLibrary(now: day(0))
    try library.modify(.commute, now: day(0)) { (queue) throws(QueueError) in
      try queue.playLast([
        EpisodeReference(
          episodeGUID: "a5", feedURL: "https://a.example/feed", title: "Five", showTitle: "Show A",
          durationSeconds: 1200, playbackPositionSeconds: 60, addedAt: day(0)),
        EpisodeReference(episodeGUID: "b1", feedURL: "https://b.example/feed", durationSeconds: nil, addedAt: day(0)),
      ])
      queue.smartFillSettings = SmartFillSettings(
        mode: .continueSeries, targetSeconds: nil, priorityShows: ["https://a"])
    }
    let queue = try library.queue(.commute)
    #expect(
      JSONWriter.text(QueuesCommand.node(command: "show", queue, in: library)) == """
        {
          "command": "show",
          "queue": {
            "id": "commute",
            "name": "🚗 Commute",
            "isActive": false,
            "episodeCount": 2,
            "currentIndex": 0,
            "remainingSeconds": 1140,
            "unknownDurationCount": 1,
            "isAutoSwitchEnabled": true,
            "autoSwitchRules": [
              {
                "kind": "car",
                "sentence": "When connected to car",
                "summary": "Auto-Switch: Car 🚘",
                "isEnabled": true,
                "consent": "ask",
                "returnsWhenTriggerEnds": false
              }
            ],
            "smartFill": {
              "mode": "continue-series",
              "targetSeconds": null,
              "toleranceSeconds": 180,
              "priorityShows": ["https://a"]
            },
            "showTies": [],
            "episodes": [
              {
                "feedURL": "https://a.example/feed",
                "guid": "a5",
                "title": "Five",
                "showTitle": "Show A",
                "durationSeconds": 1200,
                "playbackPositionSeconds": 60
              },
              {
                "feedURL": "https://b.example/feed",
                "guid": "b1",
                "title": "",
                "showTitle": "",
                "durationSeconds": null,
                "playbackPositionSeconds": 0
              }
            ]
          }
        }
        """)
  }
}
