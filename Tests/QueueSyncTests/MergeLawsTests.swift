import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// States taken from random histories of three devices: edits of every kind and merges in random order.
func randomHistory(seed: UInt64, steps: Int = 60) -> [ReplicatedLibrary] {
  var random = SplitMix64(seed: seed)
  var devices = ["a", "b", "c"].map { device($0) }
  var states: [ReplicatedLibrary] = []
  let episodes = (0..<12).map { reference("e\($0)", show: $0 % 3) }
  for step in 0..<steps {
    let now = at(Double(step * 60 + random.integer(in: -30...30)))
    let index = random.integer(in: 0...2)
    var library = devices[index]
    let ids = library.visibleQueueIDs
    let queue = random.element(of: ids)
    let count = library.episodes(in: queue).count
    switch random.integer(in: 0...15) {
    case 0, 1:
      try? library.insert(
        (0..<random.integer(in: 1...3)).map { _ in random.element(of: episodes) }, into: queue,
        at: random.integer(in: 0...count), now: now)
    case 2:
      _ = try? library.addAutomatically([random.element(of: episodes)], to: queue, now: now)
    case 3 where count > 0:
      try? library.remove(random.element(of: library.episodes(in: queue)), from: queue, now: now)
    case 4 where count > 1:
      try? library.move(
        fromOffsets: [random.integer(in: 0...(count - 1))], toOffset: random.integer(in: 0...count), in: queue, now: now
      )
    case 5: try? library.rename(queue, to: random.element(of: ["Alpha", "🚴 Beta", "Gamma"]), now: now)
    case 6: _ = try? library.createQueue(named: "Q\(seed)-\(step)", id: QueueID("q\(step)"), now: now)
    case 7: try? library.delete(queue, now: now)
    case 8 where count > 0: library.markFinished(random.element(of: library.episodes(in: queue)), now: now)
    case 9 where count > 0:
      try? library.makeCurrent(at: random.integer(in: 0...(count - 1)), in: queue, now: now)
      try? library.recordPosition(60, in: queue, now: now)
    case 10:
      if random.chance(1, in: 2) {
        try? library.enableAutoSwitch(for: queue, now: now)
      } else {
        try? library.disableAutoSwitch(for: queue, now: now)
      }
    case 11:
      library.markAudioDevice(
        random.element(of: ["golf", "kitchen", "bose"]), name: random.element(of: ["Golf", "Car", "Speaker"]),
        isCar: random.integer(in: 0...1) == 1, now: now)
    case 12 where count > 0:
      // A removal by hand's dot hides the other devices' automatic adds that missed it.
      try? library.removeByHand([random.element(of: library.episodes(in: queue))], from: queue, now: now)
    case 13:
      // A restore of a deleted queue from what its deletion hid (the state's, not a snapshot).
      let deleted = library.queues.keys.filter { $0 != .upNext && !library.visibleQueueIDs.contains($0) }.sorted()
      if let id = deleted.isEmpty ? nil : random.element(of: deleted) {
        try? library.restore(id, snapshot: nil, now: now)
      }
    default:
      library.merge(devices[random.integer(in: 0...2)])
    }
    devices[index] = library
    states.append(library)
  }
  return states
}

/// Checks the merge laws on states `a`, `b` and `c`: commutative, associative, idempotent.
func expectLaws(
  _ a: ReplicatedLibrary, _ b: ReplicatedLibrary, _ c: ReplicatedLibrary, _ trial: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  func join(_ x: ReplicatedLibrary, _ y: ReplicatedLibrary) -> ReplicatedLibrary {
    var result = x
    result.merge(y)
    return result
  }
  #expect(join(a, b).hasSameState(as: join(b, a)), "\(trial): a ⊔ b ≠ b ⊔ a", sourceLocation: sourceLocation)
  #expect(
    join(join(a, b), c).hasSameState(as: join(a, join(b, c))), "\(trial): not associative",
    sourceLocation: sourceLocation)
  #expect(join(a, a).hasSameState(as: a), "\(trial): a ⊔ a ≠ a", sourceLocation: sourceLocation)
  #expect(
    join(join(a, b), b).hasSameState(as: join(a, b)), "\(trial): merging twice changes the state",
    sourceLocation: sourceLocation)
}

@Suite("Merge laws on states from random histories")
struct MergeLawsTests {
  @Test(
    "merging is commutative, associative and idempotent (120 histories, 30 triples each)",
    arguments: Array(SeededCases(seed: 0x1A35, count: 120)))
  func laws(trial: SeededCase) {
    checkLaws(trial, triples: 30)
  }

  @Test(
    "so is merging states that hold what a delete hid (200 histories, 20 triples each)",
    arguments: Array(SeededCases(seed: 0x41DE, count: 200)))
  func lawsWithHiddenEntries(trial: SeededCase) {
    // Most histories delete a queue (see `ReplicatedQueueHiddenTests`); `a` and `c` hold what it hid.
    checkLaws(trial, triples: 20) { $0.queues.values.contains(where: \.hasHidden) }
  }

  /// Checks the laws on `triples` triples of states of `trial`'s random history, the first and last of each
  /// among those `pick` takes (none when it takes none).
  func checkLaws(_ trial: SeededCase, triples: Int, among pick: (ReplicatedLibrary) -> Bool = { _ in true }) {
    var trial = trial
    let states = randomHistory(seed: trial.seed)
    let picked = states.filter(pick)
    guard !picked.isEmpty else { return }
    for _ in 0..<triples {
      let a = trial.random.element(of: picked)
      let b = trial.random.element(of: states)
      let c = trial.random.element(of: picked)
      expectLaws(a, b, c, "\(trial)")
    }
  }

  @Test("the broken merge breaks a law, so the laws can fail")
  func brokenMergeBreaksALaw() {
    var broken = 0
    for seed in UInt64(0)..<20 {
      let states = randomHistory(seed: seed)
      for (a, b) in zip(states, states.reversed()) {
        var ab = a
        ab.fault = .keepsOnlyOneSidesNewAdds
        ab.merge(b)
        var ba = b
        ba.fault = .keepsOnlyOneSidesNewAdds
        ba.merge(a)
        if !ab.hasSameState(as: ba) { broken += 1 }
      }
    }
    #expect(broken > 0)
  }

  @Test(
    "a merged state shows each episode at most once and reads back as a valid library",
    arguments: Array(SeededCases(seed: 0x7A11D, count: 50)))
  func mergedLibrariesAreValid(trial: SeededCase) throws {
    var all = device("z")
    for state in randomHistory(seed: trial.seed) { all.merge(state) }
    for id in all.visibleQueueIDs {
      let episodes = all.episodes(in: id)
      #expect(Set(episodes).count == episodes.count, "\(trial): \(id) repeats an episode")
    }
    let library = try all.library()
    #expect(library.queues.map(\.id) == all.visibleQueueIDs, "\(trial)")
  }
}

@Suite("Positions")
struct PositionTests {
  @Test("a run lies strictly between its neighbours, in order, on 2,000 random gaps a case")
  func runsFitTheirGaps() {
    for var trial in SeededCases(seed: 42, count: 10, minimum: 1) {
      var positions: [Position] = []
      for counter in 1...2_000 {
        let replica = ReplicaID(trial.random.element(of: ["a", "b", "c"]))
        let gap = trial.random.integer(in: 0...positions.count)
        let before = gap > 0 ? positions[gap - 1] : nil
        let after = gap < positions.count ? positions[gap] : nil
        let count = trial.random.integer(in: 1...4)
        let latest = trial.random.element(of: [before, after, nil])
        let run = Position.run(
          count, between: before, and: after, replica: replica, counter: counter, continuing: latest)
        #expect(run.count == count)
        #expect(zip(run, run.dropFirst()).allSatisfy { $0 < $1 }, "\(trial), counter \(counter): out of order")
        if let before { #expect(before < run[0], "\(trial), counter \(counter): \(before) ≥ \(run[0])") }
        if let after { #expect(run[count - 1] < after, "\(trial), counter \(counter): \(run[count - 1]) ≥ \(after)") }
        positions.insert(contentsOf: run, at: gap)
      }
      #expect(positions == positions.sorted(), "\(trial)")
    }
  }

  @Test("the order is a strict total order (irreflexive, antisymmetric, transitive) on random paths")
  func totalOrder() {
    for var trial in SeededCases(seed: 7, count: 10, minimum: 1) {
      let paths = (0..<60).map { _ in
        Position(
          (0..<trial.random.integer(in: 1...3)).map { _ in
            Position.Level(
              index: trial.random.element(of: [-2, -1, 1, 2]),
              replica: ReplicaID(trial.random.element(of: ["a", "b"])), counter: trial.random.integer(in: 1...2))
          })
      }
      for x in paths {
        #expect(!(x < x), "\(trial)")
        for y in paths {
          #expect(x == y || (x < y) != (y < x), "\(trial): \(x) and \(y)")
          for z in paths where x < y && y < z { #expect(x < z, "\(trial): \(x) < \(y) < \(z)") }
        }
      }
    }
  }
}
