/// Sections as the state holds them (`flow-layout.md` 2, 4, 9): records in a
/// tree summed by item count, extent, bound and pending state. A section's
/// behaviour is ``SectionLayout``'s; here the state hands sections out with
/// the metrics entry they use, writes changed ones back, and lays out pending
/// ones (queries that need exact positions get them through
/// ``LocatedSection``, `LocatedSection.swift`).
extension FlowLayoutState {
    // MARK: Handing sections out

    /// Section `q` with its resolved metrics, for what needs no position: counts,
    /// metrics, own sizes. Its start is not exact while an earlier section is
    /// pending (see ``locatedSection(_:)``).
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func section(_ q: Int) -> SectionLayout { section(of: sections[q]) }

    /// The section stored as `record`, with its resolved metrics.
    @inline(__always)
    func section(of record: SectionRecord) -> SectionLayout {
        SectionLayout(record: record, resolved: resolved(record.metricsIndex), alignments: alignments)
    }

    /// The metrics entry `metricsIndex`, resolved: what chooses the geometry
    /// of sections under it.
    @inline(__always)
    func resolved(_ metricsIndex: Int32) -> GeometrySelector {
        let index = Int(metricsIndex)
        return GeometrySelector(
            isSelfSizing: configuration.isSelfSizing, itemSize: configuration.itemSize, metrics: metrics.metrics[index],
            geometry: metrics.geometry[index], uniformGeometry: metrics.uniformGeometry[index])
    }

    /// The alignment options sections place their items by.
    var alignments: SectionLayout.Alignments {
        SectionLayout.Alignments(
            line: options.lineAlignment, lastLine: options.lastLineAlignment, cross: options.crossAlignment)
    }

    /// The resolved metrics of a section's metrics entry.
    @inline(__always)
    func sectionMetrics(_ metricsIndex: Int32) -> SectionMetrics { metrics.metrics[Int(metricsIndex)] }

    /// Changes section `q` through `body` and writes it back: the section's
    /// store is moved out of the tree first, so that it is changed in place
    /// unless another layout shares it.
    ///
    /// - Complexity: O(log S) plus what `body` does.
    mutating func modifySection<Result>(_ q: Int, _ body: (inout SectionLayout) -> Result) -> Result {
        let resolved = resolved(sections[q].metricsIndex)
        let alignments = alignments
        return sections.modify(at: q) { record in
            var section = SectionLayout(record: record.moveOut(), resolved: resolved, alignments: alignments)
            defer { record = section.record }
            return body(&section)
        }
    }

    /// The record of a new section given by the host (validated), whose
    /// per-item sizes sum to `sums`.
    mutating func makeRecord(for section: FlowSection, sums: SizeSums) -> SectionRecord {
        let metricsIndex = metrics.index(
            for: MetricOverrides(section), configuration: configuration, viewportSize: viewportSize,
            defaultSize: defaultItemSize)
        return SectionLayout(
            section, sums: sums, metricsIndex: metricsIndex, resolved: resolved(metricsIndex), alignments: alignments
        ).record
    }

    // MARK: Laying out

    /// Lays out section `q` (``SectionLayout/layOut()``).
    ///
    /// Callers hold no copy of the section's record meanwhile: with its store
    /// referenced only by the tree, the sizes the host gave are let go of chunk
    /// by chunk as the runs are built (a copy would keep them all until the end).
    mutating func layOutSection(_ q: Int) {
        workCounters.linesBroken += modifySection(q) { $0.layOut() }
        workCounters.sectionsLaidOut += 1
    }

    /// Applies validated edits to section `q` (``SectionLayout/applyEdits(_:)``):
    /// its extent and the offsets of later sections follow. Returns what
    /// changed in its lines.
    @discardableResult
    mutating func applyEdits(_ edits: [ItemEdit], toSection q: Int) -> LineChange {
        let change = modifySection(q) { $0.applyEdits(edits) }
        workCounters.linesBroken += change.linesBroken
        workCounters.sectionsTouched += 1
        return change
    }

    /// Marks every section with items of its own pending and recomputes every
    /// extent and bound: after a change of configuration, viewport width or
    /// estimate. Then checks the content limit (``enforceContentLimit(path:indexSections:)``),
    /// naming `limitPath`: call it on a copy (``changeAtomically(_:)``).
    ///
    /// - Complexity: O(S).
    mutating func invalidateAllSections(limitPath: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        metrics.resolve(configuration: configuration, viewportSize: viewportSize, defaultSize: defaultItemSize)
        var records = sections.elements
        let alignments = alignments
        for index in records.indices {
            let resolved = resolved(records[index].metricsIndex)
            var section = SectionLayout(record: records[index], resolved: resolved, alignments: alignments)
            section.invalidate(resolved: resolved)
            records[index] = section.record
        }
        sections = BTree(records, leafCapacity: 64, innerCapacity: 16)
        try enforceContentLimit(path: limitPath())
    }

    // MARK: The content limit

    /// Whether the content is known to stay within ``FlowLayoutLimits/maximumLength``
    /// however its pending sections lay out.
    var isWithinContentLimit: Bool {
        sections.summary.bound <= Offset(FlowLayoutLimits.maximumLength)
    }

    /// Whether the content stays within the limit however its sections lay
    /// out, when their bounds may grow by `growth` in all: how a change that
    /// knows that much beforehand (size reports, a batch of few items) skips
    /// keeping a copy to undo. The margin covers the rounding of the sum.
    func staysWithinContentLimit(growingBy growth: Double) -> Bool {
        sections.summary.bound.double + growth * (1 + 0x1p-30) <= FlowLayoutLimits.maximumLength
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
        layOutAllPendingSections()
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
