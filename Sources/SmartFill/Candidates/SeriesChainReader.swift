/// The chains of a continue-series request with a target, read in the rule's show order as they are needed.
///
/// A fill usually decides among its first shows: at 8 hours on a 10,000-subscription catalog the first round
/// reaches the window after about a dozen. So the chains are read a batch at a time, and
/// ``ContinueSeries/select(in:aim:following:)`` says whether the chains read so far settle the answer; only
/// when they do not are more read. ``followingBound()`` and ``allOmissions()`` answer for the shows not read
/// from the index, without gathering their chains.
///
/// The order is (priority rank, −listening, published date of the chain's first episode, feed URL). A show
/// that is neither a priority show nor has exclusions keeps its place in ``CatalogIndex/seriesOrder`` (its
/// key there is this key without the rank); the others are gathered first, keyed, sorted and merged in.
struct SeriesChainReader {
  /// A show whose chain passed over or stopped before an episode of unknown length: what the notes of
  /// continue series need of it.
  struct Omission {
    var show: Int
    /// The number of episodes in the chain.
    var length: Int
    /// Episodes of unknown length passed over (an episodic show's).
    var skippedUnknown: Int
    /// The episode of unknown length the chain stops before (a serial show's), if any.
    var stoppedAt: Int?
  }

  /// A priority show's or a show with exclusions' chain, gathered before the others are read.
  private struct Gathered {
    var key: PriorityKey
    var show: Int
    var links: [RequestContext.Link]
    var skipped: Int
    var stoppedAt: Int?
  }

  private let context: RequestContext
  private let limit: Int
  private let unit: Int
  /// The shows of the chains read that have episodes, in order: chain `c` is show `shows[c]`'s.
  private(set) var shows: [Int] = []
  /// Every chain's episodes, one chain after another.
  private(set) var links: [RequestContext.Link] = []
  /// The episodes' remaining times in units, as ``links``.
  private(set) var durations: [Int] = []
  /// Where each chain starts in ``links`` and ``durations``, and the end.
  private(set) var starts: [Int] = [0]
  /// The omissions of the shows read, in order.
  private var omissions: [Omission] = []
  private var others: [Gathered] = []
  private var nextOther = 0
  /// The next position in ``CatalogIndex/seriesOrder`` to read.
  private var nextIndexed = 0

  /// Prepares to read `context`'s chains, each stopping after the first episode whose running total passes
  /// `limit` seconds, with remaining times counted in `unit` (which divides them all).
  ///
  /// - Complexity: O(*p* log *p* + *c*) for the *p* priority shows and shows with exclusions and their
  ///   chains' *c* episodes.
  init(_ context: RequestContext, upTo limit: Int, unit: Int) {
    self.context = context
    self.limit = limit
    self.unit = unit
    let catalog = context.catalog
    for show in context.priorityShows + context.excludedShows.filter({ !context.isPriority[$0] }) {
      let found = context.chain(of: show, limit: limit, unknown: Self.unknownLength(show, context.index))
      let published =
        found.links.first.map { catalog.shows[show].episodes[$0.episode].published.timeIntervalSince1970 } ?? 0
      others.append(
        Gathered(
          key: context.key(show: show, published: published, position: 0), show: show, links: found.links,
          skipped: found.skipped, stoppedAt: found.stoppedAt))
    }
    others.sort { $0.key < $1.key }
  }

  /// The number of chains read that have episodes.
  var chainCount: Int { shows.count }

  /// Whether every show has been read.
  var isComplete: Bool {
    var copy = self
    return copy.nextShow() == nil
  }

  /// Reads shows until `count` chains with episodes are read, or every show is.
  ///
  /// - Complexity: O(*s* + *c*) in the shows read and their chains' episodes up to the limit.
  mutating func read(atLeast count: Int) {
    // Room for the chains still to read at the average length of those read (before any, one episode per 40
    // minutes of the limit, and two), so that the flat lists grow once a call instead of doubling from empty (a
    // batch at 8 hours reads about a thousand episodes). Only speed depends on it.
    let more = min(count, context.catalog.shows.count) - shows.count
    if more > 0 {
      let perChain = shows.isEmpty ? limit / 2_400 + 2 : links.count / shows.count + 1
      links.reserveCapacity(links.count + more * perChain)
      durations.reserveCapacity(durations.count + more * perChain)
      starts.reserveCapacity(starts.count + more)
      shows.reserveCapacity(shows.count + more)
    }
    while shows.count < count, let next = nextShow() {
      let start = links.count
      var omission: Omission
      switch next {
      case .gathered(let offset):
        let gathered = others[offset]
        links += gathered.links
        omission = Omission(
          show: gathered.show, length: 0, skippedUnknown: gathered.skipped, stoppedAt: gathered.stoppedAt)
      case .indexed(let show):
        let found = context.appendChain(
          of: show, limit: limit, unknown: Self.unknownLength(show, context.index), to: &links)
        omission = Omission(show: show, length: 0, skippedUnknown: found.skipped, stoppedAt: found.stoppedAt)
      }
      omission.length = links.count - start
      if omission.skippedUnknown > 0 || omission.stoppedAt != nil { omissions.append(omission) }
      guard links.count > start else { continue }
      for link in links[start...] { durations.append(link.seconds.inUnits(of: unit)) }
      starts.append(links.count)
      shows.append(omission.show)
    }
  }

  /// A lower bound, in units, on every nonzero total the chains not read yet can add: the shortest of their
  /// first episodes that fit under the limit; nil when no such chain is left.
  ///
  /// - Complexity: O(*s*) in the shows not read, without gathering their chains (the index keeps each
  ///   show's first chain episode, ``CatalogIndex/seriesFirstSeconds``).
  func followingBound() -> Int? {
    var bound = Int.max
    for gathered in others[nextOther...] {
      if let first = gathered.links.first, first.seconds <= limit { bound = min(bound, first.seconds / unit) }
    }
    let index = context.index
    let order = index.seriesOrder
    for position in nextIndexed..<order.count {
      let show = Int(order[position])
      guard !context.isPriority[show], !context.hasExclusions[show] else { continue }
      let seconds = Int(index.seriesFirstSeconds[show])
      if seconds >= 0, seconds <= limit { bound = min(bound, seconds / unit) }
    }
    return bound == Int.max ? nil : bound
  }

  /// Every show's omission, in order: those of the shows read, then those of the rest, read from the index
  /// without gathering their chains.
  ///
  /// - Complexity: O(*s* + *c*) in the shows not read and the chains gathered.
  func allOmissions() -> [Omission] {
    var result = omissions
    var rest = self
    let index = context.index
    while let next = rest.nextShow() {
      switch next {
      case .gathered(let offset):
        let gathered = others[offset]
        if gathered.skipped > 0 || gathered.stoppedAt != nil {
          result.append(
            Omission(
              show: gathered.show, length: gathered.links.count, skippedUnknown: gathered.skipped,
              stoppedAt: gathered.stoppedAt))
        }
      case .indexed(let show):
        let unknown = index.unknownChainCount[show]
        guard unknown > 0 else { continue }
        if !index.isSerial[show] {
          // An episodic show without exclusions passes over every one of them.
          result.append(Omission(show: show, length: 0, skippedUnknown: unknown, stoppedAt: nil))
          continue
        }
        // Nothing of a show not read is taken, so its story stops before the first episode only when that
        // episode's length is unknown.
        if let first = index.chainCandidates[show].first, first.seconds < 0 {
          result.append(Omission(show: show, length: 0, skippedUnknown: 0, stoppedAt: Int(first.episode)))
        }
      }
    }
    return result
  }

  /// The next show in order.
  private enum Next {
    /// `others[offset]`.
    case gathered(Int)
    /// A show in the index's order.
    case indexed(Int)
  }

  /// The next show in order, and moves past it; nil when every show has been read.
  ///
  /// - Complexity: amortized O(1).
  private mutating func nextShow() -> Next? {
    let index = context.index
    let order = index.seriesOrder
    while nextIndexed < order.count {
      let show = Int(order[nextIndexed])
      if !context.isPriority[show], !context.hasExclusions[show] { break }
      nextIndexed += 1
    }
    if nextOther < others.count {
      var otherFirst = nextIndexed == order.count
      if !otherFirst {
        let show = Int(order[nextIndexed])
        let key = PriorityKey(
          rank: Int.max, listening: index.listening[show], published: index.seriesPublished[show],
          feedRank: index.feedRank[show], position: 0)
        otherFirst = others[nextOther].key < key
      }
      if otherFirst {
        nextOther += 1
        return .gathered(nextOther - 1)
      }
    }
    guard nextIndexed < order.count else { return nil }
    nextIndexed += 1
    return .indexed(Int(order[nextIndexed - 1]))
  }

  /// A serial show's chain stops before an episode of unknown length; an episodic show's passes over it.
  private static func unknownLength(_ show: Int, _ index: CatalogIndex) -> RequestContext.UnknownLength {
    index.isSerial[show] ? .stop : .skip
  }
}
