import Foundation
import Queues
import SmartFill
import Testing

@Suite("Episode references")
struct EpisodeReferenceTests {
  @Test("the identifier is the feed URL and the GUID")
  func identifier() {
    #expect(reference("a-1", show: "b").id == EpisodeID(feedURL: "https://example.com/b.xml", guid: "a-1"))
  }

  @Test("the remaining time is the duration less the position, and unknown without a duration")
  func remaining() {
    #expect(reference("1", minutes: 30, position: 600).remainingSeconds == 1200)
    #expect(reference("1", minutes: nil).remainingSeconds == nil)
  }

  @Test("dates are kept to the second so that the store keeps them exactly")
  func wholeSeconds() {
    let episode = EpisodeReference(
      episodeGUID: "1", feedURL: "f", durationSeconds: nil, addedAt: testDate.addingTimeInterval(0.75))
    #expect(episode.addedAt == testDate)
  }

  @Test("a reference to a catalog episode takes its titles, duration and progress")
  func fromCatalog() {
    let show = Show(feedURL: "https://example.com/a.xml", title: "Show A")
    let episode = Episode(guid: "a-1", title: "One", published: testDate, durationSeconds: 1800, playedSeconds: 300)
    let made = EpisodeReference(episode, of: show, addedAt: testDate)
    #expect(made == reference("a-1", position: 300).with(title: "One", showTitle: "Show A"))
  }

  @Test(
    "fields out of range are refused, naming the field",
    arguments: [
      (
        EpisodeReference(episodeGUID: "", feedURL: "f", durationSeconds: 60, addedAt: testDate),
        QueueError.invalidEpisode(
          EpisodeID(feedURL: "f", guid: ""), field: "episodeGUID", value: "\"\"", reason: "must not be empty")
      ),
      (
        EpisodeReference(episodeGUID: "g", feedURL: "", durationSeconds: 60, addedAt: testDate),
        .invalidEpisode(EpisodeID(feedURL: "", guid: "g"), field: "feedURL", value: "\"\"", reason: "must not be empty")
      ),
      (
        EpisodeReference(episodeGUID: "g", feedURL: "f", durationSeconds: 0, addedAt: testDate),
        .invalidEpisode(
          EpisodeID(feedURL: "f", guid: "g"), field: "durationSeconds", value: "0",
          reason: "must be positive whole seconds (leave it out when unknown)")
      ),
      (
        EpisodeReference(
          episodeGUID: "g", feedURL: "f", durationSeconds: 60, playbackPositionSeconds: 61, addedAt: testDate),
        .invalidPosition(seconds: 61, episode: EpisodeID(feedURL: "f", guid: "g"), durationSeconds: 60)
      ),
      (
        EpisodeReference(
          episodeGUID: "g", feedURL: "f", durationSeconds: nil, playbackPositionSeconds: -1, addedAt: testDate),
        .invalidPosition(seconds: -1, episode: EpisodeID(feedURL: "f", guid: "g"), durationSeconds: nil)
      ),
      (
        EpisodeReference(episodeGUID: "g", feedURL: "f", durationSeconds: 365 * 86_400 + 1, addedAt: testDate),
        .invalidEpisode(
          EpisodeID(feedURL: "f", guid: "g"), field: "durationSeconds", value: "31536001",
          reason: "must be at most 31536000 seconds (365 days)")
      ),
      (
        EpisodeReference(
          episodeGUID: "g", feedURL: "f", durationSeconds: nil, playbackPositionSeconds: Int.max, addedAt: testDate),
        .invalidPosition(seconds: Int.max, episode: EpisodeID(feedURL: "f", guid: "g"), durationSeconds: nil)
      ),
    ])
  func validation(episode: EpisodeReference, error: QueueError) {
    #expect(throws: error) { try episode.validate() }
  }

  @Test("a position at the very end of the episode is accepted, and so is the longest duration")
  func positionAtEnd() throws {
    try reference("1", minutes: 1, position: 60).validate()
    try EpisodeReference(
      episodeGUID: "g", feedURL: "f", durationSeconds: EpisodeReference.maximumDurationSeconds,
      playbackPositionSeconds: EpisodeReference.maximumDurationSeconds, addedAt: testDate
    ).validate()
    #expect(EpisodeReference.maximumDurationSeconds == 31_536_000)
  }
}

extension EpisodeReference {
  func with(title: String, showTitle: String) -> EpisodeReference {
    var copy = self
    copy.title = title
    copy.showTitle = showTitle
    return copy
  }
}
