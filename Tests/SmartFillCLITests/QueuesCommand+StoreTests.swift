import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: the store file")
struct QueuesCommandStoreTests {
  /// The files beside the store whose names start with the store's and `.corrupt-`.
  static func setAside(_ session: QueuesSession) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: session.folder.path).filter {
      $0.hasPrefix("queues.json.corrupt-")
    }
  }

  @Test("no command moves a corrupt store aside unless asked, and each fails naming it (issue 45, 2)")
  func corruptStoreStays() throws {
    let session = try QueuesSession()
    try session.folder.write("queues.json", "{\"broken")
    for command in [["list"], ["switcher"], ["show", "commute"], ["list", "--json"], ["create", "Bike"]] {
      let output = session.run(command)
      #expect(output.exitStatus == 1, "\(command)")
      #expect(output.standardError.contains("is not a valid queue library"), "\(command): \(output.standardError)")
      #expect(output.standardError.contains("the file was left as it is"), "\(command)")
      #expect(output.standardError.contains("--discard-unreadable"), "\(command)")
      #expect(try session.folder.read("queues.json") == "{\"broken", "\(command)")
      #expect(try Self.setAside(session).isEmpty, "\(command)")
    }
    // Asked: the file goes aside, said, and the change is made on a new store.
    let started = session.run("create", "Bike", "--discard-unreadable")
    #expect(started.exitStatus == 0, "\(started.standardError)")
    let kept = try #require(try Self.setAside(session).first)
    #expect(started.standardError.contains("moved aside to \(session.folder.file(kept))"))
    #expect(try session.folder.read(kept) == "{\"broken")
    #expect(try session.library().queues.contains { $0.name == "Bike" })
  }

  @Test("a missing store whose predecessor was moved aside is said by reads and refused by changes (issue 45, 2)")
  func movedAsideIsSaid() throws {
    let session = try QueuesSession()
    // What a program on the store's library API leaves when its update meets a file it cannot read.
    try session.folder.write("queues.json", "{\"broken")
    #expect(throws: QueueError.self) { try QueueStore(path: session.storePath).update { _ in } }
    let kept = try #require(try Self.setAside(session).first)
    let list = session.run("list")
    #expect(list.exitStatus == 0)
    #expect(list.standardError.contains("was moved aside to \(session.folder.file(kept))"), "\(list.standardError)")
    let create = session.run("create", "Bike")
    #expect(create.exitStatus == 1)
    #expect(create.standardError.contains(kept))
    #expect(!FileManager.default.fileExists(atPath: session.storePath))
    let started = session.run("create", "Bike", "--discard-unreadable")
    #expect(started.exitStatus == 0, "\(started.standardError)")
    #expect(try session.library().queues.contains { $0.name == "Bike" })
    #expect(FileManager.default.fileExists(atPath: session.folder.file(kept)), "the old file is never removed")
  }
}

/// The queue commands on a small file system that fills up mid-command (a tmpfs of 256 KiB, mounted where
/// the machine allows it): whatever fails, the store loads whole and is what it was before the command.
@Suite("smartfill queues on a full disk", .serialized)
struct QueuesCommandFullDiskTests {
  /// Runs `program` with `arguments`; its exit status.
  static func system(_ program: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test("no queue command loses anything when the disk fills mid-command (issue 45)")
  func fullDisk() throws {
    let folder = try TemporaryDirectory(prefix: "smartfill-full-disk")
    defer { folder.cleanUp() }
    let disk = folder.file("disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard Self.system("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk]) == 0 else {
      print(
        "mounting a tmpfs is not permitted here; the full-disk test is skipped (the `.undo` directory tests stand in)")
      return
    }
    defer { _ = Self.system("/bin/umount", [disk]) }
    let long = String(repeating: "t", count: 300)
    let catalog = try folder.write(
      "catalog.json",
      Data(
        Catalog(shows: [
          Show(
            feedURL: "https://a.example/feed", title: "A",
            episodes: (0..<400).map {
              Episode(guid: "g\($0)", title: "\(long) \($0)", published: day($0 % 30), durationSeconds: 600)
            })
        ]).jsonBytes()))
    let store = disk + "/queues.json"
    func run(_ arguments: [String]) -> SmartFillCommand.Output {
      SmartFillCommand.run(["queues"] + arguments + ["--store", store])
    }
    #expect(run(["add", "commute"] + (0..<40).map { "g\($0)" } + ["--catalog", catalog]).exitStatus == 0)
    #expect(run(["settings", "commute", "--mode", "fill-time", "--minutes", "60"]).exitStatus == 0)
    // Fill what is left with 4 KiB files, then free a few of them.
    var fillers: [String] = []
    while fillers.count < 200 {
      let path = disk + "/filler-\(fillers.count)"
      guard FileManager.default.createFile(atPath: path, contents: Data(count: 4096)) else { break }
      fillers.append(path)
    }
    for path in fillers.suffix(3) { try? FileManager.default.removeItem(atPath: path) }
    var failures = 0
    let commands: [[String]] = [
      ["add", "commute"] + (40..<120).map { "g\($0)" } + ["--catalog", catalog],
      ["clear", "commute"], ["fill", "commute", "--catalog", catalog, "--replace"], ["create", "Bike"],
      ["rename", "commute", "Drive"], ["delete", "commute", "--yes"], ["undo"],
      ["add", "up next"] + (120..<400).map { "g\($0)" } + ["--catalog", catalog],
    ]
    for command in commands {
      let before = FileManager.default.contents(atPath: store)
      let output = run(command)
      let loaded = Result { try QueueStore(path: store).read() }
      #expect((try? loaded.get().report.isComplete) == true, "\(command.prefix(2)): the store no longer loads whole")
      if output.exitStatus != 0 {
        failures += 1
        #expect(FileManager.default.contents(atPath: store) == before, "\(command.prefix(2)): \(output.standardError)")
      }
    }
    #expect(failures > 0, "the disk never filled; the test checked nothing")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
    // With room again, everything saved is there and the commands work.
    for path in fillers { try? FileManager.default.removeItem(atPath: path) }
    let library = try QueueStore(path: store).load()
    #expect(library.queues.reduce(0) { $0 + $1.count } >= 40)
    #expect(run(["create", "Bike"]).exitStatus == 0)
  }
}
