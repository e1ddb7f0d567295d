#if FLOWLAYOUT_INTERNAL_CHECKS
import Synchronization
#endif

/// The flow layout engine's state: a pure, synchronous value that computes what
/// `UICollectionViewFlowLayout` computes, lazily and incrementally.
///
/// A host that owns a thread drives it directly; concurrent hosts use the
/// `FlowLayoutEngine` actor, which wraps one state. Every mutating call either
/// succeeds or throws ``FlowLayoutError`` and leaves the state exactly as it was.
///
/// How it stays cheap:
/// - A section whose items all have the default size (`itemSize`, or the
///   estimate while self-sizing items have not reported) keeps no items at all:
///   its lines are closed-form. Creating 10 million such items costs O(sections).
/// - Items with sizes of their own live in *runs* of up to 32 sizes, each
///   starting at a line start, in a B-tree per section; nothing is stored per
///   line. Sections live in a B-tree summed by item count, extent and pending
///   state, so any section, item, line or offset is found in O(log n), and
///   sections and items are inserted and deleted in O(log n).
/// - Sections with per-item sizes are laid out the first time a query reaches
///   them; until then their extent is an estimate.
/// - A change (a size report, a batch update) re-breaks lines from the run
///   before it only until a new line starts where an unchanged run starts, then
///   updates the section's extent and every later offset in O(log S).
/// - Positions along the scroll axis are exact fixed-point sums, so searching
///   the trees and walking lines always agree.
///
/// The state is the coordinator: it holds the sections (`SectionList`), the
/// configuration, options and viewport, the visible rect and the engine's
/// hold on it, and the items' identities, and its public entry points are
/// each short: they validate, then hand the work to the types that own it:
/// a section's own behaviour to `SectionLayout`, a batch to `BatchChange`,
/// a snapshot to `SnapshotPlanner`, snapping to `Snapping`, save and
/// restore to `Archive/`. Every update goes through one anchored-update step
/// (`update(_:)`).
///
/// Queries are `mutating` because they may lay out a section for the first time
/// and keep the result.
public struct FlowLayoutState: Sendable {
    /// The layout-wide properties, with UIKit's names and defaults.
    ///
    /// - Complexity: O(1).
    public internal(set) var configuration: FlowLayoutConfiguration
    /// Every setting beyond UIKit's flow layout.
    ///
    /// - Complexity: O(1).
    public internal(set) var options: FlowLayoutOptions
    /// The size of the collection view's bounds: its main-axis extent is the
    /// extent lines and headers span.
    ///
    /// - Complexity: O(1).
    public internal(set) var viewportSize: Size
    /// The rect of content the host shows, set by ``setVisibleRect(_:)`` or a
    /// frame; updates keep the anchor element inside it still.
    ///
    /// - Complexity: O(1).
    public internal(set) var visibleRect: Rect?

    /// The sections, in order, with their metrics and the estimate in use.
    var sections: SectionList
    /// Where the last update (or scroll to an item) put the visible rect, held
    /// until the host scrolls away.
    var hold: AnchorHold?
    /// The items' and sections' identifiers, when the content came from a
    /// snapshot (`flow-layout.md` 11); `nil` otherwise.
    var identity: IdentityIndex?

    /// Creates a layout of `sections` under `configuration` for a viewport.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first invalid value: a negative,
    ///   NaN or infinite size, spacing or inset; a negative or too large count; an
    ///   `itemSizes` array of the wrong length; content that would extend past
    ///   ``FlowLayoutLimits/maximumLength``.
    /// - Complexity: O(S) for sections without per-item sizes, plus O(n) to
    ///   validate per-item sizes. No line is broken until a query needs it.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        sections: [FlowSection],
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        try Validation.check(configuration: configuration, path: "configuration")
        try Validation.check(options: options, path: "options")
        try Validation.check(size: viewportSize, path: "viewportSize")
        try Validation.check(count: sections.count, path: "sections.count")
        self.configuration = configuration
        self.options = options
        self.viewportSize = viewportSize
        self.sections = try SectionList(
            sections, settings: SectionSettings(configuration: configuration, options: options, viewportSize: viewportSize))
        try self.sections.enforceContentLimit(path: "sections", indexSections: true)
        withExtendedLifetime(genericTypesInstantiated) {}
        checkInvariants()
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(log S).
    public func numberOfItems(inSection section: Int) throws(FlowLayoutError) -> Int {
        try sections.checkSection(section, path: "section")
        return sections[section].itemCount
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var totalItemCount: Int { sections.summary.items }

    /// The size assumed for self-sizing items that have not reported: the
    /// estimate, or the mean of reported sizes when refinement is on.
    ///
    /// - Complexity: O(1).
    public var currentEstimatedItemSize: Size { sections.estimate }

    /// The work done since the counters were last reset (set it to
    /// `LayoutWorkCounters()` to reset them).
    ///
    /// - Complexity: O(1).
    package var workCounters: LayoutWorkCounters {
        get { sections.workCounters }
        set { sections.workCounters = newValue }
    }

    /// The bytes of heap the state holds, counted from its structures'
    /// capacities (``SectionList/memoryFootprint``, and the identities).
    ///
    /// - Complexity: O(S + runs).
    package var memoryFootprint: Int { sections.memoryFootprint + (identity?.allocatedBytes ?? 0) }

    /// The number of items that have a size of their own.
    ///
    /// - Complexity: O(S).
    package var storedSizeCount: Int { sections.storedSizeCount }

    /// The content offset the last update asked the host to move to (its
    /// visible rect's origin after the adjustment that keeps the anchor
    /// still; where a scroll to an item or a restore put it), while the host
    /// stays there; `nil` once the visible rect is set elsewhere, and before
    /// any update that anchors.
    ///
    /// - Complexity: O(1).
    package var anchoredContentOffset: Point? { hold?.origin }

    // MARK: The one anchored-update step

    /// Makes `change`, keeping its anchor still (`flow-layout.md` 7.2, 8.4,
    /// 10.4): the one step every update goes through. Captures the anchor
    /// before anything changes, applies the change, finds where the anchor is
    /// now and returns the adjustment that puts it back on screen, moving the
    /// visible rect by it and holding it there.
    ///
    /// - Throws: what `change` throws (the content limit); nothing changes.
    /// - Complexity: that of the change, plus O(log S + log R + k) for the anchor.
    mutating func update<Change: AnchoredChange>(_ change: inout Change) throws(FlowLayoutError) -> LayoutUpdate {
        // Content at the end, and whether V is at the end, need the exact extent (8.6, 7.4).
        if (options.contentAlignment == .end || options.followsEnd) && sections.summary.pending > 0 {
            sections.layOutAllPendingSections()
        }
        let previousContentSize = contentSize
        let capture = change.captureAnchor(in: &self)
        // After the capture: a frame sets V there, and the end is followed from the frame's V.
        let end = EndRule.before(&self, contentSize: previousContentSize, mayFollow: change.mayFollowEnd)
        try change.apply(to: &self)
        let update = AnchorCapture.finish(
            capture, in: &self, previousContentSize: previousContentSize, change: change, end: end)
        // The sections only: a batch's caller brings the identities up to
        // date after this step, and checks them then.
        sections.checkInvariants()
        return update
    }

    /// Applies `change` to a copy of the state and keeps the copy only if
    /// `change` returns: the one way a change that may be refused (past the
    /// content limit) after it started leaves the state exactly as it was.
    @inline(__always)
    mutating func changeAtomically<Result>(_ change: (inout FlowLayoutState) throws(FlowLayoutError) -> Result)
        throws(FlowLayoutError) -> Result
    {
        var next = self
        let result = try change(&next)
        self = next
        return result
    }

    /// With internal checks (`-DFLOWLAYOUT_INTERNAL_CHECKS`), called at the end
    /// of every mutating entry point: the sections' own checks
    /// (``SectionList/checkInvariants()``) and the identities' agreement with
    /// them (``IdentityIndex/checkInvariants(against:)``). Compiled out otherwise.
    ///
    /// Both read every item, so on a large layout they run at one call in
    /// several (``InternalChecks``).
    @inline(__always)
    func checkInvariants() {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        sections.checkInvariants()
        if let identity, InternalChecks.runNow(reading: sections.count + totalItemCount) {
            identity.checkInvariants(against: sections)
        }
        #endif
    }
}

#if FLOWLAYOUT_INTERNAL_CHECKS
/// When the internal checks (``FlowLayoutState/checkInvariants()``) run: at
/// every call on a layout of up to ``fullyCheckedItems`` kept items and
/// sections (every layout the randomized suites and the fuzzer make); on a
/// larger one of n, at one call in n / ``fullyCheckedItems``, counted across
/// the process, so that they cost about as much per call as on such a layout.
/// A broken structure stays broken, and a later check finds it.
enum InternalChecks {
    /// The items and sections up to which the checks run at every call.
    static let fullyCheckedItems = 4_096

    /// The calls on layouts too large to check at every one, in this process.
    private static let calls = Atomic<Int>(0)

    /// Whether checks that read `checked` items and sections run at this call.
    static func runNow(reading checked: Int) -> Bool {
        let period = checked / fullyCheckedItems
        return period <= 1 || calls.wrappingAdd(1, ordering: .relaxed).oldValue % period == 0
    }
}
#endif

/// The runtime metadata of the generic types line finding uses, built once in
/// the process when the first layout is created: built on first use instead,
/// the Swift runtime's conformance lookups (about 240K instructions, 35–50 µs)
/// landed on whichever later call first destroyed a `LineBreaker<RunReader>?`:
/// in the huge-section bench, the first timed size report that kept an anchor
/// (`flow-demo bench --scenario huge-section`, its p99).
private let genericTypesInstantiated = ObjectIdentifier(Optional<LineBreaker<RunReader>>.self)
