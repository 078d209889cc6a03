/// What the device processes of a kill test said they did, read from their output (``DeviceEdits``'s "E …"
/// and "C" lines), and the rules the devices' final queues must keep: the model the sync kill test checks
/// against, for any number of devices whose added episodes have names unique across them.
///
/// An item is "<queue> <guid>". An edit whose "C" was printed was saved for certain; one killed between its
/// "E" and its "C" may or may not have been saved (uncertain).
public struct EditLedger: Sendable {
  /// Items added, and saved for certain.
  public private(set) var committedAdds: Set<String> = []
  /// Items whose add was started, not known to be saved.
  public private(set) var uncertainAdds: Set<String> = []
  /// Items removed, and saved for certain.
  public private(set) var committedRemoves: Set<String> = []
  /// Items whose removal was started, not known to be saved.
  public private(set) var uncertainRemoves: Set<String> = []
  /// Edits started ("E" lines), over all runs.
  public private(set) var editsStarted = 0
  /// Runs killed between an "E" and its "C".
  public private(set) var killedInsideEdit = 0

  /// An empty ledger.
  public init() {}

  /// Takes the whole output of one run of one device.
  ///
  /// - Complexity: O(*n*) in the output's length.
  public mutating func take(run output: String) {
    var open: (isAdd: Bool, items: [String])?
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ").map(String.init)
      if fields.first == "E", fields.count >= 4 {
        editsStarted += 1
        open = (fields[1] == "add", fields[3...].map { fields[2] + " " + $0 })
      } else if fields.first == "C", let done = open {
        if done.isAdd { committedAdds.formUnion(done.items) } else { committedRemoves.formUnion(done.items) }
        open = nil
      }
    }
    if let unfinished = open {
      killedInsideEdit += 1
      if unfinished.isAdd {
        uncertainAdds.formUnion(unfinished.items)
      } else {
        uncertainRemoves.formUnion(unfinished.items)
      }
    }
  }

  /// Adds another ledger's runs (another device's).
  public mutating func merge(_ other: EditLedger) {
    committedAdds.formUnion(other.committedAdds)
    uncertainAdds.formUnion(other.uncertainAdds)
    committedRemoves.formUnion(other.committedRemoves)
    uncertainRemoves.formUnion(other.uncertainRemoves)
    editsStarted += other.editsStarted
    killedInsideEdit += other.killedInsideEdit
  }

  /// What the final listing (``DeviceEdits/settle(_:sync:)``'s lines) breaks of the rules, one sentence each:
  /// an item added for certain and never removed is shown exactly once (nothing lost); an item removed for
  /// certain is not shown (nothing resurrected); no item is shown twice (nothing duplicated); every item
  /// shown was added (nothing made up).
  ///
  /// - Complexity: O(*n*) in the listing's and the ledger's sizes.
  public func violations(listing: String) -> [String] {
    var shown: [String: Int] = [:]
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ")
      for guid in fields.dropFirst() { shown[String(fields[0]) + " " + guid, default: 0] += 1 }
    }
    var problems: [String] = []
    let adds = committedAdds.union(uncertainAdds)
    let maybeRemoved = committedRemoves.union(uncertainRemoves)
    for item in committedAdds.subtracting(maybeRemoved).sorted() where shown[item] != 1 {
      problems.append("\(item), added and saved, is shown \(shown[item] ?? 0) times")
    }
    for item in committedRemoves.sorted() where shown[item] != nil {
      problems.append("\(item) was removed and saved, yet it is shown")
    }
    for (item, count) in shown.sorted(by: { $0.key < $1.key }) {
      if count != 1 { problems.append("\(item) is shown \(count) times") }
      if !adds.contains(item) { problems.append("\(item) is shown but was never added") }
    }
    return problems
  }
}
