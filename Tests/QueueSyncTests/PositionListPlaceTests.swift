import Foundation
import Queues
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Places in the list of queues")
struct PositionListPlaceTests {
  @Test("queues created one after another at the end, on two devices in turn, keep two-level places")
  func createdAtTheEnd() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    var created: [QueueID] = []
    for index in 0..<200 {
      let id = QueueID("q\(index)")
      if index.isMultiple(of: 2) {
        try phone.createQueue(named: "Queue \(index)", id: id, now: at(Double(index)))
      } else {
        try tablet.createQueue(named: "Queue \(index)", id: id, now: at(Double(index)))
      }
      created.append(id)
      exchange(&phone, &tablet)
    }
    #expect(Array(phone.visibleQueueIDs.suffix(created.count)) == created)
    #expect(tablet.visibleQueueIDs == phone.visibleQueueIDs)
    let depths = created.compactMap { phone.queues[$0]?.listPosition.value.levels.count }
    #expect(depths.max() == 2, "the deepest place has \(depths.max() ?? 0) levels")
  }

  @Test(
    "random creates, moves and deletes on three devices: each lands where the listener put it, all converge",
    arguments: Array(SeededCases(seed: 0x11_57_91_AC, count: 300)))
  func randomLists(trial: SeededCase) throws {
    var trial = trial
    var devices = ["phone", "tablet", "car"].map(device)
    // The queues created at the end and never moved since: each keeps a two-level place.
    var appended: Set<QueueID> = []
    var next = 0
    for step in 0..<60 {
      let index = trial.random.integer(in: 0...(devices.count - 1))
      let now = at(Double(step * 60))
      var library = devices[index]
      let others = library.visibleQueueIDs.filter { $0 != .upNext }
      switch trial.random.integer(in: 0...9) {
      case 0...3:
        let id = QueueID("q\(next)")
        next += 1
        try library.createQueue(named: "Queue \(id.rawValue)", id: id, now: now)
        #expect(library.visibleQueueIDs.last == id, "\(trial), step \(step): a new queue is not last")
        appended.insert(id)
      case 4...5 where !others.isEmpty:
        let id = others[trial.random.integer(in: 0...(others.count - 1))]
        let list = library.visibleQueueIDs
        let destination = trial.random.integer(in: 0...list.count)
        var expected = list.filter { $0 != id }
        let from = list.firstIndex(of: id)!
        expected.insert(id, at: destination > from ? destination - 1 : destination)
        try library.moveQueue(id, toOffset: destination, now: now)
        #expect(library.visibleQueueIDs == expected, "\(trial), step \(step): moving \(id) to \(destination)")
        if library.visibleQueueIDs.last == id { appended.insert(id) } else { appended.remove(id) }
      case 6 where !others.isEmpty:
        let id = others[trial.random.integer(in: 0...(others.count - 1))]
        try library.delete(id, now: now)
        #expect(!library.visibleQueueIDs.contains(id), "\(trial), step \(step): \(id) still shown")
      default:
        var other = devices[(index + 1) % devices.count]
        exchange(&library, &other)
        devices[(index + 1) % devices.count] = other
      }
      devices[index] = library
    }
    for _ in 0..<2 {
      for first in devices.indices {
        for second in devices.indices where first < second {
          var (a, b) = (devices[first], devices[second])
          exchange(&a, &b)
          (devices[first], devices[second]) = (a, b)
        }
      }
    }
    #expect(devices.allSatisfy { $0.visibleQueueIDs == devices[0].visibleQueueIDs }, "\(trial): lists differ")
    for id in appended {
      let levels = devices[0].queueState(id)?.listPosition.value.levels.count ?? 1
      #expect(levels <= 2, "\(trial): \(id), placed at the end, has a place of \(levels) levels")
    }
  }
}
