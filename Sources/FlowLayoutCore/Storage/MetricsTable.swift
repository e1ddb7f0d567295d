/// What sections are resolved under (`flow-layout.md` 1, 3.4, 7.1): the
/// layout-wide properties, the viewport, the alignment options and the size
/// of items without one of their own. The coordinator sets them all at once
/// (``SectionList/resolve(under:)``) whenever one changes.
struct SectionSettings: Hashable, Sendable {
    /// The layout-wide properties.
    var configuration: FlowLayoutConfiguration
    /// The viewport: its main-axis extent is the extent lines span.
    var viewportSize: Size
    /// The alignment options of flow sections (3.4).
    var alignments: FlowSectionLayout.Alignments
    /// Whether reported sizes refine the estimate (7.1).
    var refinesEstimate: Bool

    /// The settings of `configuration` and `options` for a viewport.
    init(configuration: FlowLayoutConfiguration, options: FlowLayoutOptions, viewportSize: Size) {
        self.configuration = configuration
        self.viewportSize = viewportSize
        alignments = FlowSectionLayout.Alignments(
            line: options.lineAlignment, lastLine: options.lastLineAlignment, cross: options.crossAlignment)
        refinesEstimate = options.estimateRefinement == .meanOfReportedSizes && configuration.isSelfSizing
    }
}

/// The distinct metrics of a layout's sections: entry 0 holds the layout's own
/// properties, later entries those of sections with overrides (the delegate's
/// per-section methods), each stored once however many sections share it;
/// with the settings and the default item size they are resolved under.
///
/// Sections refer to their entry by index, so inserting, reloading or moving a
/// section with overrides costs one dictionary lookup.
struct MetricsTable: Sendable {
    /// The overrides behind each entry; empty for entry 0.
    private(set) var overrides: [SectionOverrides] = [SectionOverrides()]
    /// Resolved metrics of each entry.
    private(set) var metrics: [SectionMetrics] = []
    /// The line geometry of each entry, for the current default item size, in
    /// a section that is not uniform (lines filled by subtraction, 2.1).
    private(set) var geometry: [LineGeometry] = []
    /// The line geometry of each entry in a uniform section of default-size
    /// items (lines by floor division, 2.1; `flow-layout.md` 3.3).
    private(set) var uniformGeometry: [LineGeometry] = []
    private var lookup: [SectionOverrides: Int32] = [:]
    /// What every entry is resolved under.
    private(set) var settings: SectionSettings
    /// The size of an item without one of its own: the estimate while
    /// self-sizing, else `itemSize`.
    private(set) var defaultSize: Size

    /// A table resolved under `settings`, items without a size of their own
    /// at `defaultSize`.
    init(settings: SectionSettings, defaultSize: Size) {
        self.settings = settings
        self.defaultSize = defaultSize
        resolve(settings: settings, defaultSize: defaultSize)
    }

    /// The index of the entry for `overrides`, adding one if there is none.
    mutating func index(for overrides: SectionOverrides) -> Int32 {
        guard !overrides.isEmpty else { return 0 }
        if let index = lookup[overrides] { return index }
        let index = Int32(self.overrides.count)
        self.overrides.append(overrides)
        lookup[overrides] = index
        append(SectionMetrics(configuration: settings.configuration, overrides: overrides, viewportSize: settings.viewportSize))
        return index
    }

    /// Resolves every entry again under new settings or a new default item size.
    ///
    /// - Complexity: O(entries).
    mutating func resolve(settings: SectionSettings, defaultSize: Size) {
        self.settings = settings
        self.defaultSize = defaultSize
        metrics.removeAll(keepingCapacity: true)
        geometry.removeAll(keepingCapacity: true)
        uniformGeometry.removeAll(keepingCapacity: true)
        for entry in overrides {
            append(SectionMetrics(configuration: settings.configuration, overrides: entry, viewportSize: settings.viewportSize))
        }
    }

    /// Adds the resolved metrics of a new last entry, with its geometries.
    private mutating func append(_ resolved: SectionMetrics) {
        let direction = settings.configuration.scrollDirection
        metrics.append(resolved)
        geometry.append(LineGeometry(metrics: resolved, defaultSize: defaultSize, direction: direction))
        uniformGeometry.append(LineGeometry(metrics: resolved, defaultSize: defaultSize, direction: direction, uniform: true))
    }

    /// Entry `index`, resolved: what chooses the geometry of sections under it.
    @inline(__always)
    func resolved(_ index: Int32) -> GeometrySelector {
        let entry = Int(index)
        return GeometrySelector(
            isSelfSizing: settings.configuration.isSelfSizing, itemSize: settings.configuration.itemSize,
            defaultSize: defaultSize, refinesEstimate: settings.refinesEstimate, metrics: metrics[entry],
            geometry: geometry[entry], uniformGeometry: uniformGeometry[entry])
    }

    /// Bytes of heap the table holds.
    var allocatedBytes: Int {
        96 + overrides.capacity * MemoryLayout<SectionOverrides>.stride
            + metrics.capacity * MemoryLayout<SectionMetrics>.stride
            + (geometry.capacity + uniformGeometry.capacity) * MemoryLayout<LineGeometry>.stride
            + lookup.capacity * (MemoryLayout<SectionOverrides>.stride + 4)
    }

    /// With internal checks: one resolved entry per overrides, each resolved
    /// under the settings.
    func checkInvariants() {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        precondition(metrics.count == overrides.count, "metrics table")
        precondition(geometry.count == overrides.count && uniformGeometry.count == overrides.count, "geometry table")
        precondition(overrides[0].isEmpty && lookup.count == overrides.count - 1, "metrics lookup")
        for (index, entry) in overrides.enumerated() {
            precondition(
                metrics[index]
                    == SectionMetrics(configuration: settings.configuration, overrides: entry, viewportSize: settings.viewportSize),
                "metrics entry \(index) resolved under other settings")
        }
        #endif
    }
}
