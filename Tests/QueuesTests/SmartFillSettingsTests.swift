import Queues
import SmartFill
import Testing

@Suite("Smart fill settings")
struct SmartFillSettingsTests {
  @Test("the settings become an engine request with the excluded episodes")
  func request() {
    let settings = SmartFillSettings(
      mode: .variety, targetSeconds: 2700, toleranceSeconds: 120, priorityShows: ["https://example.com/a.xml"])
    let excluded: Set = [episodeID("1")]
    #expect(
      settings.request(excluding: excluded)
        == FillRequest(
          mode: .variety, targetSeconds: 2700, toleranceSeconds: 120, priorityShows: ["https://example.com/a.xml"],
          excluded: excluded))
  }

  @Test("the default tolerance is the engine's")
  func defaultTolerance() {
    #expect(
      SmartFillSettings(mode: .fillTime, targetSeconds: 600).toleranceSeconds == FillRequest.defaultToleranceSeconds)
  }
}
