import Testing

@testable import SmartFill

@Suite("A request's window in a search's unit")
struct SearchWindowTests {
  @Test("the multiples of the unit inside the window, and the aim at its centre")
  func reachable() throws {
    let searched = SearchWindow(2_520...2_880, unit: 60, aimSeconds: 60)
    #expect(searched.units == 42...48)
    #expect(searched.isReachable)
    let aim = try #require(searched.aim)
    #expect((aim.targetSeconds, aim.aimSeconds, aim.unit) == (2_700, 60, 60))
  }

  @Test("no multiple of the unit inside: the top alone, and no aim")
  func unreachable() {
    let searched = SearchWindow(2_521...2_579, unit: 60, aimSeconds: 60)
    #expect(searched.units == 42...42)
    #expect(!searched.isReachable)
    #expect(searched.aim == nil)
    #expect(SearchWindow(7...9, unit: 1, aimSeconds: 0).units == 7...9)
  }
}
