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

    /// Resolves the metrics of `section` under `configuration` for a viewport.
    init(configuration: FlowLayoutConfiguration, section: FlowSection?, viewportSize: Size) {
        let direction = configuration.scrollDirection
        let inset = section?.sectionInset ?? configuration.sectionInset
        lineSpacing = section?.minimumLineSpacing ?? configuration.minimumLineSpacing
        interitemSpacing = section?.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
        headerExtent = direction.cross(section?.headerReferenceSize ?? configuration.headerReferenceSize)
        footerExtent = direction.cross(section?.footerReferenceSize ?? configuration.footerReferenceSize)
        viewportMain = direction.main(viewportSize)
        switch direction {
        case .vertical:
            mainLeadingInset = inset.left
            crossLeadingInset = inset.top
            crossTrailingInset = inset.bottom
            available = viewportMain - inset.left - inset.right
        case .horizontal:
            mainLeadingInset = inset.top
            crossLeadingInset = inset.left
            crossTrailingInset = inset.right
            available = viewportMain - inset.top - inset.bottom
        }
    }

    /// The section's extent given the extent of its lines (`flow-layout.md` 4.1):
    /// header, leading inset, lines, trailing inset, footer.
    @inline(__always)
    func sectionExtent(linesExtent: Double) -> Double {
        headerExtent + crossLeadingInset + linesExtent + crossTrailingInset + footerExtent
    }

    /// The offset of the first line from the section's start.
    @inline(__always)
    var linesOffset: Double { headerExtent + crossLeadingInset }

    /// The extent of a section's lines given the total advance of its blocks
    /// (each block's extent plus one line spacing): the one formula every path uses.
    @inline(__always)
    func linesExtent(totalAdvance: Double, itemCount: Int) -> Double {
        itemCount == 0 ? 0 : totalAdvance - lineSpacing
    }
}

/// What items of a section's default size (`itemSize`, or the estimate) do on a
/// line: computed once per distinct metrics and default size.
struct DefaultLineGeometry: Hashable, Sendable {
    /// The default size's main-axis extent.
    var main: Double
    /// The default size's cross-axis extent: the thickness of a uniform line.
    var cross: Double
    /// How many default-size items fit on a line.
    var fit: LineFit
    /// The gap between items of a full justified line of default items; the
    /// column spacing of a uniform section's last line. Meaningful for k >= 2.
    var fullLineGap: Double

    /// Computes the geometry for `size` under `metrics`.
    init(size: Size, direction: ScrollDirection, metrics: SectionMetrics) {
        main = direction.main(size)
        cross = direction.cross(size)
        fit = LineFit.of(width: main, spacing: metrics.interitemSpacing, available: metrics.available)
        fullLineGap = 0
        if case .count(let k) = fit, k >= 2 {
            var total = main
            for _ in 1..<k { total += main }
            fullLineGap = (metrics.available - total) / Double(k - 1)
        }
    }
}
