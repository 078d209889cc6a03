import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// Random schedules of deletes, restores and episode edits on three devices, checked against
/// ``DeletionModel`` (issue 49, items 6–8).
@Suite("Deletes and restores in random schedules")
struct DeletionScheduleTests {
  /// What a device shows of Commute, as the model and the engine have it.
  struct Seen: Equatable, CustomStringConvertible {
    var isVisible: Bool
    var shown: Set<String>
    var restorable: Set<String>?

    var description: String {
      "\(isVisible ? "shown" : "deleted") \(shown.sorted()) restorable \(restorable.map { "\($0.sorted())" } ?? "-")"
    }
  }

  static func seen(_ library: ReplicatedLibrary) -> Seen {
    let isVisible = library.visibleQueueIDs.contains(.commute)
    let queue = library.queues[.commute]!
    let restorable = isVisible ? nil : library.restorableEpisodes(of: queue, snapshot: nil)
    return Seen(
      isVisible: isVisible, shown: Set(guids(library, .commute)),
      restorable: restorable.map { Set($0.map(\.episodeGUID)) })
  }

  static func seen(_ model: DeletionModel, device: Int) -> Seen {
    let view = model.seen[device]
    return Seen(
      isVisible: model.isVisible(in: view), shown: model.shown(in: view), restorable: model.restorable(in: view))
  }

  @Test("three devices deleting, restoring and editing converge as the model says: nothing lost or resurrected")
  func randomSchedules() {
    let pool = ["1", "2", "3", "4", "5"]
    var restores = 0
    for var trial in SeededCases(seed: 0xDE1E7E, count: 3_000) {
      var devices = ["a", "b", "c"].map { device($0) }
      var model = DeletionModel(devices: 3)
      var log: [String] = []
      var failed = false
      func check(_ index: Int) {
        let (actual, expected) = (Self.seen(devices[index]), Self.seen(model, device: index))
        if actual != expected, !failed {
          failed = true
          Issue.record(
            "\(trial): device \(index) after \(log.joined(separator: "; ")):\n  engine \(actual)\n  model  \(expected)")
        }
      }
      for step in 0..<40 where !failed {
        let index = trial.random.integer(in: 0...2)
        let now = at(Double(step * 10 + 10))
        var library = devices[index]
        let visible = library.visibleQueueIDs.contains(.commute)
        let shown = guids(library, .commute)
        var kind: DeletionModel.Kind?
        let roll = trial.random.integer(in: 0...16)
        switch roll {
        case _ where roll <= 2 && visible:
          let guid = trial.random.element(of: pool)
          if (try? library.insert(
            [reference(guid)], into: .commute, at: trial.random.integer(in: 0...shown.count), now: now)) != nil
          {
            kind = .add(guid)
          }
        case _ where (3...4).contains(roll) && !shown.isEmpty:
          let guid = trial.random.element(of: shown)
          if (try? library.remove(episode(guid), from: .commute, now: now)) != nil { kind = .remove(guid) }
        case 5 where visible:
          if (try? library.clear(.commute, now: now)) != nil { kind = .clear }
        case _ where (6...7).contains(roll) && shown.count > 1:
          let offsets: IndexSet = [trial.random.integer(in: 0...(shown.count - 1))]
          if (try? library.move(
            fromOffsets: offsets, toOffset: trial.random.integer(in: 0...shown.count), in: .commute, now: now)) != nil
          {
            kind = .move
          }
        case 8:
          let guid = trial.random.element(of: pool)
          library.markFinished(episode(guid), now: now)
          kind = .finish(guid)
        case _ where (9...10).contains(roll) && visible:
          if (try? library.delete(.commute, now: now)) != nil { kind = .delete }
        case _ where (11...12).contains(roll) && !visible:
          let expected = model.restorable(in: model.seen[index])
          do {
            try library.restore(.commute, snapshot: nil, now: now)
            kind = .restore([])
            restores += 1
          } catch {
            if expected != nil { Issue.record("\(trial): device \(index)'s restore failed: \(error)") }
          }
        default:
          let other = trial.random.integer(in: 0...2)
          library.merge(devices[other])
          model.sync(index, from: other)
          log.append("\(index)⊔\(other)")
        }
        if let kind {
          model.record(kind, by: index)
          log.append("\(index):\(model.operations[model.operations.count - 1].kind)")
        }
        devices[index] = library
        check(index)
      }
      for _ in 0..<2 {
        for i in 0..<3 {
          for j in 0..<3 where i != j {
            devices[i].merge(devices[j])
            model.sync(i, from: j)
          }
        }
      }
      for index in 0..<3 { check(index) }
      let converged = devices.allSatisfy {
        $0.hasSameState(as: devices[0]) && guids($0, .commute) == guids(devices[0], .commute)
      }
      #expect(converged, "\(trial): the devices differ after syncing")
    }
    #expect(restores > 0)
  }
}
