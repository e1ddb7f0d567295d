/// Sections: their records, extents and bounds, and laying them out
/// (`flow-layout.md` 2, 4, 9).
///
/// A section is either *laid out*, with an exact extent and runs that start at
/// line starts, or *pending* (never laid out, or invalidated by a viewport width
/// change or a new estimate), with an estimated extent: its items counted at
/// their mean size in closed form. Queries lay out every pending section before
/// the point they read, so frames are always exact.
extension FlowLayoutState {
    // MARK: Records

    /// The record of a new section given by the host (validated), whose
    /// per-item sizes sum to `sums`; extents not yet set for sections without
    /// per-item sizes.
    mutating func makeRecord(for section: FlowSection, sums: SizeSums) -> SectionRecord {
        let metricsIndex = metrics.index(
            for: MetricOverrides(section), configuration: configuration, viewportSize: viewportSize,
            defaultSize: defaultItemSize)
        var record = SectionRecord(
            itemCount: section.itemCount, extent: .zero, bound: .zero, metricsIndex: metricsIndex, isPending: false,
            hasItemSizes: section.itemSizeChunks != nil, store: nil)
        if let given = section.givenSizeChunks.map({ GivenSizes($0.chunks) }), !given.isEmpty {
            record.store = ItemStore(givenSizes: given, sums: sums)
            record.isPending = true
            record.extent = estimatedExtent(of: record)
            record.bound = upperBound(of: record)
        } else {
            record.extent = closedFormExtent(itemCount: record.itemCount, metricsIndex: metricsIndex)
            record.bound = record.extent
        }
        return record
    }

    /// The line geometry of a section of default-size items only under a
    /// metrics entry: uniform unless items are self-sizing (`flow-layout.md` 3.3).
    @inline(__always)
    func geometry(_ metricsIndex: Int32) -> LineGeometry {
        configuration.isSelfSizing ? metrics.geometry[Int(metricsIndex)] : metrics.uniformGeometry[Int(metricsIndex)]
    }

    /// The line geometry of section `record`: uniform when it is (3.3), else
    /// filled by subtraction (2.1).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func geometry(of record: SectionRecord) -> LineGeometry {
        geometrySelector(record.metricsIndex).geometry(itemCount: record.itemCount, store: record.store)
    }

    /// What chooses the geometry of sections under a metrics entry, read before
    /// a record is modified in place.
    func geometrySelector(_ metricsIndex: Int32) -> GeometrySelector {
        let index = Int(metricsIndex)
        return GeometrySelector(
            isSelfSizing: configuration.isSelfSizing, itemSize: configuration.itemSize, metrics: metrics.metrics[index],
            geometry: metrics.geometry[index], uniformGeometry: metrics.uniformGeometry[index])
    }

    /// The resolved metrics of a section's metrics entry.
    @inline(__always)
    func sectionMetrics(_ metricsIndex: Int32) -> SectionMetrics { metrics.metrics[Int(metricsIndex)] }

    /// The offset of section `q`'s start: the sum of the extents before it.
    /// Exact when every section before `q` is laid out.
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func sectionStart(_ q: Int) -> Offset { sections.prefix(before: q).extent }

    // MARK: Extents

    /// The rules for the extents of sections of default-size items only using
    /// metrics entry `metricsIndex`.
    @inline(__always)
    func extents(_ metricsIndex: Int32) -> SectionExtents {
        SectionExtents(metrics: sectionMetrics(metricsIndex), geometry: geometry(metricsIndex))
    }

    /// The rules for the extents of section `record`, under its own geometry.
    @inline(__always)
    func extents(of record: SectionRecord) -> SectionExtents {
        SectionExtents(metrics: sectionMetrics(record.metricsIndex), geometry: geometry(of: record))
    }

    /// The exact extent of a section of `itemCount` default-size items.
    func closedFormExtent(itemCount: Int, metricsIndex: Int32) -> Offset {
        extents(metricsIndex).closedForm(itemCount: itemCount)
    }

    /// The estimated extent of a pending section; see ``SectionExtents/estimate(of:)``.
    func estimatedExtent(of record: SectionRecord) -> Offset { extents(of: record).estimate(of: record) }

    /// An upper bound on a section's extent; see ``SectionExtents/upperBound(of:)``.
    func upperBound(of record: SectionRecord) -> Offset { extents(of: record).upperBound(of: record) }

    /// The exact extent of a laid-out section; see ``SectionExtents/exact(of:)``.
    func exactExtent(of record: SectionRecord) -> Offset { extents(of: record).exact(of: record) }

    // MARK: Laying out

    /// Lays out every pending section up to and including `q`.
    mutating func layOutPendingSections(through q: Int) {
        while sections.summary.pending > 0 {
            // Only the position: no copy of the record may be alive while it is
            // laid out (see ``layOutSection(_:)``).
            let first = sections.find(0, in: { $0.pending }, rule: .containing).position
            guard first <= q else { return }
            layOutSection(first)
        }
    }

    /// Lays out section `q` from its first item: breaks every line, stores the
    /// items in runs that start at line starts, records the exact extent.
    ///
    /// Callers hold no copy of the section's record meanwhile: with its store
    /// referenced only by the tree, the sizes the host gave are let go of chunk
    /// by chunk as the runs are built (a copy would keep them all until the end).
    ///
    /// - Complexity: O(items with a size of their own + lines that hold them +
    ///   runs), plus O(log S) for the section tree.
    mutating func layOutSection(_ q: Int) {
        var linesBroken = 0
        let rules = extents(of: sections[q])
        let geometry = rules.geometry
        sections.modify(at: q) { record in
            if var store = record.store {
                record.store = nil  // keep the store uniquely referenced while it changes
                if !isKnownUniquelyReferenced(&store) { store = store.copy() }
                if let given = store.givenSizes {
                    // Let go of the store's reference first, so that laying out
                    // frees each chunk as its runs are built.
                    store.givenSizes = nil
                    store.runs = (consume given).laidOut(geometry: geometry)
                    linesBroken = store.runs.summary.lines
                } else {
                    linesBroken = Rebreak(geometry: geometry, isAligned: true).layOut(&store.runs).linesBroken
                }
                record.store = store.runs.summary.sized > 0 ? store : nil
            }
            record.extent = rules.exact(of: record)
            record.bound = record.extent
            record.isPending = false
        }
        workCounters.sectionsLaidOut += 1
        workCounters.linesBroken += linesBroken
    }

    /// Marks every section with items of its own pending and recomputes every
    /// extent and bound: after a change of configuration, viewport width or
    /// estimate.
    ///
    /// - Complexity: O(S).
    mutating func invalidateAllSections() {
        metrics.resolve(configuration: configuration, viewportSize: viewportSize, defaultSize: defaultItemSize)
        var records = sections.elements
        for index in records.indices {
            if records[index].store != nil {
                records[index].isPending = true
                records[index].extent = estimatedExtent(of: records[index])
                records[index].bound = upperBound(of: records[index])
            } else {
                records[index].isPending = false
                records[index].extent = closedFormExtent(
                    itemCount: records[index].itemCount, metricsIndex: records[index].metricsIndex)
                records[index].bound = records[index].extent
            }
        }
        sections = BTree(records, leafCapacity: 64, innerCapacity: 16)
    }

    // MARK: The content limit

    /// Whether the content is known to stay within ``FlowLayoutLimits/maximumLength``
    /// however its pending sections lay out.
    var isWithinContentLimit: Bool {
        sections.summary.bound <= Offset(FlowLayoutLimits.maximumLength)
    }

    /// Throws unless the content, laid out, stays within the limit: first by the
    /// sections' bounds (O(1)); when those exceed it, by laying out every
    /// pending section and checking the exact extent (O(n), only then).
    ///
    /// - Throws: ``FlowLayoutError/contentTooLarge(path:extent:)``, naming
    ///   `path` (with `[index]` of the first section past the limit when
    ///   `indexSections`).
    mutating func enforceContentLimit(path: @autoclosure () -> FieldPath, indexSections: Bool = false) throws(FlowLayoutError) {
        guard !isWithinContentLimit else { return }
        layOutPendingSections(through: sections.count - 1)
        let limit = Offset(FlowLayoutLimits.maximumLength)
        let total = sections.summary.extent
        guard total > limit else { return }
        var named = path()
        if indexSections {
            named = named.appending(index: sections.find(limit, in: { $0.extent }, rule: .containing).position)
        }
        throw .contentTooLarge(path: named, extent: total.double)
    }
}

/// How a section's lines are broken (`flow-layout.md` 2.1, 3.3): a section is
/// *uniform* when items are not self-sizing and every item has the same size,
/// `itemSize` or one explicit size (counted by the store's census, O(1));
/// uniform lines hold a count by floor division, others are filled by
/// subtraction.
struct GeometrySelector {
    let isSelfSizing: Bool
    let itemSize: Size
    let metrics: SectionMetrics
    /// The entry's geometry for a section that is not uniform.
    let geometry: LineGeometry
    /// The entry's geometry for a uniform section of `itemSize` items.
    let uniformGeometry: LineGeometry

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
        let mean = direction == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
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
        let sized = record.store?.sizedCount ?? 0
        if let sums = record.store?.sums, sums.isSaturated { return .limit }
        let sizedCross = record.store?.sums.cross(geometry.direction) ?? 0
        let crossSum = sizedCross + Double(n - sized) * geometry.defaultCross
        let lines = n == 0 ? 0 : (crossSum + Double(n - 1) * metrics.lineSpacing) * (1 + 0x1p-30)
        return metrics.linesOffset + Offset(clamping: lines) + metrics.trailingOffset
    }
}
