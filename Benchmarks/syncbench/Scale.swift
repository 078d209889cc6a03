import BenchmarkSupport
import Foundation
import QueueSync
import QueueSyncSimulation
import Queues
import SmartFill
import SmartFillSupport

// Sync at the sizes real libraries reach: a queue of 1,000 and 10,000 episodes, a library with 10,000 and
// 100,000 finished episodes, and a long history of edits on three devices. For each: the records' sizes (the
// largest, and whether the server refused one), the merge of two diverged states, and the syncs that carry
// one more edit from one device to another.

/// A case of the scale table, as `--scale` names it.
enum ScaleCase: String, CaseIterable {
  case queue1000 = "queue-1000"
  case queue10000 = "queue-10000"
  case finishes10000 = "finishes-10000"
  case finishes100000 = "finishes-100000"
  case history
}

/// One row of the scale table.
struct ScaleRow {
  var name: String
  var records: Int
  var largestRecordBytes: Int
  var totalRecordBytes: Int
  var refused: Int
  /// The bytes of the records one edit's sync sends (all its parts, for a queue in parts).
  var sentBytesPerEdit: Int
  var merge: Percentiles
  var sendSync: Percentiles
  var receiveSync: Percentiles
}

/// The bytes of the records saved, counted across syncs.
final class SentBytes {
  var total = 0
}

/// One sync of `engine` through `server`, at once; the records it saves are counted in `sent`.
func syncOnce(_ engine: inout SyncEngine, _ server: InMemorySyncServer, at time: Date, sent: SentBytes? = nil)
  -> SyncReport
{
  engine.syncNow(
    now: time,
    fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
    save: { records in
      sent?.total += records.reduce(0) { $0 + $1.byteCount }
      return .success(server.apply(records))
    },
    delete: { ids in .success(server.remove(ids)) })
}

/// The records of the server whose identifiers start with one of `prefixes`: their number, the largest one's
/// bytes and the sum.
func recordBytes(_ server: InMemorySyncServer, prefixes: [String]) -> (count: Int, largest: Int, total: Int) {
  let sizes = server.allRecords.filter { record in prefixes.contains { record.id.hasPrefix($0) } }.map(\.byteCount)
  return (sizes.count, sizes.max() ?? 0, sizes.reduce(0, +))
}

/// Counts the "too large" problems in a report.
func refusals(_ report: SyncReport) -> Int {
  report.problems.filter { if case .recordTooLarge = $0 { return true } else { return false } }.count
}

/// A phone's and a tablet's engines, new at `start`.
func twoDevices(_ start: Date) -> (SyncEngine, SyncEngine) {
  (
    SyncEngine(replica: ReplicaID("5f1c0a52-3b7e-4d5c-9a61-2f0b7e3c9d18"), deviceName: "iPhone", now: start),
    SyncEngine(replica: ReplicaID("a93e61d4-0c2b-4f87-b5d3-7e14c6a2f950"), deviceName: "iPad", now: start)
  )
}

/// The phone syncs, then the tablet; the "too large" answers they met.
func syncBoth(_ phone: inout SyncEngine, _ tablet: inout SyncEngine, _ server: InMemorySyncServer, at start: Date)
  -> Int
{
  refusals(syncOnce(&phone, server, at: start.addingTimeInterval(11)))
    + refusals(syncOnce(&tablet, server, at: start.addingTimeInterval(12)))
}

/// The durations of merging `right` into a copy of `left`, `iterations` times (at least 5).
func timeMerges(_ left: ReplicatedLibrary, _ right: ReplicatedLibrary, iterations: Int) -> Percentiles {
  var merges: [UInt64] = []
  for _ in 0..<max(5, iterations) {
    var merged = left
    let before = Measurement.now()
    merged.merge(right)
    merges.append(Measurement.now() - before)
    Measurement.blackHole(merged)
  }
  return Percentiles(merges)
}

/// Times `iterations` rounds of: the phone makes `edit`, syncs (timed: send), the tablet syncs (timed:
/// receive).
func timeSyncs(
  phone: inout SyncEngine, tablet: inout SyncEngine, server: InMemorySyncServer, start: Date, iterations: Int,
  refused: inout Int, sent: SentBytes? = nil, edit: (inout ReplicatedLibrary, Int, Date) throws(SyncError) -> Void
) throws -> (send: Percentiles, receive: Percentiles) {
  var send: [UInt64] = []
  var receive: [UInt64] = []
  for iteration in 0..<iterations {
    let now = start.addingTimeInterval(Double(1_000 + iteration * 100))
    try phone.edit(now: now) { (library) throws(SyncError) in try edit(&library, iteration, now) }
    var before = Measurement.now()
    refused += refusals(syncOnce(&phone, server, at: now.addingTimeInterval(11), sent: sent))
    send.append(Measurement.now() - before)
    before = Measurement.now()
    refused += refusals(syncOnce(&tablet, server, at: now.addingTimeInterval(12)))
    receive.append(Measurement.now() - before)
  }
  return (Percentiles(send), Percentiles(receive))
}

/// A queue of `count` episodes on two devices: records, merge of states 100 edits apart each, syncs.
func queueRow(count: Int, iterations: Int) throws -> ScaleRow {
  let start = Date(timeIntervalSince1970: 1_767_225_600)
  let server = InMemorySyncServer()
  var (phone, tablet) = twoDevices(start)
  try phone.edit(now: start) { (library) throws(SyncError) in
    try library.playLast((0..<count).map(SyncWorkload.reference), in: .commute, now: start)
  }
  var refused = syncBoth(&phone, &tablet, server, at: start)
  // A queue in parts: its head and its parts.
  let sizes = recordBytes(server, prefixes: ["queue.commute", "part."])
  // Two states 100 edits apart each.
  var (left, right) = (phone.state, tablet.state)
  right.merge(left)
  for edit in 0..<100 {
    let now = start.addingTimeInterval(Double(100 + edit))
    let order = left.episodes(in: .commute)
    try left.move(fromOffsets: [edit * 7 % order.count], toOffset: edit * 13 % order.count, in: .commute, now: now)
    let theirs = right.episodes(in: .commute)
    try right.remove(theirs[edit * 5 % (theirs.count - 1)], from: .commute, now: now)
    try right.playLast([SyncWorkload.reference(count + 1 + edit)], in: .commute, now: now)
  }
  let merges = timeMerges(left, right, iterations: iterations)
  let sent = SentBytes()
  let syncs = try timeSyncs(
    phone: &phone, tablet: &tablet, server: server, start: start, iterations: iterations, refused: &refused,
    sent: sent
  ) { (library, iteration, now) throws(SyncError) in
    try library.playNext([SyncWorkload.reference(10 * count + iteration)], in: .commute, now: now)
  }
  let after = recordBytes(server, prefixes: ["queue.commute", "part."])
  if after.count != sizes.count || phone.state.episodes(in: .commute) != tablet.state.episodes(in: .commute) {
    print("warning: after the edits the server holds \(after.count) records of the queue (\(sizes.count) before)")
  }
  return ScaleRow(
    name: "queue of \(count.formatted()) episodes", records: sizes.count, largestRecordBytes: sizes.largest,
    totalRecordBytes: sizes.total, refused: refused, sentBytesPerEdit: sent.total / max(1, iterations),
    merge: merges, sendSync: syncs.send, receiveSync: syncs.receive)
}

/// A library with `count` finished episodes on two devices: records, merge of states 100 finishes apart
/// each, syncs of one more finish.
func finishesRow(count: Int, iterations: Int) throws -> ScaleRow {
  let start = Date(timeIntervalSince1970: 1_767_225_600)
  let server = InMemorySyncServer()
  var (phone, tablet) = twoDevices(start)
  try phone.edit(now: start) { (library) throws(SyncError) in
    for number in 0..<count { library.markFinished(SyncWorkload.reference(number).id, now: start) }
  }
  var refused = syncBoth(&phone, &tablet, server, at: start)
  let sizes = recordBytes(server, prefixes: ["library", "finished."])
  var (left, right) = (phone.state, tablet.state)
  right.merge(left)
  for edit in 0..<100 {
    let now = start.addingTimeInterval(Double(100 + edit))
    left.markFinished(SyncWorkload.reference(count + edit).id, now: now)
    right.markFinished(SyncWorkload.reference(count + 100 + edit).id, now: now)
  }
  let merges = timeMerges(left, right, iterations: iterations)
  let sent = SentBytes()
  let syncs = try timeSyncs(
    phone: &phone, tablet: &tablet, server: server, start: start, iterations: iterations, refused: &refused,
    sent: sent
  ) { (library, iteration, now) throws(SyncError) in
    library.markFinished(SyncWorkload.reference(10 * count + iteration).id, now: now)
  }
  return ScaleRow(
    name: "library of \(count.formatted()) finished episodes", records: sizes.count, largestRecordBytes: sizes.largest,
    totalRecordBytes: sizes.total, refused: refused, sentBytesPerEdit: sent.total / max(1, iterations),
    merge: merges, sendSync: syncs.send, receiveSync: syncs.receive)
}

/// Prints the scale table and the history's figures; returns their JSON members.
func scaleFigures(cases: [ScaleCase], historyEdits: Int, iterations: Int, json: Bool) throws
  -> [(String, JSONWriter.Node)]
{
  var rows: [ScaleRow] = []
  for scaleCase in cases {
    switch scaleCase {
    case .queue1000: rows.append(try queueRow(count: 1_000, iterations: iterations))
    case .queue10000: rows.append(try queueRow(count: 10_000, iterations: iterations))
    case .finishes10000: rows.append(try finishesRow(count: 10_000, iterations: iterations))
    case .finishes100000: rows.append(try finishesRow(count: 100_000, iterations: iterations))
    case .history: break
    }
  }
  var members: [(String, JSONWriter.Node)] = rows.map { row in
    (
      "scale." + row.name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: ""),
      .object([
        ("records", .integer(row.records)), ("largestRecordBytes", .integer(row.largestRecordBytes)),
        ("totalRecordBytes", .integer(row.totalRecordBytes)), ("refusedSaves", .integer(row.refused)),
        ("sentBytesPerEdit", .integer(row.sentBytesPerEdit)),
        ("mergeNanoseconds", percentiles(row.merge)), ("sendSyncNanoseconds", percentiles(row.sendSync)),
        ("receiveSyncNanoseconds", percentiles(row.receiveSync)),
      ])
    )
  }
  if !json && !rows.isEmpty {
    heading("At scale (\(iterations) syncs each)")
    let header = [
      "scale", "records", "largest record", "all its records", "refused saves", "sent per edit", "merge p50",
      "merge p90",
      "send sync p50", "send sync p90", "receive sync p50", "receive sync p90",
    ]
    let cells = rows.map { row in
      [
        row.name, "\(row.records)", "\(row.largestRecordBytes.formatted()) B", "\(row.totalRecordBytes.formatted()) B",
        "\(row.refused)", "\(row.sentBytesPerEdit.formatted()) B", text(row.merge.p50), text(row.merge.p90),
        text(row.sendSync.p50), text(row.sendSync.p90),
        text(row.receiveSync.p50), text(row.receiveSync.p90),
      ]
    }
    print(RunContext.markdownTable([header] + cells).joined(separator: "\n"))
  }
  guard cases.contains(.history) else { return members }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syncbench-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let began = Measurement.now()
  let history = try SyncHistory.run(
    edits: historyEdits, seed: 2026, window: min(1_000, historyEdits / 4),
    checkpoints: [historyEdits / 10, historyEdits * 3 / 10, historyEdits * 6 / 10],
    stateFile: folder.appendingPathComponent("phone.json").path, clock: Measurement.now)
  let historySeconds = Double(Measurement.now() - began) / 1e9
  // The phone's state file as written at the end, read back and broken down by section.
  guard let phone = try SyncStore(path: folder.appendingPathComponent("phone.json").path).load() else {
    throw SyncError.stateFileUnreadable(path: folder.path, reason: "the history wrote no state file")
  }
  let parts = try StateFileBreakdown(phone)
  let early = (edit: Percentiles(history.earlyEdits), sync: Percentiles(history.earlySyncs))
  let late = (edit: Percentiles(history.lateEdits), sync: Percentiles(history.lateSyncs))
  if !json {
    heading("A history of \(historyEdits.formatted()) edits")
    print(
      "history of \(historyEdits.formatted()) edits on three devices over \(history.days) days "
        + String(format: "(%.0f s)", historySeconds) + ": converged \(history.converged ? "yes" : "no")")
    print("")
    let header = [
      "edits", "day", "finished episodes", "state file", "its finishes", "edit p50", "edit p90", "sync p50",
      "sync p90",
    ]
    let cells = history.windows.map { window in
      let (edit, sync) = (Percentiles(window.edits), Percentiles(window.syncs))
      return [
        "\((window.start + 1).formatted())–\(window.end.formatted())", "\(window.days)",
        window.finishedEpisodes.formatted(), window.stateFile.map { kilobytes($0.total) } ?? "",
        window.stateFile.map { kilobytes($0.finishes) } ?? "", text(edit.p50), text(edit.p90), text(sync.p50),
        text(sync.p90),
      ]
    }
    print(RunContext.markdownTable([header] + cells).joined(separator: "\n"))
    print("")
    print(
      "state file \(history.stateFileBytes.formatted()) B; server \(history.serverRecords) records, "
        + "\(history.serverBytes.formatted()) B, the largest \(history.largestRecordBytes.formatted()) B; "
        + "\(history.refusedSaves) saves refused; queues kept \(history.queuesKept) (\(history.queuesShown) shown); "
        + "\(history.finishedEpisodes.formatted()) finished episodes; \(history.episodesShown) episodes in queues")
    print("")
    print(
      "| state file | library | snapshots | shown queues | deleted queues | retired queues | finishes | rest |")
    print("|---|---|---|---|---|---|---|---|")
    print(
      "| \(kilobytes(parts.total)) | \(kilobytes(parts.library)) | \(kilobytes(parts.snapshots)) "
        + "(\(parts.snapshotCount) snapshots, \(parts.snapshotEpisodes.formatted()) episodes) | "
        + "\(kilobytes(parts.shownQueues)) | \(kilobytes(parts.deletedQueues)) (\(parts.deletedCount)) | "
        + "\(kilobytes(parts.retiredQueues)) (\(parts.retiredCount)) | "
        + "\(kilobytes(parts.finishes)) | \(kilobytes(parts.rest)) |")
    print("")
    print("deepest place in the list of queues: \(parts.deepestListPosition) levels")
    print("tombstones set apart on the phone at the end: \(history.tombstones)")
  }
  members.append(
    (
      "history",
      .object([
        ("edits", .integer(historyEdits)), ("days", .integer(history.days)), ("converged", .bool(history.converged)),
        ("earlyEditNanoseconds", percentiles(early.edit)), ("lateEditNanoseconds", percentiles(late.edit)),
        ("earlySyncNanoseconds", percentiles(early.sync)), ("lateSyncNanoseconds", percentiles(late.sync)),
        (
          "windows",
          .array(
            history.windows.map { window in
              .object([
                ("start", .integer(window.start)), ("end", .integer(window.end)), ("day", .integer(window.days)),
                ("finishedEpisodes", .integer(window.finishedEpisodes)),
                ("stateFileBytes", .integer(window.stateFile?.total ?? 0)),
                ("finishesBytes", .integer(window.stateFile?.finishes ?? 0)),
                ("editNanoseconds", percentiles(Percentiles(window.edits))),
                ("syncNanoseconds", percentiles(Percentiles(window.syncs))),
              ])
            })
        ),
        ("stateFileBytes", .integer(history.stateFileBytes)), ("serverRecords", .integer(history.serverRecords)),
        ("serverBytes", .integer(history.serverBytes)), ("largestRecordBytes", .integer(history.largestRecordBytes)),
        ("refusedSaves", .integer(history.refusedSaves)), ("queuesKept", .integer(history.queuesKept)),
        ("queuesShown", .integer(history.queuesShown)), ("finishedEpisodes", .integer(history.finishedEpisodes)),
        ("tombstones", .integer(history.tombstones)),
        ("seconds", .number(historySeconds)),
        (
          "stateFileSectionBytes",
          .object([
            ("total", .integer(parts.total)), ("library", .integer(parts.library)),
            ("snapshots", .integer(parts.snapshots)), ("snapshotCount", .integer(parts.snapshotCount)),
            ("snapshotEpisodes", .integer(parts.snapshotEpisodes)), ("shownQueues", .integer(parts.shownQueues)),
            ("deletedQueues", .integer(parts.deletedQueues)), ("retiredQueues", .integer(parts.retiredQueues)),
            ("deletedQueueCount", .integer(parts.deletedCount)), ("retiredQueueCount", .integer(parts.retiredCount)),
            ("finishes", .integer(parts.finishes)), ("rest", .integer(parts.rest)),
            ("deepestListPositionLevels", .integer(parts.deepestListPosition)),
          ])
        ),
      ])
    ))
  return members
}

/// `bytes` in kilobytes, one decimal ("831.2 KB").
func kilobytes(_ bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1_000) }
