import Foundation
import PostgresTestCluster
import Testing

@Suite("The throwaway cluster", needsPostgres)
struct ThrowawayClusterTests {
  /// The identities (`pipe:[…]`, `socket:[…]`, paths) of process `pid`'s open descriptors.
  func descriptors(of pid: String) -> Set<String> {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) })
  }

  @Test("a server it starts or restarts holds none of this process's descriptors (a child's pipe stays closable)")
  func serverInheritsNothing() throws {
    let pipe = Pipe()
    let pipeIdentity = try FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)")
    let cluster = try ThrowawayCluster()
    defer { cluster.stop() }
    try cluster.restartImmediately()
    let pidFile = try String(contentsOfFile: cluster.folder + "/data/postmaster.pid", encoding: .utf8)
    let postmaster = try #require(pidFile.split(separator: "\n").first.map(String.init))
    let held = descriptors(of: postmaster)
    #expect(!held.isEmpty, "cannot read the postmaster's descriptors (/proc/\(postmaster)/fd)")
    #expect(!held.contains(pipeIdentity), "the postmaster holds this process's pipe \(pipeIdentity)")
    withExtendedLifetime(pipe) {}
  }
}
