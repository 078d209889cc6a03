/// How the engine works, never what it answers: the sizes and thresholds that choose how many candidates a
/// fill builds before it looks at the rest, how much memory its rows may take, in what order it adds the rest's
/// totals, and where its searches start.
///
/// **No answer depends on any of them.** Each one chooses between ways of reaching the same selection, the
/// rule's (see "The rules every mode obeys" in the DocC article "The fill rules and explanations"): a head of any size, a batch of any number of chains,
/// a budget of any size, a tail first computed to any reach, a search started from any show give the same
/// result; only the work done differs. The tests draw the knobs below at random against brute force and the
/// plain rules, and `FillTuningTests` compares an engine with every knob moved to one with the defaults.
///
/// The knobs an engine carries (``FillEngine/tuning``) are those the tests move; the constants are static, so
/// that the compiler folds them into the loops that read them, and the tests reach the ways they choose
/// between through the knobs and through the parameters of the functions that take them.
struct FillTuning: Sendable, Equatable {
  // MARK: Knobs

  /// The most words of the exact variety search's head rows (``VarietyFill/budget``); the head shrinks to fit.
  /// A budget that holds only a candidate or two of rows makes the search past the head recurse about once per
  /// candidate, which on a catalog of thousands overflows a thread's stack: the tests lower it that far only on
  /// lists of a few dozen.
  var varietyBudget = FillTuning.varietyWordBudget
  /// How many candidates fill time builds and solves first (and variety's search holds as its head), `nil`
  /// for ``fillTimeHeadSize(forTop:)``, ``shortHeadSize`` or ``varietyHeadSize`` as the request suits.
  var lookaheadHeadSize: Int?
  /// How many chains continue series reads first (then four times as many each time they do not settle the
  /// answer, see ``SeriesChainReader``), `nil` for ``seriesFirstBatch(forTop:)``.
  var seriesBatchSize: Int?
  /// How far the variety search with one dominant show first computes its tail's totals, in units
  /// (``VarietyFill/tailReach``), `nil` for ``varietyTailReach(forTop:)``.
  var varietyTailReach: Int?
  /// The most bytes of rows for which the variety search, past its head, searches the short candidates left
  /// as one list (``VarietyFill/selectAfterHead(rest:cut:tail:left:start:)``); 0 searches them in growing
  /// heads only.
  var varietyWholeListBytes = FillTuning.wholeListBytes
  /// Where variety's exact search starts.
  var varietyStart = VarietyStart.likelyDominant

  /// Where variety's exact search starts (see `FillEngine.variety`).
  enum VarietyStart: Sendable, Equatable {
    /// From fill time's selection: the search runs only when a show dominates it.
    case plainSelection
    /// From the show a greedy pass likely has dominate, if any (the default), else from fill time's selection.
    case likelyDominant
    /// From the given show (its number in the catalog).
    case show(Int)
  }

  /// The default knobs.
  init() {}

  // MARK: Fill time

  /// The head fill time splits off for a window whose top is `high` seconds: a short fill's forward pass
  /// decides within a few dozen candidates, and each candidate of the head costs a suffix set.
  static func fillTimeHeadSize(forTop high: Int) -> Int { high <= 7_200 ? 64 : 128 }

  /// The head fill time splits off instead when a greedy pass into the window narrowed by the aim ends within
  /// it (``FillTime/greedyEnd(_:window:)``): the rule's forward pass then usually ends there too.
  static let shortHeadSize = 16

  /// The first segment past the head once fill time builds only the candidates that fit what is left
  /// (``SplitCandidates/narrow(toLongest:)``): so little is left that the pass ends within a few of them.
  static let narrowedSegmentSize = 4

  /// How many times longer each segment of candidates built past the head is than the one before (and each
  /// batch of continue series' chains): a pass that runs far costs O(*n* log *n*) in all.
  static let segmentGrowth = 4

  /// The head a fill-time solver splits off a list when its caller sets none (the engine always sets one).
  static let solverHeadSize = 256

  /// The fewest candidates between two of fill time's kept suffix sets: the blocks between them are recomputed
  /// as the forward pass reaches them, so memory shrinks by this factor for one recomputation per block.
  static let checkpointBlock = 32

  /// Below how many words (2,048 units) the totals of the candidates not built are first computed exactly,
  /// the rest shown reachable by an interval (``SplitCandidates/certifiedTailTotals(unit:upTo:lowWords:)``):
  /// short episodes leave out only low totals.
  static let certifiedWords = 32

  /// The most chains left for which that certificate is tried: sorting thousands of chains costs more than the
  /// full computation, whose row turns dense after the first few, saves.
  static let certifiedGroups = 256

  /// The most chains (and priority shows' groups) left for which the rest's totals add them after the free
  /// candidates rather than before: many chains alone make the row dense, a few each cost a pass over it.
  static let chainsFirstGroups = 64

  /// How many excluded episodes a show may have for a chain to count its episodes of unknown length past a full
  /// chain by looking for each excluded one, rather than passing over every episode.
  static let fewExclusions = 8

  // MARK: Continue series

  /// How many chains a request whose window's top is `high` seconds reads first: a short fill's first round
  /// usually lands among its first dozen shows, a long one's last episode is often found further down.
  static func seriesFirstBatch(forTop high: Int) -> Int { high <= 7_200 ? 32 : 128 }

  // MARK: Variety

  /// The most words the variety search's head rows take by default (16 MiB).
  static let varietyWordBudget = 1 << 21

  /// The longest head the variety search asks for, in candidates (fill time's up to two hours): the forward
  /// pass decides within it or goes on in the tail's pruned search, and longer heads did more work on every
  /// benchmark catalog checked.
  static let varietyHeadSize = 64

  /// The tail's first reach for a variety search whose window's top is `high` units: a pass asks the tail for a
  /// large total only where it passes over a candidate with much of the window left, which on the benchmark's
  /// catalogs mostly leaves less than this; where the window is small, the whole of it.
  static func varietyTailReach(forTop high: Int) -> Int { high <= 8192 ? high : max(high / 8, 2048) }

  /// The most bytes of rows of a list searched whole after the variety search's head (the second-level cache
  /// of the benchmark's machines); past it, the list is searched in growing heads with the rest as a multiset.
  static let wholeListBytes = 2 << 20

  /// How many episodes of other shows a dominant show must still need for the list searched after a head to be
  /// pruned by that need (``VarietyFill/pruned(upTo:from:)``): the pass over the list costs more than the rows
  /// it saves unless it drops most of them.
  static let pruningNeed = 5

  /// How far past arrangeable (`count(show) − 2 · count(others)`) a greedy pass over fill time's head must take
  /// a show for variety's search to start by holding it back: closer, the rule's pass often takes other shows'
  /// episodes the greedy one passes over, and a search held back for a show that does not dominate costs more
  /// than fill time's selection first.
  static let likelyExcess = 6

  /// ``likelyExcess`` for a greedy pass that fell short of the window, which the rule's pass goes on past and
  /// may fill with other shows' episodes.
  static let likelyShortExcess = 8

  /// The most shows (or classes of shows) the arrangement scans for its largest instead of keeping them in
  /// heaps (``VarietyOrder``): a heap's moves cost more than a scan at the sizes of a real selection.
  static let arrangementScanLimit = 32
}
