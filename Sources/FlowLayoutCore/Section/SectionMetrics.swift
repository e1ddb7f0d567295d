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
