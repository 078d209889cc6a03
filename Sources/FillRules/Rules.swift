/// The fill rules as the SmartFill DocC article "The fill rules and explanations" defines them, written for clarity rather than speed: the model the engine is
/// checked against by its tests, by `fillbench`'s independent checks and by the audit.
///
/// It reads only the catalog, the request and the result as an app sees them (the `SmartFill` module's public
/// types), never the engine's index, candidates or solvers, so that a mistake in those cannot hide itself here.
/// Each definition stands once:
///
/// - series order (``seriesOrder(of:)``) and chains (``chain(of:excluding:unknownLength:)``);
/// - the candidates: a show's chain, and the free episodes (``isFree(_:of:excluding:)``);
/// - the priority order of groups and of shows (``PriorityKey``);
/// - the aim, and the fall back to the best total below the window (``targetRange(_:totals:aim:)``);
/// - the three modes' rule: in the order the mode visits the candidates, take one when some admissible selection
///   with it lands in the target range, and stop once inside (``select(_:window:aim:admits:)`` by brute force;
///   ``FillTimeRule`` and ``ContinueSeriesRule`` at a full catalog's size);
/// - variety's arrangeability (``isArrangeable(counts:)``), and what every result must keep (``ResultCheck``).
package enum Rules {}
