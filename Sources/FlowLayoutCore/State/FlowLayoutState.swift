/// The flow layout engine's state: a pure, synchronous value that computes what
/// `UICollectionViewFlowLayout` computes, lazily and incrementally.
///
/// A host that owns a thread drives it directly; concurrent hosts use the
/// `FlowLayoutEngine` actor, which wraps one state. Every mutating call either
/// succeeds or throws ``FlowLayoutError`` and leaves the state exactly as it was.
///
/// How it stays cheap:
/// - A section whose items all have the default size (`itemSize`, or the
///   estimate while self-sizing items have not reported) keeps no lines: its
///   extent and every frame in it are closed-form. Creating a layout of 10
///   million such items costs O(sections).
/// - Sections with per-item sizes are laid out the first time a query reaches
///   them; their line breaks are cached in blocks of up to 16 lines.
/// - Section offsets are prefix sums in a segment tree; within a section, blocks
///   are found by item or offset through a second, per-section tree. A rect query
///   costs O(log S + log B + k) for k elements returned.
/// - A size report re-breaks lines from the line holding the item only until the
///   breaks agree with the old ones again, then updates the section's extent and
///   the offsets of all later sections in O(log S).
///
/// Queries are `mutating` because they may lay out a section for the first time
/// and keep the result.
public struct FlowLayoutState: Sendable {
    /// The layout-wide properties.
    public internal(set) var configuration: FlowLayoutConfiguration
    /// The size of the collection view's bounds: its main-axis extent is the
    /// extent lines and headers span.
    public internal(set) var viewportSize: Size
    /// Engine behaviour beyond UIKit's.
    public internal(set) var options: FlowLayoutOptions
    /// The work done since ``resetWorkCounters()``.
    public internal(set) var workCounters = LayoutWorkCounters()
    /// The rect of content the host shows, set by ``setVisibleRect(_:)`` or a
    /// frame; updates keep the anchor element inside it still.
    public internal(set) var visibleRect: Rect?

    /// Per-section state.
    var sections: [SectionState]
    /// Resolved metrics; entry 0 holds the layout's own properties, later entries
    /// those of sections that override any of them.
    var metricsTable: [SectionMetrics] = []
    /// The default-size line geometry of each metrics entry.
    var geometryTable: [DefaultLineGeometry] = []
    /// The section overrides behind each metrics entry (`nil` for entry 0).
    var metricsSources: [FlowSection?]
    /// Section item counts and extents, for offsets and searches.
    var sectionTree = SummaryTree()
    /// Sections whose extent in `sectionTree` is a placeholder until laid out.
    var pending: PendingSections
    /// The size assumed for self-sizing items that have not reported: the
    /// estimate, or the mean of reported sizes when refinement is on.
    public internal(set) var currentEstimatedItemSize: Size
    /// Running totals of reported sizes for estimate refinement.
    var measuredTotals = MeasuredTotals()

    /// Creates a layout of `sections` under `configuration` for a viewport.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first invalid value: a negative,
    ///   NaN or infinite size, spacing or inset; a negative or too large count; an
    ///   `itemSizes` array of the wrong length.
    /// - Complexity: O(S) for sections without per-item sizes, plus O(n) to
    ///   validate per-item sizes. No line is broken until a query needs it.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        sections: [FlowSection],
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws {
        try Self.validate(configuration: configuration, path: "configuration")
        try Self.validate(size: viewportSize, path: "viewportSize")
        try Self.validate(sections: sections)
        self.configuration = configuration
        self.viewportSize = viewportSize
        self.options = options
        self.currentEstimatedItemSize = configuration.estimatedItemSize
        self.pending = PendingSections(sectionCount: sections.count)
        var sources: [FlowSection?] = [nil]
        var states: [SectionState] = []
        states.reserveCapacity(sections.count)
        sections.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                var metricsIndex = 0
                if buffer[index].hasMetricOverrides {
                    var source = buffer[index]
                    source.itemSizes = nil
                    metricsIndex = sources.count
                    sources.append(source)
                }
                let sizes = buffer[index].itemSizes
                var state = SectionState(
                    itemCount: buffer[index].itemCount, metricsIndex: metricsIndex, baseSizes: sizes,
                    needsLayout: sizes != nil)
                if let sizes, !sizes.isEmpty { state.meanBaseSize = Self.mean(of: sizes) }
                states.append(state)
            }
        }
        self.sections = states
        self.metricsSources = sources
        resolveMetrics()
        rebuildSectionTree()
        checkInvariants()
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(section:sectionCount:)``.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) throws -> Int {
        try checkSection(section, path: "section")
        return sections[section].itemCount
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var totalItemCount: Int { sectionTree.totalCount }

    /// The size assumed for items that have not reported a size: the estimate
    /// while self-sizing, else `itemSize`.
    var defaultItemSize: Size {
        configuration.isSelfSizing ? currentEstimatedItemSize : configuration.itemSize
    }

    /// The mean of non-empty `sizes`, summed in order.
    static func mean(of sizes: [Size]) -> Size {
        var width = 0.0
        var height = 0.0
        for size in sizes {
            width += size.width
            height += size.height
        }
        return Size(width: width / Double(sizes.count), height: height / Double(sizes.count))
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
