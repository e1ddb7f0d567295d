/// How much work the core has done since the counters were last reset: the proof
/// that an update re-lays out only what it can move.
public struct LayoutWorkCounters: Hashable, Sendable {
    /// Sections whose line structure or extent an update changed, counted once per
    /// update and section.
    public var sectionsTouched = 0
    /// Sections laid out from scratch: the first time a query needed them, or
    /// after an invalidation (a viewport width change, a new estimate).
    public var sectionsLaidOut = 0
    /// Lines whose break was computed by the greedy fit loop because an item's
    /// size along the line changed (or the section was laid out).
    public var linesBroken = 0
    /// Lines whose break was already known and whose thickness was recomputed
    /// from their items' sizes.
    public var linesMeasured = 0

    /// Creates zeroed counters.
    public init() {}
}
