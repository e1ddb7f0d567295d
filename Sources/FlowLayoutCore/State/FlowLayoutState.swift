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
    /// The work done since ``resetWorkCounters()``.
    ///
    /// - Complexity: O(1).
    public internal(set) var workCounters = LayoutWorkCounters()
    /// The size assumed for self-sizing items that have not reported: the
    /// estimate, or the mean of reported sizes when refinement is on.
    ///
    /// - Complexity: O(1).
    public internal(set) var currentEstimatedItemSize: Size

    /// The sections, in order.
    var sections: BTree<SectionRecord>
    /// The distinct metrics sections use.
    var metrics: MetricsTable
    /// Reports counted for estimate refinement, and when it refreshes next.
    var measuredTotals = MeasuredTotals()
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
        try Self.validate(configuration: configuration, path: "configuration")
        try Self.validate(options: options, path: "options")
        try Self.validate(size: viewportSize, path: "viewportSize")
        try Self.validate(count: sections.count, path: "sections.count")
        self.configuration = configuration
        self.options = options
        self.viewportSize = viewportSize
        currentEstimatedItemSize = configuration.estimatedItemSize
        let defaultSize = configuration.isSelfSizing ? configuration.estimatedItemSize : configuration.itemSize
        metrics = MetricsTable(configuration: configuration, viewportSize: viewportSize, defaultSize: defaultSize)
        self.sections = BTree(leafCapacity: 64, innerCapacity: 16)
        var records: [SectionRecord] = []
        records.reserveCapacity(sections.count)
        // Runs of sections alike (same metrics and count, default sizes) share one
        // closed-form extent: creating 10,000 equal sections computes it once.
        var previous: SectionLayout.Repetition?
        try sections.withUnsafeBufferPointer { (buffer) throws(FlowLayoutError) in
            for index in buffer.indices {
                let section = buffer[index]
                let sums = try Self.validate(section: section, path: FieldPath("sections", index))
                if let repeated = previous?.record(for: section) {
                    records.append(repeated)
                    continue
                }
                let record = makeRecord(for: section, sums: sums)
                previous = SectionLayout.Repetition(of: record) ?? previous
                records.append(record)
            }
        }
        self.sections = BTree(records, leafCapacity: 64, innerCapacity: 16)
        try enforceContentLimit(path: "sections", indexSections: true)
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
        try checkSection(section, path: "section")
        return sections[section].itemCount
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var totalItemCount: Int { sections.summary.items }

    /// The size assumed for items that have not reported a size: the estimate
    /// while self-sizing, else `itemSize`.
    var defaultItemSize: Size {
        configuration.isSelfSizing ? currentEstimatedItemSize : configuration.itemSize
    }

    /// Zeroes ``workCounters``.
    ///
    /// - Complexity: O(1).
    public mutating func resetWorkCounters() {
        workCounters = LayoutWorkCounters()
    }
}

/// The number of sizes stored in sections without per-item sizes, for the mean
/// estimate, and when it is refreshed next.
struct MeasuredTotals: Hashable, Sendable {
    var count = 0
    /// The count at which the estimate is refreshed next.
    var nextRefresh = 1
}

/// The runtime metadata of the generic types line finding uses, built once in
/// the process when the first layout is created: built on first use instead,
/// the Swift runtime's conformance lookups (about 240K instructions, 35–50 µs)
/// landed on whichever later call first destroyed a `LineBreaker<RunReader>?`:
/// in the huge-section bench, the first timed size report that kept an anchor
/// (`flow-demo bench --scenario huge-section`, its p99).
private let genericTypesInstantiated = ObjectIdentifier(Optional<LineBreaker<RunReader>>.self)
