/// Everything the line algorithms need to know about one section, gathered once
/// per section and operation.
struct SectionContext {
    /// The section index.
    let section: Int
    /// The number of items.
    let itemCount: Int
    /// Resolved metrics.
    let metrics: SectionMetrics
    /// What default-size items do on a line.
    let geometry: DefaultLineGeometry
    /// How many default-size items fit on a line of this section.
    let fit: LineFit
    /// Items on a full line of default-size items.
    let perLine: Int
    /// The sizes items have now.
    let sizes: ItemSizes
    /// Whether the section's items take their size from `itemSize` alone, so its
    /// last line sits on the columns of full lines (`flow-layout.md` 3.3).
    let isUniformSection: Bool
    /// Whether items without an override have the default size (no per-item sizes).
    let hasDefaultBase: Bool
    /// Alignment along ordinary lines, along the last line, and across lines.
    let lineAlignment: LineAlignment
    let lastLineAlignment: LastLineAlignment
    let crossAlignment: CrossAlignment

    /// The thickness of a line of default-size items.
    var uniformThickness: Double { geometry.cross }
    /// The distance from one uniform line's top to the next one's.
    var uniformPitch: Double { geometry.cross + metrics.lineSpacing }

    /// The number of lines of a uniform block of `itemCount` items.
    @inline(__always)
    func uniformLines(itemCount: Int) -> Int { (itemCount + perLine - 1) / perLine }

    /// The single uniform block that stands for a section without blocks.
    var implicitBlock: LineBlock {
        .uniform(
            itemCount: itemCount, lines: uniformLines(itemCount: itemCount), thickness: uniformThickness,
            lineSpacing: metrics.lineSpacing)
    }
}

extension FlowLayoutState {
    /// The context of section `q` as it is now.
    func context(_ q: Int) -> SectionContext {
        let state = sections[q]
        let geometry = geometryTable[state.metricsIndex]
        let fit = geometry.fit
        return SectionContext(
            section: q,
            itemCount: state.itemCount,
            metrics: metricsTable[state.metricsIndex],
            geometry: geometry,
            fit: fit,
            perLine: fit.perLine,
            sizes: ItemSizes(
                direction: configuration.scrollDirection, base: state.baseSizes, overrides: state.overrides,
                defaultSize: defaultItemSize),
            isUniformSection: state.baseSizes == nil && !configuration.isSelfSizing && state.overrides.isEmpty,
            hasDefaultBase: state.baseSizes == nil,
            lineAlignment: configuration.lineAlignment,
            lastLineAlignment: configuration.lastLineAlignment,
            crossAlignment: configuration.crossAlignment)
    }
}
