import Foundation
import QueueSync
import Testing

@testable import QueueSyncSimulation

@Suite("The long history: its timed windows and what it measures")
struct SyncHistoryTests {
  /// Runs a short history with a counting clock (each reading one more), writing its file in a folder of its own.
  static func run(edits: Int, window: Int, checkpoints: [Int]) throws -> SyncHistory.Figures {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("SyncHistoryTests-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var ticks: UInt64 = 0
    return try SyncHistory.run(
      edits: edits, seed: 7, window: window, checkpoints: checkpoints,
      stateFile: folder.appendingPathComponent("phone.json").path,
      clock: {
        ticks += 1
        return ticks
      })
  }

  @Test("each window times its edits once; a checkpoint too close to the window before extends it")
  func windows() throws {
    let figures = try Self.run(edits: 1_100, window: 100, checkpoints: [150, 500, 800, 840])
    // [0, 100) and [50, 150) overlap: one window [0, 150); [400, 500); [700, 800) extended to 840; the end.
    let bounds = figures.windows.map { [$0.start, $0.end] }
    #expect(bounds == [[0, 150], [400, 500], [700, 840], [1_000, 1_100]])
    for window in figures.windows {
      #expect(window.edits.count == window.end - window.start, "\(window.start)..<\(window.end)")
      // With a clock that counts its readings, each timed edit or sync took one tick.
      #expect(window.edits.allSatisfy { $0 == 1 } && window.syncs.allSatisfy { $0 == 1 })
      #expect(!window.syncs.isEmpty && window.stateFile != nil)
    }
    #expect(figures.converged)
  }

  @Test("what a window notes at its end grows with the history and matches the end's figures")
  func growth() throws {
    let figures = try Self.run(edits: 900, window: 100, checkpoints: [300, 600])
    let finished = figures.windows.map(\.finishedEpisodes)
    #expect(finished == finished.sorted() && finished.first! < finished.last!, "\(finished)")
    #expect(figures.windows.map(\.days) == figures.windows.map(\.days).sorted())
    // The end's figure is taken after the last syncs, which may bring the phone more finishes.
    #expect(finished.last! <= figures.finishedEpisodes && finished.last! > 0)
    let finishes = figures.windows.compactMap { $0.stateFile?.finishes }
    #expect(
      finishes.count == 4 && finishes == finishes.sorted() && finishes.first! < finishes.last!,
      "\(finishes) \(finished)")
  }
}
