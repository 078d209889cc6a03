import Foundation
import Queues
import SmartFill
import Testing

@testable import QueueSync

@Suite("Respacing: old places read in new terms")
struct RespacingTests {
  /// A one-level position of run `replica:counter`.
  func place(_ index: Int, _ replica: String, _ counter: Int) -> Position {
    Position([.init(index: index, replica: ReplicaID(replica), counter: counter)])
  }

  /// A respacing by "r" (run r:9) of three episodes whose former places were a:1 indices 1, 3, 5.
  func respacing() throws -> Respacing {
    let stamp = HybridTimestamp(milliseconds: 1, logical: 0, replica: ReplicaID("r"))
    let moves = [1, 3, 5].enumerated().map { offset, index in
      ReplicatedQueue.Write(value: place(offset + 1, "r", 9), stamp: stamp, formerly: [place(index, "a", 1)])
    }
    return try #require(Respacing(moves))
  }

  @Test("a place made knowing the respacing reads as it is; a former place reads as its new one")
  func currentAndFormer() throws {
    let respacing = try respacing()
    let below = Position(place(2, "r", 9).levels + [.init(index: 1, replica: ReplicaID("b"), counter: 4)])
    #expect(respacing.place(of: below) == below)
    #expect(respacing.place(of: place(3, "a", 1)) == place(2, "r", 9))
  }

  @Test("an old place between two former places goes just after the first one's new place, before the next")
  func between() throws {
    let respacing = try respacing()
    let old = place(4, "a", 1)
    let read = respacing.place(of: old)
    #expect(place(2, "r", 9) < read && read < place(3, "r", 9), "\(read)")
    // A later run of another device right after the same episode, made knowing the respacing, comes after it.
    let later = Position(place(2, "r", 9).levels + [.init(index: 1, replica: ReplicaID("b"), counter: 20)])
    #expect(read < later)
  }

  @Test("an old place before every former place goes first; one after all of them goes last")
  func ends() throws {
    let respacing = try respacing()
    #expect(respacing.place(of: place(-1, "a", 1)) < place(1, "r", 9))
    #expect(respacing.place(of: place(7, "a", 1)) > place(3, "r", 9))
  }
}
