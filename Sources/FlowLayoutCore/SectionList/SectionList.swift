/// The layout's sections, in order (`flow-layout.md` 2–4, 7.1, 9): what the
/// coordinator reads and changes them through.
///
/// Sections live as ``SectionRecord``s in a tree summed by items, extent,
/// bound and pending state, so that any section, offset or item is found in
/// O(log S) and sections are inserted and removed in O(log S); their metrics
/// in a ``MetricsTable``, with the settings every section is resolved under.
/// The list also keeps the size of unmeasured self-sizing items (the
/// estimate, refined from reported sizes when asked) and the work counters.
///
/// A section's own behaviour is ``SectionLayout``'s: the list hands sections
/// out (``section(_:)``; located, with an exact start, through
/// ``locatedSection(_:)``), writes changed ones back
/// (``modifySection(_:_:)``), lays pending ones out before their positions
/// are read, and keeps the content within its limit.
struct SectionList: Sendable {
    /// The sections, in order.
    private(set) var records: BTree<SectionRecord>
    /// The distinct metrics sections use, and the settings they are resolved under.
    private(set) var table: MetricsTable
    /// The size assumed for self-sizing items that have not reported: the
    /// estimate, or the mean of reported sizes when refinement is on.
    private(set) var estimate: Size
    /// Reports counted for estimate refinement, and when it refreshes next.
    private var measuredTotals = MeasuredTotals()
    /// The work done since the counters were last reset.
    var workCounters = LayoutWorkCounters()

    /// The number of sizes stored in sections without per-item sizes, for
    /// the mean estimate, and when it is refreshed next.
    private struct MeasuredTotals: Hashable, Sendable {
        var count = 0
        /// The count at which the estimate is refreshed next.
        var nextRefresh = 1
    }

    /// The sections of `sections`, resolved under `settings`. Runs of
    /// sections alike (same metrics and count, default sizes) share one
    /// closed-form extent: creating 10,000 equal sections computes it once.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first invalid value of a
    ///   section (`sections[3].itemSizes[17].width`), as
    ///   ``Validation/check(section:summing:path:)`` does. The content limit is the
    ///   caller's to check.
    /// - Complexity: O(S) for sections without per-item sizes, plus O(n) to
    ///   validate per-item sizes. No line is broken until a query needs it.
    init(_ sections: [FlowSection], settings: SectionSettings) throws(FlowLayoutError) {
        estimate = settings.configuration.estimatedItemSize
        table = MetricsTable(settings: settings, defaultSize: Self.defaultSize(settings, estimate: estimate))
        records = BTree(leafCapacity: 64, innerCapacity: 16)
        var built: [SectionRecord] = []
        built.reserveCapacity(sections.count)
        var previous: FlowSectionLayout.Repetition?
        let layoutIsWaterfall = settings.configuration.waterfall != nil
        try sections.withUnsafeBufferPointer { (buffer) throws(FlowLayoutError) in
            for index in buffer.indices {
                // Each section is read in place (`buffer[index]`, never bound to
                // a local): a section is large enough that a copy is a memcpy.
                let isWaterfall = buffer[index].overrides.kind.map { $0 != .flow } ?? layoutIsWaterfall
                let sums = try Validation.check(
                    section: buffer[index], summing: !isWaterfall, path: FieldPath("sections", index))
                if buffer[index].itemColumns != nil {
                    try Self.checkColumns(of: buffer[index], settings: settings, path: FieldPath("sections", index))
                }
                if let repeated = previous?.record(for: buffer[index]) {
                    built.append(repeated)
                    continue
                }
                let record = makeRecord(for: buffer[index], sums: sums)
                previous = FlowSectionLayout.Repetition(of: record) ?? previous
                built.append(record)
            }
        }
        records = BTree(built, leafCapacity: 64, innerCapacity: 16)
    }

    /// The sections of `built`, already made under `table` (a restored archive's).
    init(records built: [SectionRecord], table: MetricsTable, estimate: Size) {
        self.table = table
        self.estimate = estimate
        records = BTree(built, leafCapacity: 64, innerCapacity: 16)
    }

    /// The size of an item without one of its own under `settings`: the
    /// estimate while self-sizing, else `itemSize`.
    private static func defaultSize(_ settings: SectionSettings, estimate: Size) -> Size {
        settings.configuration.isSelfSizing ? estimate : settings.configuration.itemSize
    }

    // MARK: Reading

    /// The number of sections.
    @inline(__always)
    var count: Int { records.count }

    /// Whether there are no sections.
    var isEmpty: Bool { records.isEmpty }

    /// The sums over every section: items, extent, bound, pending sections, measured items.
    @inline(__always)
    var summary: SectionSummary { records.summary }

    /// The settings sections are resolved under.
    var settings: SectionSettings { table.settings }

    /// Section `q` as stored: its counts, extent and metrics entry.
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    subscript(q: Int) -> SectionRecord { records[q] }

    /// Section `q` with its resolved metrics, for what needs no position:
    /// counts, metrics, own sizes. Its start is not exact while an earlier
    /// section is pending (see ``locatedSection(_:)``).
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func section(_ q: Int) -> SectionLayout { SectionLayout(record: records[q], table: table) }

    /// The section stored as `record`, with its resolved metrics.
    @inline(__always)
    func section(of record: SectionRecord) -> SectionLayout { SectionLayout(record: record, table: table) }

    /// The resolved metrics of section `q`.
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func metrics(ofSection q: Int) -> SectionMetrics { table.metrics(records[q].metricsIndex) }

    /// Whether section `q` is a waterfall section (`flow-layout.md` 12).
    ///
    /// - Complexity: O(1) when no section is; else O(log S).
    @inline(__always)
    func isWaterfall(_ q: Int) -> Bool {
        table.hasWaterfall && table.resolved(records[q].metricsIndex).waterfall != nil
    }

    /// The overrides section `q` has.
    ///
    /// - Complexity: O(log S).
    func overrides(ofSection q: Int) -> SectionOverrides { table.overrides[Int(records[q].metricsIndex)] }

    /// The size assumed for items that have not reported a size: the estimate
    /// while self-sizing, else `itemSize`.
    var defaultItemSize: Size { table.defaultSize }

    /// An upper bound on the extent of a section the host gives (validated,
    /// its per-item sizes summing to `sums`), with the sizes `sizing` then
    /// gives its items: its bound were it pending (``SectionLayout/upperBound``),
    /// plus each size's extent across lines and a line spacing. What a batch
    /// that brings the section may add to the content (`flow-layout.md` 9).
    ///
    /// - Complexity: O(edits in `sizing`).
    func upperBound(ofNew section: FlowSection, sums: SizeSums, adding sizing: [ItemEdit] = []) -> Double {
        var table = table  // a copy: a new entry is not kept
        let metricsIndex = table.index(for: section.overrides)
        let layout = SectionLayout(section, sums: sums, metricsIndex: metricsIndex, table: table)
        return layout.record.bound.double + layout.possibleGrowth(adding: sizing)
    }

    // MARK: Checking positions

    /// Throws unless `section` exists.
    func checkSection(_ section: Int, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard section >= 0, section < records.count else {
            throw .sectionOutOfRange(path: path(), section: section, sectionCount: records.count)
        }
    }

    /// Throws unless the item at `indexPath` exists.
    func checkItem(_ indexPath: FlowIndexPath, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try checkSection(indexPath.section, path: path())
        let count = records[indexPath.section].itemCount
        guard indexPath.item >= 0, indexPath.item < count else {
            throw .itemOutOfRange(path: path(), indexPath: indexPath, itemCount: count)
        }
    }

    /// Throws unless the columns `section` gives its items (12.3 d), if any,
    /// are one per item, each a column of the section as it would be laid
    /// out now under `settings`, and the section a waterfall section
    /// (`flow-layout.md` 12.6).
    ///
    /// - Complexity: O(items) when it gives columns.
    static func checkColumns(
        of section: FlowSection, settings: SectionSettings, path: @autoclosure () -> FieldPath
    ) throws(FlowLayoutError) {
        guard let columns = section.itemColumns else { return }
        let field = path().appending("itemColumns")
        let metrics = SectionMetrics(
            configuration: settings.configuration, overrides: section.overrides, viewportSize: settings.viewportSize)
        guard
            let waterfall = SectionMetrics.waterfall(
                configuration: settings.configuration, overrides: section.overrides, metrics: metrics)
        else { throw .invalidColumns(path: field, problem: .notWaterfall) }
        guard columns.count == section.itemCount else {
            throw .invalidColumns(path: field, problem: .itemColumnsCount(columns: columns.count, itemCount: section.itemCount))
        }
        for (item, column) in columns.enumerated() where column < 0 || column >= waterfall.count {
            throw .invalidColumns(
                path: field.appending(index: item), problem: .itemColumn(column, columnCount: waterfall.count))
        }
    }

    // MARK: Changing sections

    /// The record of a new section given by the host (validated), whose
    /// per-item sizes sum to `sums`, its overrides added to the table.
    mutating func makeRecord(for section: FlowSection, sums: SizeSums) -> SectionRecord {
        let metricsIndex = table.index(for: section.overrides)
        return SectionLayout(section, sums: sums, metricsIndex: metricsIndex, table: table).record
    }

    /// Changes section `q` through `body` and writes it back: the section's
    /// store is moved out of the tree first, so that it is changed in place
    /// unless another layout shares it.
    ///
    /// - Complexity: O(log S) plus what `body` does.
    mutating func modifySection<Result>(_ q: Int, _ body: (inout SectionLayout) -> Result) -> Result {
        // The tree is taken out while it changes, so that the closure reads
        // the table in place (no copy of it) while the tree is written.
        var tree = BTree<SectionRecord>()
        swap(&tree, &records)
        defer { swap(&tree, &records) }
        return tree.modify(at: q) { record in
            var section = SectionLayout(record: record.moveOut(), table: table)
            defer { record = section.record }
            return body(&section)
        }
    }

    /// Lays out section `q` (``SectionLayout/layOut()``).
    ///
    /// Callers hold no copy of the section's record meanwhile: with its store
    /// referenced only by the tree, the sizes the host gave are let go of chunk
    /// by chunk as the runs are built (a copy would keep them all until the end).
    mutating func layOutSection(_ q: Int) {
        workCounters.linesBroken += modifySection(q) { $0.layOut() }
        workCounters.sectionsLaidOut += 1
    }

    /// Applies item edits by section (validated, within the content limit,
    /// as ``edits(reporting:)`` gives them), then refines the estimate when due.
    mutating func apply(_ edits: [SectionEdits]) {
        for entry in edits { applyEdits(entry.edits, toSection: entry.section) }
        refineEstimateIfDue()
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

    /// Marks section `q` pending (laid out when a query first reaches it, as
    /// a section given with per-item sizes is): for a section that arrives
    /// whole and is then given sizes.
    mutating func markPending(_ q: Int) {
        records.modify(at: q) { $0.isPending = true }
    }

    /// Replaces every section with `built`, records made under this list's
    /// metrics table (a restored archive's).
    ///
    /// - Complexity: O(S).
    mutating func setSections(_ built: [SectionRecord]) {
        records = BTree(built, leafCapacity: 64, innerCapacity: 16)
    }

    /// Inserts `record` as section `q`.
    ///
    /// - Complexity: O(log S).
    mutating func insert(_ record: SectionRecord, at q: Int) {
        records.insert(record, at: q)
        workCounters.sectionsTouched += 1
    }

    /// Removes section `q` and returns it.
    ///
    /// - Complexity: O(log S).
    mutating func remove(at q: Int) -> SectionRecord {
        workCounters.sectionsTouched += 1
        return records.remove(at: q)
    }

    /// Replaces section `q` with `record`.
    ///
    /// - Complexity: O(log S).
    mutating func replace(at q: Int, with record: SectionRecord) {
        records.modify(at: q) { $0 = record }
        workCounters.sectionsTouched += 1
    }

    /// Gives the header or footer of section `q` the extent of `size` along
    /// the scroll axis (a reported size): its overrides change, and with them
    /// its metrics entry; its lines stay. Then checks the content limit,
    /// naming `path`: call it on a copy.
    mutating func setSize(
        _ size: Size, of category: ElementCategory, section q: Int, path: @autoclosure () -> FieldPath
    ) throws(FlowLayoutError) {
        var overrides = overrides(ofSection: q)
        if category == .header { overrides.headerReferenceSize = size } else { overrides.footerReferenceSize = size }
        let index = table.index(for: overrides)
        let table = table
        modifySection(q) { $0.setMetrics(index, table: table) }
        try enforceContentLimit(path: path())
    }

    // MARK: Settings

    /// Resolves every section under `settings`: the metrics table always; and
    /// when the change breaks lines differently (any property but pinning,
    /// the extent lines span, the estimate), every section with items of its
    /// own becomes pending, every extent and bound is estimated anew, and the
    /// content limit is checked, naming `limitPath`: call it on a copy. A new
    /// `estimatedItemSize` resets the estimate in use.
    ///
    /// - Complexity: O(entries) when lines stay; else O(S).
    mutating func resolve(under settings: SectionSettings, limitPath: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        let old = table.settings
        if settings.configuration.estimatedItemSize != old.configuration.estimatedItemSize {
            estimate = settings.configuration.estimatedItemSize
            measuredTotals.nextRefresh = Swift.max(1, records.summary.measured + 1)
        }
        let direction = settings.configuration.scrollDirection
        let keepsLines =
            settings.configuration.hasSameLines(as: old.configuration)
            && direction.main(settings.viewportSize) == direction.main(old.viewportSize)
            && Self.defaultSize(settings, estimate: estimate) == table.defaultSize
        table.resolve(settings: settings, defaultSize: Self.defaultSize(settings, estimate: estimate))
        if !keepsLines { try invalidateAll(limitPath: limitPath()) }
    }

    /// Marks every section with items of its own pending and recomputes every
    /// extent and bound, then checks the content limit, naming `limitPath`.
    ///
    /// - Complexity: O(S).
    private mutating func invalidateAll(limitPath: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        var all = records.elements
        let table = table
        for index in all.indices {
            var section = SectionLayout(record: all[index], table: table)
            section.invalidate(table: table)
            all[index] = section.record
        }
        records = BTree(all, leafCapacity: 64, innerCapacity: 16)
        try enforceContentLimit(path: limitPath())
    }

    /// With ``FlowLayoutOptions/EstimateRefinement/meanOfReportedSizes``, moves
    /// the estimate to the mean of the measured sizes each time their number
    /// doubles, and re-estimates every section (`flow-layout.md` 7.1). A
    /// refinement that would take the content past the limit is skipped: the
    /// estimate stays.
    mutating func refineEstimateIfDue() {
        let measured = records.summary.measured
        guard table.settings.refinesEstimate, measured >= measuredTotals.nextRefresh else { return }
        measuredTotals.nextRefresh = 2 * Swift.max(measured, 1)
        var total = (width: 0.0, height: 0.0, count: 0)
        records.forEach(from: 0, before: .zero) { record, _ in
            if !record.hasItemSizes { record.addMeasuredSizes(to: &total) }
            return true
        }
        guard total.count > 0 else { return }
        let mean = Size(width: total.width / Double(total.count), height: total.height / Double(total.count))
        guard mean != estimate else { return }
        var next = self
        next.estimate = mean
        next.table.resolve(settings: next.table.settings, defaultSize: Self.defaultSize(next.table.settings, estimate: mean))
        do {
            try next.invalidateAll(limitPath: "")
            self = next
        } catch {}
    }

    /// Whether a refinement of the estimate may follow `added` more measured
    /// sizes (a change that may refine it cannot be undone by its inverse
    /// edits alone).
    func mayRefineEstimate(measuring added: Int) -> Bool {
        table.settings.refinesEstimate && records.summary.measured + added >= measuredTotals.nextRefresh
    }
}
