/// One section of the layout, with its behaviour: its record (item count,
/// extent, bound, pending state), its item store and its resolved metrics, and
/// everything that reads or changes them (`flow-layout.md` 2, 3, 4, 7.1, 10.3).
///
/// The state keeps sections as ``SectionRecord``s in a tree summed by extent;
/// a `FlowSectionLayout` is a record taken out of the tree together with the
/// metrics entry it refers to, for one query or one change. Only the files of
/// this folder read or write a record's representations (its ``ItemStore``:
/// runs, sizes a host gave, sums); the state reads counts and extents, and
/// changes a section only through the mutating methods here
/// (`FlowLayoutState.modifySection(_:_:)` writes the result back).
///
/// A section is either *laid out*, with an exact extent and runs that start at
/// line starts, or *pending* (never laid out, or invalidated by a viewport width
/// change or a new estimate), with an estimated extent: its items counted at
/// their mean size in closed form. Its extent and bound are refreshed by one
/// function, after every change (``refreshExtent()``).
///
/// Queries that need positions (lines, frames) go through ``LocatedSection``,
/// which carries the section's exact start.
struct FlowSectionLayout {
    /// The section as stored.
    private(set) var record: SectionRecord
    /// The metrics entry the section uses, resolved.
    private(set) var resolved: GeometrySelector
    /// The alignment options (`flow-layout.md` 3.4).
    let alignments: Alignments

    /// The options that place items along and across their lines.
    struct Alignments: Hashable, Sendable {
        var line: LineAlignment
        var lastLine: LastLineAlignment
        var cross: CrossAlignment
    }

    /// A section stored as `record`, under the metrics entry `resolved`.
    @inline(__always)
    init(record: SectionRecord, resolved: GeometrySelector, alignments: Alignments) {
        self.record = record
        self.resolved = resolved
        self.alignments = alignments
    }

    // MARK: What the state reads

    /// The number of items.
    @inline(__always)
    var itemCount: Int { record.itemCount }
    /// The section's extent along the scroll axis: exact when laid out, an
    /// estimate while pending.
    @inline(__always)
    var extent: Offset { record.extent }
    /// The upper bound of its extent (``SectionRecord/bound``).
    @inline(__always)
    var bound: Offset { record.bound }
    /// Whether it must be laid out before its lines are read.
    @inline(__always)
    var isPending: Bool { record.isPending }
    /// Whether the host gave it per-item sizes.
    @inline(__always)
    var hasItemSizes: Bool { record.hasItemSizes }
    /// Its resolved metrics.
    @inline(__always)
    var metrics: SectionMetrics { resolved.metrics }

    /// The line geometry: uniform when the section is (3.3), else filled by
    /// subtraction (2.1).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    var geometry: LineGeometry { resolved.geometry(itemCount: record.itemCount, store: record.store) }

    /// The scroll direction: lines run across it.
    @inline(__always)
    var direction: ScrollDirection { resolved.geometry.direction }

    /// The rules of its extent under its current geometry.
    @inline(__always)
    var extents: SectionExtents { SectionExtents(metrics: resolved.metrics, geometry: geometry) }

    /// An upper bound on the extent any layout of the section can have
    /// (``SectionExtents/upperBound(of:)``): its bound were it pending.
    var upperBound: Offset { extents.upperBound(of: record) }

    /// How much laying the section out anew, with the items `added` put in,
    /// could add to its bound: its ``upperBound`` less its bound (zero for a
    /// pending one), plus, for each item added, its extent across lines and a
    /// line spacing (``SectionExtents/upperBound(of:)`` is a sum of these).
    /// A change within the content limit by that margin cannot pass it
    /// (`flow-layout.md` 9), so it needs no copy to undo.
    func possibleGrowth(adding edits: [ItemEdit]) -> Double {
        var growth = upperBound.double - record.bound.double
        let spacing = resolved.metrics.lineSpacing
        let direction = direction
        let defaultCross = Swift.max(resolved.geometry.defaultCross, resolved.uniformGeometry.defaultCross)
        for edit in edits {
            for segment in edit.replacement {
                switch segment {
                case .defaults(let count): growth += Double(count) * (defaultCross + spacing)
                case .sized(let size): growth += direction.cross(size) + spacing
                }
            }
        }
        return growth
    }

    /// The advance of the section's lines (each line's thickness and a line
    /// spacing), from its first line's top.
    var linesAdvance: Offset {
        if let store = record.store { return store.runs.summary.advance }
        let geometry = geometry
        return geometry.defaultAdvance * geometry.linesOfDefaults(record.itemCount)
    }

    /// What the section keeps of a `size` an item arrives with (reported,
    /// moved or inserted): the size itself, as the item's own, in a section
    /// with per-item sizes and while estimates are refined (a measured item
    /// keeps its size when the estimate moves); otherwise unless it equals
    /// the default size, which keeps the section in closed form (`nil`: the
    /// item takes the default size).
    func storedSize(_ size: Size?) -> Size? {
        guard let size else { return nil }
        return record.hasItemSizes || size != resolved.defaultSize || resolved.refinesEstimate ? size : nil
    }

    /// The size `item` has of its own, or `nil`.
    ///
    /// - Complexity: O(log R).
    func explicitSize(ofItem item: Int) -> Size? { record.explicitSize(ofItem: item) }

    /// What the line algorithms read about the section, gathered once per query.
    var context: SectionContext {
        let geometry = geometry
        // Read once: the record's store is a downcast of its items.
        let store = record.store
        var sharedWidth: Double?
        if resolved.isSelfSizing {
            if let sums = store?.sums {
                if let common = sums.commonMain(geometry.direction), sums.count == record.itemCount || common == geometry.defaultMain {
                    sharedWidth = common
                }
            } else {
                sharedWidth = geometry.defaultMain
            }
        }
        let lines = store?.runs.summary.lines ?? geometry.linesOfDefaults(record.itemCount)
        return SectionContext(
            itemCount: record.itemCount,
            metrics: resolved.metrics,
            geometry: geometry,
            runs: store?.runs,
            sharedWidth: sharedWidth,
            everyLineHoldsOneItem: record.itemCount > 0 && lines == record.itemCount,
            lineAlignment: alignments.line,
            lastLineAlignment: alignments.lastLine,
            crossAlignment: alignments.cross)
    }

    /// Items wider than their line (taller, when scrolling horizontally), in
    /// runs of consecutive items (`flow-layout.md` 2.2), as section `q`'s.
    ///
    /// - Complexity: O(1) without items of their own, else O(n).
    func diagnostics(section q: Int) -> [LayoutDiagnostic] {
        let geometry = geometry
        let available = geometry.available
        var result: [LayoutDiagnostic] = []
        var runStart = -1
        var widest = 0.0
        var item = 0
        func visit(_ main: Double, count: Int) {
            if main > available {
                if runStart < 0 {
                    runStart = item
                    widest = main
                } else {
                    widest = Swift.max(widest, main)
                }
            } else if runStart >= 0 {
                result.append(
                    .itemsWiderThanLine(section: q, items: runStart...(item - 1), itemExtent: widest, available: available))
                runStart = -1
            }
            item += count
        }
        record.forEachItemSegment { segment in
            switch segment {
            case .defaults(let count): visit(geometry.defaultMain, count: count)
            case .sized(let size): visit(geometry.direction.main(size), count: 1)
            }
        }
        visit(-.infinity, count: 0)
        return result
    }

    // MARK: Changing it

    /// A new section given by the host (validated), whose per-item sizes sum to
    /// `sums`: pending when it has per-item sizes (laid out when a query first
    /// reaches it), else laid out at once, in closed form.
    init(
        _ section: FlowSection, sums: SizeSums, metricsIndex: Int32, resolved: GeometrySelector, alignments: Alignments
    ) {
        var record = SectionRecord(
            itemCount: section.itemCount, extent: .zero, bound: .zero, metricsIndex: metricsIndex, isPending: false,
            hasItemSizes: section.itemSizeChunks != nil, store: nil)
        if let given = section.givenSizeChunks.map({ GivenSizes($0.chunks) }), !given.isEmpty {
            record.store = ItemStore(givenSizes: given, sums: sums)
            record.isPending = true
        }
        self.init(record: record, resolved: resolved, alignments: alignments)
        refreshExtent()
    }

    /// A section in closed form (no item with a size of its own) that the
    /// next sections the host gives may repeat: those in closed form under the
    /// layout-wide metrics with as many items have its extent, so a run of
    /// equal sections computes it once.
    struct Repetition {
        let metricsIndex: Int32
        let itemCount: Int
        let extent: Offset

        /// The repetition of `record`, or `nil` when it has items with sizes of their own.
        @inline(__always)
        init?(of record: SectionRecord) {
            guard record.sizedCount == 0, record.waterfall == nil else { return nil }
            metricsIndex = record.metricsIndex
            itemCount = record.itemCount
            extent = record.extent
        }

        /// The record of `section` (validated) when it repeats this one: no
        /// per-item sizes, no overrides, as many items, both under the
        /// layout-wide metrics; otherwise `nil`.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func record(for section: FlowSection) -> SectionRecord? {
            guard section.itemSizeChunks == nil, section.overrides.isEmpty, metricsIndex == 0,
                itemCount == section.itemCount
            else { return nil }
            return SectionRecord(
                itemCount: itemCount, extent: extent, bound: extent, metricsIndex: 0, isPending: false,
                hasItemSizes: false, store: nil)
        }
    }

    /// The flow section of `record`'s items (read through
    /// ``SectionRecord/forEachItemSegment(_:)``, whatever kind of section
    /// stored them), its count, metrics entry and kind of sizes, under
    /// `resolved`: laid out from its first item.
    ///
    /// - Complexity: O(items with a size of their own + lines).
    init(converting record: SectionRecord, resolved: GeometrySelector, alignments: Alignments) {
        var segments: [ItemSegment] = []
        if record.sizedCount > 0 { record.forEachItemSegment { segments.appendMerging($0) } }
        var bare = record
        bare.store = nil
        bare.waterfall = nil
        bare.isPending = false
        self.init(record: bare, resolved: resolved, alignments: alignments)
        refreshExtent()
        if !segments.isEmpty { _ = applyEdits([ItemEdit(range: 0..<record.itemCount, replacement: segments)]) }
    }

    /// Marks the section pending if it has items of its own (after a change of
    /// configuration, viewport width or estimate: `resolved` is its metrics
    /// entry under the new settings), and refreshes its extent.
    ///
    /// - Complexity: O(1).
    mutating func invalidate(resolved: GeometrySelector) {
        self.resolved = resolved
        record.isPending = record.store != nil
        refreshExtent()
    }

    /// Moves the section to metrics entry `index` (resolved as `resolved`),
    /// keeping its lines: a header or footer extent changed.
    ///
    /// - Complexity: O(1).
    mutating func setMetrics(_ index: Int32, resolved: GeometrySelector) {
        record.metricsIndex = index
        self.resolved = resolved
        refreshExtent()
    }

    /// Lays the section out from its first item: breaks every line, stores the
    /// items in runs that start at line starts, records the exact extent.
    /// Returns the number of lines broken.
    ///
    /// - Complexity: O(items with a size of their own + lines that hold them +
    ///   runs).
    mutating func layOut() -> Int {
        let geometry = geometry
        var linesBroken = 0
        modifyStore { store in
            // Taken out of the store first, so that laying out frees each chunk
            // as its runs are built.
            if var given = store.givenSizes.take() {
                store.runs = given.laidOut(geometry: geometry)
                linesBroken = store.runs.summary.lines
            } else {
                linesBroken = Rebreak(geometry: geometry, isAligned: true).layOut(&store.runs).linesBroken
            }
        }
        record.isPending = false
        refreshExtent()
        return linesBroken
    }

    /// Applies validated edits to the section's items, re-breaking its lines
    /// from each edit until they are back in step (a pending section's items are
    /// only repacked), and refreshes its extent. Returns what changed in its
    /// lines (``LineChange``).
    ///
    /// - Complexity: per edit, O(log R) plus the items and lines re-broken.
    mutating func applyEdits(_ edits: [ItemEdit]) -> LineChange {
        let geometry = geometry
        let rebreak = Rebreak(geometry: geometry, isAligned: !record.isPending)
        if record.store == nil {
            record.store = ItemStore(runs: rebreak.defaultRuns(itemCount: record.itemCount), sums: .zero)
        }
        var change = LineChange()
        var itemCount = record.itemCount
        let resolved = resolved
        let isPending = record.isPending
        modifyStore { store in
            store.countCensus()
            if var given = store.givenSizes.take() {
                store.runs = given.packed()
            }
            let before = store.runs.summary
            let outcome = rebreak.apply(edits, to: &store.runs)
            change.linesBroken = outcome.linesBroken
            change.kept = outcome.kept
            change.resumed = outcome.resumed
            // The edits' sizes: added first, so that no sum goes below zero on the way.
            store.sums.add(outcome.added)
            store.sums.subtract(outcome.removed)
            // 3.3: a change that makes the sizes equal, or no longer equal, turns
            // the section uniform or back; its every line may then break anew.
            itemCount = store.runs.summary.items
            let after = resolved.geometry(itemCount: itemCount, store: store.runs.summary.sized > 0 ? store : nil)
            if after != geometry || store.runs.summary.sized == 0 {
                // Lines kept under the old geometry are no longer known to be
                // right, nor runs about to give way to the closed form.
                change.kept = .none
                change.resumed = nil
                if after != geometry && !isPending && store.runs.summary.sized > 0 {
                    change.linesBroken += Rebreak(geometry: after, isAligned: true).layOut(&store.runs).linesBroken
                }
            }
            change.advanceChange = store.runs.summary.advance - before.advance
            change.itemChange = itemCount - before.items
        }
        record.itemCount = itemCount
        refreshExtent()
        return change
    }

    /// The one copy-on-write step: runs `body` on the section's store, copied
    /// first if another layout shares it; afterwards a store left without
    /// sizes of its own is dropped (the section is then in closed form).
    private mutating func modifyStore(_ body: (ItemStore) -> Void) {
        guard var store = record.store else { return }
        record.store = nil  // keep the store uniquely referenced while it changes
        if !isKnownUniquelyReferenced(&store) { store = store.copy() }
        body(store)
        record.store = store.sizedCount > 0 ? store : nil
    }

    /// The one refresh of the section's extent and bound, after any change: a
    /// pending section with items of its own is estimated and bounded (its
    /// bound keeps the content limit without laying it out); any other is
    /// exact, and its bound is its extent.
    private mutating func refreshExtent() {
        let rules = extents
        if record.isPending && record.store != nil {
            record.extent = rules.estimate(of: record)
            record.bound = rules.upperBound(of: record)
        } else {
            record.isPending = false
            record.extent = rules.exact(of: record)
            record.bound = record.extent
        }
    }
}
