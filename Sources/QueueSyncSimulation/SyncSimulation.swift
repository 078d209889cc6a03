import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

/// A randomized run of several devices syncing through a server, checked against an independent model of
/// what must survive: Yjs' `applyRandomTests` and Loro's multi-site fuzzers, for queues.
///
/// Each step, a random device makes a random edit (add, add several, remove, move, re-add, rename, clear,
/// create, delete and duplicate a queue, play, finish, an automatic add), syncs, or goes offline for up to
/// 30 simulated days; devices' clocks are wrong by up to a year; time advances 10 seconds to hours a step.
/// At the end every device syncs until nothing moves, and the run is checked:
///
/// - every device shows the same queues (and, under the CRDT, holds the same state);
/// - every episode added to a queue and not removed (by a remove, a clear or a deletion that had seen the
///   add) nor finished is there exactly once (else it is *lost*);
/// - nothing removed or finished came back (else it is *resurrected*);
/// - no batch interleaved with an edit made without knowledge of it.
///
/// The model knows nothing of dots or positions: it tracks which edits each device had heard of (every
/// sync exchanges all of it), and decides from that alone.
package struct SyncSimulation {
  /// The sync rule under test.
  package enum Rule: String, Sendable, Hashable, CaseIterable {
    /// This module's replicated state.
    case crdt
    /// The design's rule: merge within 10 seconds, else the later write wins.
    case design
    /// Whole-list replace on reorder.
    case replace
  }

  /// What a run does.
  package struct Options: Sendable, Hashable {
    package var devices = 3
    package var steps = 400
    package var seed: UInt64 = 0
    package var rule = Rule.crdt
    package var lostSavePercent = 10
    package var maximumOfflineDays = 30
    package var fault: MergeFault?

    package init(devices: Int = 3, steps: Int = 400, seed: UInt64 = 0, rule: Rule = .crdt) {
      self.devices = devices
      self.steps = steps
      self.seed = seed
      self.rule = rule
    }
  }

  /// What a run found.
  package struct Outcome: Sendable, Hashable {
    package var seed: UInt64
    package var rule: Rule
    package var devices: Int
    package var steps: Int
    /// Whether every device ended with the same queues (and state).
    package var converged = true
    /// Episodes that should be in a queue and are not.
    package var lost = 0
    /// Episodes removed or finished that came back.
    package var resurrected = 0
    /// Episodes shown more than once in one queue.
    package var duplicated = 0
    /// Batches with an episode placed inside by an edit that had not seen them.
    package var interleavedBatches = 0
    /// Queues that should be shown and are not, or the reverse.
    package var wrongQueues = 0
    /// A device's library that is not valid, if any.
    package var invalidLibrary: String?
    package var edits = 0
    package var refusedEdits = 0
    package var syncs = 0
    package var saves = 0
    package var lostAnswers = 0
    package var conflicts = 0
    package var duplicatedRecords = 0
    package var staleRecords = 0
    package var longestOfflineDays = 0
    /// Episodes in the final queues, summed.
    package var finalEpisodes = 0

    /// Whether every check passed.
    package var isClean: Bool {
      converged && lost == 0 && resurrected == 0 && duplicated == 0 && interleavedBatches == 0 && wrongQueues == 0
        && invalidLibrary == nil
    }
  }

  /// The most queues a simulated listener keeps: a new queue or a copy is made only below it, as a library
  /// holds 20 by default (`QueueLibrary.defaultQueueLimit`).
  package static let maximumQueues = QueueLibrary.defaultQueueLimit

  /// Runs one simulation; `progress` is told the steps done, every tenth of the run.
  ///
  /// - Complexity: O(*s*) in the steps: the queues a run keeps are bounded, so a step costs the same at the
  ///   start of a run and at its end.
  package static func run(_ options: Options, progress: (Int) -> Void = { _ in }) -> Outcome {
    switch options.rule {
    case .crdt:
      var run = Run<ReplicatedDevice>(options)
      return run.result(progress: progress)
    case .design:
      var run = Run<DesignRuleDevice>(options)
      return run.result(progress: progress)
    case .replace:
      var run = Run<ReplaceRuleDevice>(options)
      return run.result(progress: progress)
    }
  }

  /// Runs one simulation under this module's sync and returns its devices with the outcome, for the tests
  /// that look inside their states.
  package static func runKeepingDevices(_ options: Options) -> (outcome: Outcome, devices: [ReplicatedDevice]) {
    var run = Run<ReplicatedDevice>(options)
    let outcome = run.result(progress: { _ in })
    return (outcome, run.devices)
  }
}

/// One run under one rule.
struct Run<Device: SimulatedReplica> {
  let options: SyncSimulation.Options
  var random: SplitMix64
  var devices: [Device] = []
  var server: Device.Server
  var transport: SimulationTransport
  var model: SimulationModel
  /// Each device's clock error, in seconds.
  var clockError: [Double] = []
  var offlineUntil: [Date] = []
  var now = Date(timeIntervalSince1970: 1_767_225_600)
  var outcome = SyncSimulation.Outcome(seed: 0, rule: .crdt, devices: 0, steps: 0)
  var nextQueue = 0

  init(_ options: SyncSimulation.Options) {
    self.options = options
    random = SplitMix64(seed: options.seed)
    server = Device.makeServer()
    transport = SimulationTransport(lostSavePercent: options.lostSavePercent, random: SplitMix64(seed: ~options.seed))
    model = SimulationModel(devices: options.devices)
    if let server = server as? ReplicatedDevice.Server { server.fault = options.fault }
    outcome = SyncSimulation.Outcome(
      seed: options.seed, rule: options.rule, devices: options.devices, steps: options.steps)
    for index in 0..<options.devices {
      devices.append(Device(index: index, now: now))
      let wrong = random.integer(in: 0...9)
      let error =
        wrong < 7
        ? random.integer(in: -120...120)
        : wrong < 9
          ? random.integer(in: -172_800...172_800)
          : random.integer(in: -34_560_000...34_560_000)
      clockError.append(Double(error))
      offlineUntil.append(now)
    }
  }

  func wallClock(_ device: Int) -> Date { now.addingTimeInterval(clockError[device]) }

  mutating func result(progress: (Int) -> Void) -> SyncSimulation.Outcome {
    let tenth = max(1, options.steps / 10)
    for step in 0..<options.steps {
      if step > 0 && step.isMultiple(of: tenth) { progress(step) }
      now.addTimeInterval(
        random.chance(1, in: 25) ? Double(random.integer(in: 1...5) * 86_400) : Double(random.integer(in: 10...10_800)))
      let device = random.integer(in: 0...(devices.count - 1))
      let roll = random.integer(in: 0...99)
      if roll < 74 {
        edit(device)
      } else if roll < 94 {
        if now >= offlineUntil[device] { sync(device) }
      } else if now >= offlineUntil[device] {
        let seconds = random.integer(in: 3_600...(options.maximumOfflineDays * 86_400))
        offlineUntil[device] = now.addingTimeInterval(Double(seconds))
        outcome.longestOfflineDays = max(outcome.longestOfflineDays, seconds / 86_400)
      }
    }
    // Everyone comes back and syncs until nothing moves.
    for _ in 0..<3 {
      for device in devices.indices {
        now.addTimeInterval(11)
        sync(device)
      }
    }
    check()
    outcome.saves = transport.saves
    outcome.lostAnswers = transport.lostAnswers
    outcome.conflicts = transport.conflicts
    outcome.duplicatedRecords = transport.duplicatedRecords
    outcome.staleRecords = transport.staleRecords
    return outcome
  }

  mutating func sync(_ device: Int) {
    outcome.syncs += 1
    devices[device].sync(with: server, now: wallClock(device), transport: &transport)
    model.sync(device)
  }

  // MARK: Edits

  mutating func edit(_ device: Int) {
    let shown = devices[device].queueIDs
    let queue = devices[device].queue(random.element(of: shown))
    let edit = randomEdit(queue, shownQueues: shown.count)
    guard let made = devices[device].perform(edit, now: wallClock(device)) else {
      outcome.refusedEdits += 1
      return
    }
    outcome.edits += 1
    model.record(made, by: device, in: queue)
  }

  mutating func randomEdit(_ queue: SimulatedQueue, shownQueues: Int) -> SimulatedEdit {
    let roomForAQueue = shownQueues < SyncSimulation.maximumQueues
    let count = queue.episodes.count
    func someEpisodes(_ number: Int) -> [EpisodeID] {
      (0..<number).map { _ in random.element(of: SimulatedEpisodes.all) }
    }
    switch random.integer(in: 0...99) {
    case 0..<22: return .insert(queue.id, someEpisodes(1), at: random.integer(in: 0...count))
    case 22..<32: return .insert(queue.id, someEpisodes(random.integer(in: 2...5)), at: random.integer(in: 0...count))
    case 32..<40: return .addAutomatically(queue.id, someEpisodes(random.integer(in: 1...3)))
    case 40..<52 where count > 0: return .remove(queue.id, random.element(of: queue.episodes))
    case 52..<64 where count > 0:
      let first = random.integer(in: 0...(count - 1))
      let length = random.integer(in: 1...min(3, count - first))
      return .move(queue.id, IndexSet(first..<(first + length)), to: random.integer(in: 0...count))
    case 64..<68: return .rename(queue.id, random.element(of: ["🚴 Bike", "🚵 Trail", "Morning", "Evening", "News"]))
    case 68..<70: return .clear(queue.id)
    case 70..<74 where roomForAQueue:
      nextQueue += 1
      return .create(QueueID("q\(options.seed)-\(nextQueue)"), "Queue \(nextQueue)")
    case 74..<77: return .delete(queue.id)
    case 77..<79 where roomForAQueue:
      nextQueue += 1
      return .duplicate(queue.id, as: QueueID("q\(options.seed)-\(nextQueue)"))
    case 79..<88 where count > 0: return .play(queue.id, at: random.integer(in: 0...(count - 1)), seconds: 30)
    case 88..<96 where count > 0: return .finish(random.element(of: queue.episodes))
    default: return .insert(queue.id, someEpisodes(1), at: count)
    }
  }

  // MARK: Checks

  mutating func check() {
    let first = devices[0].view
    for device in devices.dropFirst() {
      if device.view.sorted(by: { $0.id < $1.id }) != first.sorted(by: { $0.id < $1.id })
        || !device.hasSameState(as: devices[0])
      {
        outcome.converged = false
      }
    }
    for device in devices {
      if let problem = device.libraryProblem { outcome.invalidLibrary = problem }
    }
    let shown = Dictionary(first.map { ($0.id, $0.episodes) }, uniquingKeysWith: { $1 })
    outcome.finalEpisodes = first.reduce(0) { $0 + $1.episodes.count }
    for queue in first {
      outcome.duplicated += queue.episodes.count - Set(queue.episodes).count
    }
    let expected = model.expectedQueues()
    outcome.wrongQueues = Set(expected.keys).symmetricDifference(shown.keys).count
    for pair in model.pairs {
      let present = shown[pair.queue]?.contains(pair.episode) ?? false
      let should = expected[pair.queue]?.contains(pair.episode) ?? false
      if should && !present { outcome.lost += 1 }
      if present && !should { outcome.resurrected += 1 }
    }
    outcome.interleavedBatches = model.interleavedBatches(in: shown)
  }
}
