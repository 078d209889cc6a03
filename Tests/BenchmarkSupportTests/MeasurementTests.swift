import BenchmarkSupport
import Testing

@Suite("Benchmark measurement")
struct MeasurementTests {
  @Test("percentiles are nearest-rank")
  func nearestRank() {
    let percentiles = Percentiles((1...100).map { UInt64($0) }.reversed())
    #expect(percentiles.p50 == 50)
    #expect(percentiles.p90 == 90)
    #expect(percentiles.p99 == 99)
    #expect(percentiles.max == 100)
    let small = Percentiles([7, 3])
    #expect(small.p50 == 3)
    #expect(small.p99 == 7)
    #expect(Percentiles([]).max == 0)
  }

  @Test("the clocks move forward")
  func clocks() {
    let wall = Measurement.now()
    let cpu = Measurement.cpuTime()
    var sum = 0
    for value in 0..<200_000 { sum &+= value }
    Measurement.blackHole(sum)
    #expect(Measurement.now() > wall)
    #expect(Measurement.cpuTime() >= cpu)
  }
}
