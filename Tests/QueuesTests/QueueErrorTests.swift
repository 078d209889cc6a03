import Foundation
import Queues
import SmartFill
import Testing

@Suite("Queue errors")
struct QueueErrorTests {
  @Test(
    "each message names the value and the problem",
    arguments: [
      (QueueError.invalidName("", reason: "must not be empty"), #"queue name "": must not be empty"#),
      (
        .duplicateName(" 🚗 commute", existing: "🚗 Commute"),
        #"queue name " 🚗 commute" is already used by queue "🚗 Commute"; choose another name"#
      ),
      (.invalidEmoji("A"), #"queue emoji "A": must be exactly one emoji, such as "🚗""#),
      (
        .queueLimitReached(limit: 20),
        "the library already has 20 queues, its limit; delete a queue or raise the limit"
      ),
      (.upNextIsPermanent(operation: "deleted"), "Up Next cannot be deleted; it always exists"),
      (
        .indexOutOfRange(index: 7, validRange: 0...3, queueName: "🚗 Commute"),
        #"queue "🚗 Commute": index 7 is out of range; must be in 0...3"#
      ),
      (
        .invalidPosition(
          seconds: 4000, episode: EpisodeID(feedURL: "https://e.com/a.xml", guid: "a-1"), durationSeconds: 3600),
        #"episode "a-1" of https://e.com/a.xml: playback position must be 0 or more and at most the duration (3600 s), got 4000 s"#
      ),
      (
        .fill(.invalidTarget(seconds: 0), queueName: "🚗 Commute"),
        #"smart fill of queue "🚗 Commute": target must be between 1 second and 7 days, got 0 s"#
      ),
      (
        .malformedLibrary(location: "queues[1].episodes[3].feedURL", reason: "expected a string, found 12"),
        "queue library, queues[1].episodes[3].feedURL: expected a string, found 12"
      ),
      (
        .storeCorrupt(path: "/q.json", reason: "malformed JSON", keptAt: "/q.json.corrupt-1"),
        "the queue store /q.json is not a valid queue library (malformed JSON); it was kept at /q.json.corrupt-1 "
          + "and nothing was overwritten"
      ),
      (
        .invalidQueueLimit(2, queueCount: 4),
        "queue limit 2: must be at least 1 and at least the number of queues (4), and at most 1000"
      ),
      (
        .invalidPosition(
          seconds: -1, episode: EpisodeID(feedURL: "https://e.com/a.xml", guid: "a-1"), durationSeconds: nil),
        #"episode "a-1" of https://e.com/a.xml: playback position must be 0 or more and at most 31536000 s (365 days), got -1 s"#
      ),
      (
        .storeIncomplete(
          path: "/q.json",
          issues: [
            LoadReport.Issue(
              location: "queues[2].name", value: #""""#, reason: #"must not be empty, found """#,
              outcome: .queueSkipped(id: QueueID("b"), name: "")),
            LoadReport.Issue(
              location: "revision", value: nil, reason: "the field is missing", outcome: .replaced(with: "0")),
          ], backupPath: "/q.json.incomplete-1"),
        #"the queue store /q.json could be read only in part (2 values left out or replaced, the first at queues[2].name: must not be empty, found ""); a copy of it was kept at /q.json.incomplete-1, nothing was overwritten; load it with loadReporting(now:) and write over it with update(discarding:) to keep what could be read"#
      ),
      (
        .storeNotRegularFile(path: "/q.json", target: "/q.json", kind: .fifo),
        "the queue store's file /q.json is a FIFO (named pipe), not a regular file; nothing was read or written"
      ),
      (
        .storeNotRegularFile(path: "/q.json", target: "/dev/sda", kind: .blockDevice),
        "the queue store's file /q.json (a symbolic link to /dev/sda) is a block device, not a regular file; nothing "
          + "was read or written"
      ),
      (
        .storeTooLarge(path: "/q.json", size: 268_435_457, limit: 268_435_456),
        "the queue store /q.json has 268435457 bytes, more than the limit of 268435456 bytes; the file was left as it is"
      ),
      (
        .restoreExpired(queueName: "🚗 Commute", deletedAt: Date(timeIntervalSince1970: 1_795_939_200)),
        #"queue "🚗 Commute" was deleted on 2026-11-29T08:00:00Z, more than 30 days ago, and can no longer be restored"#
      ),
    ])
  func messages(error: QueueError, message: String) {
    #expect(error.description == message)
  }
}
