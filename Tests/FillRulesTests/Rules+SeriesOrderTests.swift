import FillRules
import SmartFill
import Testing

@Suite("Series order")
struct RulesSeriesOrderTests {
  @Test("serial: season, then number, then date, then GUID; no season or no number after the numbered ones")
  func serial() {
    func at(_ guid: String, season: Int?, number: Int?, day offset: Int) -> Episode {
      Episode(guid: guid, published: day(offset), durationSeconds: 60, season: season, episode: number)
    }
    let show = Show(
      feedURL: "u", title: "S", ordering: .serial,
      episodes: [
        at("no-season", season: nil, number: 1, day: 0), at("s2e1", season: 2, number: 1, day: 1),
        at("s1-unnumbered", season: 1, number: nil, day: 0), at("s1e2-b", season: 1, number: 2, day: 3),
        at("s1e2-a", season: 1, number: 2, day: 3), at("s1e2-early", season: 1, number: 2, day: 2),
        at("s1e1", season: 1, number: 1, day: 9),
      ])
    #expect(
      guids(Rules.seriesOrder(of: show))
        == ["s1e1", "s1e2-early", "s1e2-a", "s1e2-b", "s1-unnumbered", "s2e1", "no-season"])
  }

  @Test("episodic: by date, then GUID, whatever the numbers")
  func episodic() {
    let show = Show(
      feedURL: "u", title: "E",
      episodes: [
        episode("b", minutes: 1, number: 1), episode("c", minutes: 1, number: 0), episode("a", minutes: 1, number: 1),
      ])
    #expect(guids(Rules.seriesOrder(of: show)) == ["c", "a", "b"])
  }
}
