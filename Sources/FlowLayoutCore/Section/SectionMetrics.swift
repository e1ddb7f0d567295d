/// A section's resolved metrics in main/cross terms: the layout's properties with
/// the section's overrides applied, for one scroll direction and viewport.
struct SectionMetrics: Hashable, Sendable {
    /// Spacing between successive lines.
    var lineSpacing: Double
    /// Minimum spacing between items of a line.
    var interitemSpacing: Double
    /// Inset before each line's first item (left when vertical, top when horizontal).
    var mainLeadingInset: Double
    /// Inset before the first line (top when vertical, left when horizontal).
    var crossLeadingInset: Double
    /// Inset after the last line (bottom when vertical, right when horizontal).
    var crossTrailingInset: Double
    /// The header's extent along the scroll axis; 0 omits it.
    var headerExtent: Double
    /// The footer's extent along the scroll axis; 0 omits it.
    var footerExtent: Double
    /// The viewport's main-axis extent: the width of headers and footers.
    var viewportMain: Double
    /// The main-axis extent available to a line: viewport minus both main insets.
    /// Negative when the insets exceed the viewport; every item is then oversize.
    var available: Double
    /// The offset of the first line from the section's start, header and leading
    /// inset, exactly (`flow-layout.md` 4.1).
    private(set) var linesOffset = Offset.zero
    /// The trailing inset plus the footer, exactly.
    private(set) var trailingOffset = Offset.zero
    /// The line spacing, exactly.
    private(set) var lineSpacingOffset = Offset.zero

    /// Resolves the metrics of a section with `overrides` under `configuration`
    /// for a viewport.
    init(configuration: FlowLayoutConfiguration, overrides: SectionOverrides, viewportSize: Size) {
        let direction = configuration.scrollDirection
        let inset = overrides.sectionInset ?? configuration.sectionInset
        lineSpacing = overrides.minimumLineSpacing ?? configuration.minimumLineSpacing
        interitemSpacing = overrides.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
        headerExtent = direction.cross(overrides.headerReferenceSize ?? configuration.headerReferenceSize)
        footerExtent = direction.cross(overrides.footerReferenceSize ?? configuration.footerReferenceSize)
        viewportMain = direction.main(viewportSize)
        let mainInsets = direction.mainInsets(inset)
        mainLeadingInset = mainInsets.leading
        (crossLeadingInset, crossTrailingInset) = direction.crossInsets(inset)
        available = viewportMain - mainInsets.leading - mainInsets.trailing
        linesOffset = Offset(headerExtent) + Offset(crossLeadingInset)
        trailingOffset = Offset(crossTrailingInset) + Offset(footerExtent)
        lineSpacingOffset = Offset(lineSpacing)
    }

    /// The columns of a section with `overrides` under `configuration`, when
    /// it is a waterfall section (`flow-layout.md` 12.1), else `nil`: kept
    /// beside the metrics (``GeometrySelector/waterfall``), which every flow
    /// section's walk copies.
    static func waterfall(
        configuration: FlowLayoutConfiguration, overrides: SectionOverrides, metrics: SectionMetrics
    ) -> WaterfallGeometry? {
        let kind = overrides.kind ?? configuration.waterfall.map { .waterfall($0) } ?? .flow
        guard case .waterfall(let columns) = kind else { return nil }
        return WaterfallGeometry(columns, available: metrics.available, spacing: metrics.interitemSpacing)
    }

    /// The section's extent given the total advance of its lines (each line's
    /// thickness plus one line spacing): header, leading inset, lines (no
    /// spacing after the last), trailing inset, footer. The one formula every
    /// path uses.
    @inline(__always)
    func sectionExtent(totalAdvance: Offset, itemCount: Int) -> Offset {
        let lines = itemCount == 0 ? Offset.zero : totalAdvance - lineSpacingOffset
        return linesOffset + lines + trailingOffset
    }
}

/// A waterfall section's columns, resolved (`flow-layout.md` 12.1): their
/// count n and width w, and the spacing between them.
struct WaterfallGeometry: Hashable, Sendable {
    /// The number of columns, 1…64.
    let count: Int
    /// Each column's width across the scroll axis: max(0, (avail − (n − 1)·s)/n).
    let width: Double
    /// The spacing between columns (the section's minimumInteritemSpacing).
    let spacing: Double

    /// The columns `columns` gives across `available` points with `spacing`
    /// between them.
    init(_ columns: WaterfallColumns, available: Double, spacing: Double) {
        switch columns {
        case .count(let n):
            count = n
        case .minimumWidth(let minimum):
            let fit = ((available + spacing) / (minimum + spacing)).rounded(.down)
            count = fit >= Double(WaterfallColumns.maximumCount) ? WaterfallColumns.maximumCount : fit >= 1 ? Int(fit) : 1
        }
        width = Swift.max(0, (available - Double(count - 1) * spacing) / Double(count))
        self.spacing = spacing
    }

    /// Where column `column` starts across the scroll axis, from the leading
    /// inset `leading`: leading + c·(w + s).
    @inline(__always)
    func start(ofColumn column: Int, leading: Double) -> Double {
        leading + Double(column) * (width + spacing)
    }

    /// An item's length along the scroll axis: its size's, scaled to the
    /// column when its extent across is above 0 (12.2).
    @inline(__always)
    func length(of size: Size, direction: ScrollDirection) -> Double {
        let across = direction.main(size)
        let along = direction.cross(size)
        return across > 0 ? along * width / across : along
    }
}
