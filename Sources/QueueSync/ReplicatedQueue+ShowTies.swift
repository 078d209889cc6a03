import Foundation
import Queues
import SmartFill
import SmartFillSupport

// What a queue's state holds for routing new episodes: its shows' ties (a last-writer-wins register per show,
// the tie in the Queues JSON form or `null` once untied), Up Next's option for untied shows, and the episodes
// removed from the queue by hand. Which queue ties a show is decided across the library by the latest write
// of any queue's register for the show (see `ReplicatedLibrary.resolvedShowTies`).

extension ReplicatedQueue {
  /// Merges the routing settings: each show's tie register and the option by their stamps, the removals by
  /// hand as a union keeping each episode's latest stamp, then the latest ``maximumRemovalsByHand`` of them.
  ///
  /// Commutative, associative and idempotent: an episode one state dropped for age was older than the
  /// removals it kept, so it is never among the latest of a merge that includes that state.
  ///
  /// - Complexity: O(*t* + *x*) in the ties and removals, O(*x* log *x*) past the limit.
  mutating func mergeRoutingSettings(with other: ReplicatedQueue) {
    showTies.merge(other.showTies) { $0.merged(with: $1) }
    takesUntiedShows = takesUntiedShows.merged(with: other.takesUntiedShows)
    removedByHand.merge(other.removedByHand) { max($0, $1) }
    trimRemovalsByHand()
    handRemovals = handRemovals.merged(with: other.handRemovals)
  }

  /// The most removals by hand a queue keeps: as many exclusions as a library's history keeps.
  static let maximumRemovalsByHand = EpisodeHistory.maximumExclusions

  /// Records that the listener removed `episode` from the queue by hand at `stamp`, with the removal's `dot`
  /// when given (it hides the automatic adds of the episode made without knowing of the removal).
  mutating func recordRemovalByHand(of episode: EpisodeID, stamp: HybridTimestamp, dot: Dot? = nil) {
    removedByHand[episode] = max(removedByHand[episode] ?? stamp, stamp)
    trimRemovalsByHand()
    if let dot { handRemovals.record(dot, of: episode, stamp: stamp) }
  }

  /// Forgets the oldest removals beyond ``maximumRemovalsByHand``, by (stamp, episode).
  ///
  /// - Complexity: O(*x*) one over the limit, O(*x* log *x*) beyond.
  private mutating func trimRemovalsByHand() {
    guard removedByHand.count > Self.maximumRemovalsByHand else { return }
    // One over the limit (a removal at the bound) needs the oldest only, not a sort.
    if removedByHand.count == Self.maximumRemovalsByHand + 1,
      let oldest = removedByHand.min(by: { ($0.value, $0.key) < ($1.value, $1.key) })
    {
      removedByHand[oldest.key] = nil
      return
    }
    let oldest = removedByHand.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
    for (episode, _) in oldest.prefix(removedByHand.count - Self.maximumRemovalsByHand) {
      removedByHand[episode] = nil
    }
  }

  /// The stamps of the routing settings, for the device's clock to see.
  var routingStamps: [HybridTimestamp] {
    [takesUntiedShows.stamp] + showTies.values.map(\.stamp) + Array(removedByHand.values)
  }
}
