import Foundation
import Queues
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
