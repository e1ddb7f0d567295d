/// How a section's lines are broken (`flow-layout.md` 2.1, 3.3): a section is
/// *uniform* when items are not self-sizing and every item has the same size,
/// `itemSize` or one explicit size (counted by the store's census, O(1));
/// uniform lines hold a count by floor division, others are filled by
/// subtraction.
///
/// One per metrics entry, made when the entry is resolved and shared by every
/// section under it (a reference: a section handed out carries it without
/// copying a few hundred bytes of metrics and geometry).
final class GeometrySelector: Sendable {
    let isSelfSizing: Bool
    let itemSize: Size
    /// The size of an item without one of its own: the estimate while
    /// self-sizing, else `itemSize`.
    let defaultSize: Size
    /// Whether reported sizes refine the estimate (every reported size is
    /// then kept as the item's own).
    let refinesEstimate: Bool
    let metrics: SectionMetrics
    /// The entry's columns when its sections are waterfall sections
    /// (`flow-layout.md` 12.1), else `nil`.
    let waterfall: WaterfallGeometry?
    /// The entry's geometry for a section that is not uniform.
    let geometry: LineGeometry
    /// The entry's geometry for a uniform section of `itemSize` items.
    let uniformGeometry: LineGeometry

    /// The entry of `metrics` under `settings`, items without a size of their
    /// own at `defaultSize`.
    init(metrics: SectionMetrics, waterfall: WaterfallGeometry? = nil, settings: SectionSettings, defaultSize: Size) {
        self.waterfall = waterfall
        let direction = settings.configuration.scrollDirection
        isSelfSizing = settings.configuration.isSelfSizing
        itemSize = settings.configuration.itemSize
        self.defaultSize = defaultSize
        refinesEstimate = settings.refinesEstimate
        self.metrics = metrics
        geometry = LineGeometry(metrics: metrics, defaultSize: defaultSize, direction: direction)
        uniformGeometry = LineGeometry(metrics: metrics, defaultSize: defaultSize, direction: direction, uniform: true)
    }

    /// The geometry of a section of `itemCount` items whose explicit sizes are in `store`.
    @inline(__always)
    func geometry(itemCount: Int, store: ItemStore?) -> LineGeometry {
        if isSelfSizing { return geometry }
        guard let store else { return uniformGeometry }
        guard let common = store.sums.commonSize else { return geometry }
        if common == itemSize { return uniformGeometry }
        // Every item explicit, all of one size other than itemSize.
        guard store.sums.count == itemCount else { return geometry }
        return LineGeometry(metrics: metrics, defaultSize: common, direction: geometry.direction, uniform: true)
    }
}

/// How a section's extent follows from its items under one metrics entry
/// (`flow-layout.md` 4.1): exactly, estimated, or bounded.
struct SectionExtents {
    let metrics: SectionMetrics
    let geometry: LineGeometry

    /// The exact extent of a section of `itemCount` default-size items.
    func closedForm(itemCount: Int) -> Offset {
        let lines = geometry.linesOfDefaults(itemCount)
        return metrics.sectionExtent(totalAdvance: geometry.defaultAdvance * lines, itemCount: itemCount)
    }

    /// The exact extent of a laid-out section.
    func exact(of record: SectionRecord) -> Offset {
        guard let store = record.store else { return closedForm(itemCount: record.itemCount) }
        return metrics.sectionExtent(totalAdvance: store.runs.summary.advance, itemCount: record.itemCount)
    }

    /// The estimated extent of a pending section: its items at their mean size
    /// (explicit sizes as they are, the others at the default size), in closed form.
    func estimate(of record: SectionRecord) -> Offset {
        let n = record.itemCount
        guard let store = record.store, n > 0 else { return closedForm(itemCount: n) }
        let direction = geometry.direction
        let defaults = Double(n - store.sizedCount)
        let main = (store.sums.main(direction) + defaults * geometry.defaultMain) / Double(n)
        let cross = (store.sums.cross(direction) + defaults * geometry.defaultCross) / Double(n)
        let mean = direction.size(main: main, cross: cross)
        let meanGeometry = LineGeometry(metrics: metrics, defaultSize: mean, direction: direction)
        let lines = meanGeometry.linesOfDefaults(n)
        return metrics.sectionExtent(totalAdvance: meanGeometry.defaultAdvance * lines, itemCount: n)
    }

    /// An upper bound on the extent any layout of the section can have: every
    /// item on a line of its own, so the lines' thickness is at most the sum of
    /// the items' cross extents, with at most `n − 1` line spacings. The sums of
    /// sizes are rounded up, so never below the true ones; the floating-point
    /// sum here takes a margin far above its own rounding.
    func upperBound(of record: SectionRecord) -> Offset {
        let n = record.itemCount
        let store = record.store
        let sized = store?.sizedCount ?? 0
        if let sums = store?.sums, sums.isSaturated { return .limit }
        let sizedCross = store?.sums.cross(geometry.direction) ?? 0
        let crossSum = sizedCross + Double(n - sized) * geometry.defaultCross
        let lines = n == 0 ? 0 : (crossSum + Double(n - 1) * metrics.lineSpacing) * (1 + FlowLayoutLimits.boundSlack)
        return metrics.linesOffset + Offset(clamping: lines) + metrics.trailingOffset
    }
}

extension SectionMetrics {
    /// The extent along the scroll axis of the section's header or footer
    /// (`flow-layout.md` 4.2): zero when it is omitted.
    @inline(__always)
    func extent(of category: ElementCategory) -> Double {
        category == .header ? headerExtent : footerExtent
    }

    /// The size the section's header or footer is laid out at (4.2): the line
    /// extent across the scroll axis, by its extent along it.
    func size(of category: ElementCategory, direction: ScrollDirection) -> Size {
        direction.size(main: viewportMain, cross: extent(of: category))
    }
}
