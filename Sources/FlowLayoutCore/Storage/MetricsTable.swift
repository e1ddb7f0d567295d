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
    /// Each entry resolved: its metrics and line geometries (`flow-layout.md`
    /// 2.1, 3.3), shared by the sections under it.
    private(set) var entries: [GeometrySelector] = []
    private var lookup: [SectionOverrides: Int32] = [:]
    /// Whether some entry is a waterfall section's (`flow-layout.md` 12).
    private(set) var hasWaterfall = false
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
        entries.append(entry(for: overrides))
        hasWaterfall = hasWaterfall || entries[Int(index)].waterfall != nil
        return index
    }

    /// Resolves every entry again under new settings or a new default item size.
    ///
    /// - Complexity: O(entries).
    mutating func resolve(settings: SectionSettings, defaultSize: Size) {
        self.settings = settings
        self.defaultSize = defaultSize
        entries = overrides.map { entry(for: $0) }
        hasWaterfall = entries.contains { $0.waterfall != nil }
    }

    /// The entry of `overrides`, resolved under the table's settings.
    private func entry(for overrides: SectionOverrides) -> GeometrySelector {
        let metrics = SectionMetrics(configuration: settings.configuration, overrides: overrides, viewportSize: settings.viewportSize)
        let waterfall = SectionMetrics.waterfall(configuration: settings.configuration, overrides: overrides, metrics: metrics)
        return GeometrySelector(metrics: metrics, waterfall: waterfall, settings: settings, defaultSize: defaultSize)
    }

    /// Entry `index`, resolved: what chooses the geometry of sections under it.
    @inline(__always)
    func resolved(_ index: Int32) -> GeometrySelector { entries[Int(index)] }

    /// The resolved metrics of entry `index`.
    @inline(__always)
    func metrics(_ index: Int32) -> SectionMetrics { entries[Int(index)].metrics }

    /// Bytes of heap the table holds.
    var allocatedBytes: Int {
        let entry =
            16 + 2 * 8 + 2 * MemoryLayout<Size>.stride + MemoryLayout<SectionMetrics>.stride
            + 2 * MemoryLayout<LineGeometry>.stride
        return 96 + overrides.capacity * MemoryLayout<SectionOverrides>.stride + entries.capacity * 8 + entries.count * entry
            + lookup.capacity * (MemoryLayout<SectionOverrides>.stride + 4)
    }

    /// With internal checks: one resolved entry per overrides, each resolved
    /// under the settings.
    func checkInvariants() {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        precondition(entries.count == overrides.count, "metrics table")
        precondition(overrides[0].isEmpty && lookup.count == overrides.count - 1, "metrics lookup")
        for (index, overrides) in overrides.enumerated() {
            let fresh = entry(for: overrides)
            precondition(
                entries[index].metrics == fresh.metrics && entries[index].waterfall == fresh.waterfall
                    && entries[index].geometry == fresh.geometry
                    && entries[index].uniformGeometry == fresh.uniformGeometry && entries[index].defaultSize == fresh.defaultSize,
                "metrics entry \(index) resolved under other settings")
        }
        #endif
    }
}
