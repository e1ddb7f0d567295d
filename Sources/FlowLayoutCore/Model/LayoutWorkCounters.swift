/// How much work the core has done since the counters were last reset: the proof
/// that an update re-lays out only what it can move.
package struct LayoutWorkCounters: Hashable, Sendable {
    /// Sections whose line structure or extent an update changed, counted once per
    /// update and section.
    package var sectionsTouched = 0
    /// Sections laid out from scratch: the first time a query needed them, or
    /// after an invalidation (a viewport width change, a new estimate).
    package var sectionsLaidOut = 0
    /// Lines whose break the greedy fit loop computed: the lines of the runs a
    /// change re-broke, or of a section laid out. Lines of default-size items
    /// produced in closed form are not counted, however many they are.
    package var linesBroken = 0

    /// Creates zeroed counters.
    package init() {}
}
