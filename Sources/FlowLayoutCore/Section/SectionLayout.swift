/// One section of the layout, of one kind, with its behaviour: the unit of
/// layout (`flow-layout.md` 2–4, 7.1, 10.3).
///
/// The section list keeps sections as ``SectionRecord``s in a tree summed by
/// extent; a `SectionLayout` is a record taken out of the tree with the
/// metrics entry it refers to, for one query or one change. Everything that
/// happens inside one section happens through it: laying it out, applying
/// item edits and size changes, refreshing its extent and bound, and, once
/// located (``LocatedSection``), its frames, its elements in a rect, its line
/// starts and item centres, the item at a point.
///
/// A closed set of kinds, one case each; the flow section (UIKit's lines) is
/// the first. A new kind is a case here and in ``LocatedSection``, a type of
/// its own under `Section/`, and the configuration that chooses it: nothing
/// outside this folder knows how a section arranges its items.
///
/// A record's storage says its kind (a waterfall section's record holds
/// ``WaterfallItems``); its metrics entry says the kind it is to be. The two
/// part only when settings or overrides change, and the change that resolves
/// the section anew (``invalidate(table:)``, ``setMetrics(_:table:)``) makes
/// it the new kind, its items read from the old.
enum SectionLayout {
    /// Items in lines (`flow-layout.md` 2, 3).
    case flow(FlowSectionLayout)
    /// Items in columns (`flow-layout.md` 12).
    case waterfall(WaterfallSectionLayout)

    /// The section stored as `record`, resolved by `table` (its metrics entry
    /// and the settings sections are resolved under).
    @inline(__always)
    init(record: SectionRecord, table: MetricsTable) {
        let resolved = table.resolved(record.metricsIndex)
        if record.waterfall != nil {
            self = .waterfall(WaterfallSectionLayout(record: record, resolved: resolved))
        } else {
            self = .flow(FlowSectionLayout(record: record, resolved: resolved, alignments: table.settings.alignments))
        }
    }

    /// A new section given by the host (validated), whose per-item sizes sum
    /// to `sums`, under metrics entry `metricsIndex` of `table`.
    init(_ section: FlowSection, sums: SizeSums, metricsIndex: Int32, table: MetricsTable) {
        let resolved = table.resolved(metricsIndex)
        if resolved.waterfall != nil {
            self = .waterfall(WaterfallSectionLayout(section, metricsIndex: metricsIndex, resolved: resolved))
            return
        }
        self = .flow(
            FlowSectionLayout(
                section, sums: sums, metricsIndex: metricsIndex, resolved: table.resolved(metricsIndex),
                alignments: table.settings.alignments))
    }

    /// The section `empty` (its items at the default size, no overrides)
    /// with the sizes an archive saved for its items (``Size/unsized`` for an
    /// item saved without one), pending: laid out when a query first reaches
    /// it (`flow-layout.md` 11.5).
    init(
        restoring empty: SectionRecord, savedSizes sizes: [Size], sizedCount: Int, equalWidths: Bool, packed: Bool,
        table: MetricsTable
    ) {
        let resolved = table.resolved(empty.metricsIndex)
        if resolved.waterfall != nil {
            // 12.3 b: the saved sizes, every item assigned in index order.
            let layout =
                sizes.count == empty.itemCount
                ? WaterfallSectionLayout(record: empty, assigning: sizes.lazy.map { $0.isUnsized ? nil : $0 }, resolved: resolved)
                : WaterfallSectionLayout(defaults: empty, resolved: resolved)
            self = .waterfall(layout)
            return
        }
        self = .flow(
            FlowSectionLayout(
                restoring: empty, savedSizes: sizes, sizedCount: sizedCount, equalWidths: equalWidths, packed: packed,
                resolved: table.resolved(empty.metricsIndex), alignments: table.settings.alignments))
    }

    // MARK: Reading

    /// The section as stored.
    @inline(__always)
    var record: SectionRecord {
        switch self {
        case .flow(let flow): flow.record
        case .waterfall(let waterfall): waterfall.record
        }
    }

    /// Its resolved metrics: insets, spacings, header and footer extents.
    @inline(__always)
    var metrics: SectionMetrics {
        switch self {
        case .flow(let flow): flow.metrics
        case .waterfall(let waterfall): waterfall.metrics
        }
    }

    /// The scroll direction.
    @inline(__always)
    var direction: ScrollDirection {
        switch self {
        case .flow(let flow): flow.direction
        case .waterfall(let waterfall): waterfall.direction
        }
    }

    /// An upper bound on the extent any layout of the section can have: its
    /// bound were it pending.
    var upperBound: Offset {
        switch self {
        case .flow(let flow): flow.upperBound
        case .waterfall(let waterfall): waterfall.upperBound
        }
    }

    /// How much laying the section out anew, with `edits` applied (the items
    /// they put in), could add to its bound: what a change checks against
    /// the content limit before it changes anything (`flow-layout.md` 9).
    func possibleGrowth(adding edits: [ItemEdit]) -> Double {
        switch self {
        case .flow(let flow): flow.possibleGrowth(adding: edits)
        case .waterfall(let waterfall): waterfall.possibleGrowth(adding: edits)
        }
    }

    /// What the section keeps of a `size` an item arrives with (reported,
    /// moved or inserted): the size as the item's own, or `nil` when the item
    /// takes the default size (`flow-layout.md` 3.3, 7.1, 10.2).
    func storedSize(_ size: Size?) -> Size? {
        switch self {
        case .flow(let flow): flow.storedSize(size)
        case .waterfall(let waterfall): waterfall.storedSize(size)
        }
    }

    /// Items wider than their line, in runs of consecutive items, as section `q`'s (2.2).
    ///
    /// - Complexity: O(1) without items of their own, else O(n).
    func diagnostics(section q: Int) -> [LayoutDiagnostic] {
        switch self {
        case .flow(let flow): flow.diagnostics(section: q)
        // No line to be wider than: every item is a column wide (12.2).
        case .waterfall: []
        }
    }

    // MARK: Changing it

    /// Lays the section out from its first item; returns the lines broken.
    mutating func layOut() -> Int {
        switch consume self {
        case .flow(var flow):
            let lines = flow.layOut()
            self = .flow(flow)
            return lines
        case .waterfall(let waterfall):
            self = .waterfall(waterfall)
            return 0
        }
    }

    /// Applies validated edits to the section's items and refreshes its
    /// extent; returns what changed in its lines.
    mutating func applyEdits(_ edits: [ItemEdit]) -> LineChange {
        switch consume self {
        case .flow(var flow):
            let change = flow.applyEdits(edits)
            self = .flow(flow)
            return change
        case .waterfall(var waterfall):
            let change = waterfall.applyEdits(edits)
            self = .waterfall(waterfall)
            return change
        }
    }

    /// Marks the section pending if it has items of its own, resolved anew by
    /// `table` (after a change of settings or estimate), and refreshes its extent.
    mutating func invalidate(table: MetricsTable) {
        let resolved = table.resolved(record.metricsIndex)
        switch consume self {
        case .flow(var flow):
            if resolved.waterfall != nil {
                self = .waterfall(WaterfallSectionLayout(reassigning: flow.record, resolved: resolved))
                return
            }
            flow.invalidate(resolved: resolved)
            self = .flow(flow)
        case .waterfall(var waterfall):
            if resolved.waterfall == nil {
                self = .flow(FlowSectionLayout(converting: waterfall.record, resolved: resolved, alignments: table.settings.alignments))
                return
            }
            waterfall.resolve(resolved)
            self = .waterfall(waterfall)
        }
    }

    /// Moves the section to metrics entry `index` of `table`, keeping its
    /// items (a header or footer extent changed), and refreshes its extent.
    mutating func setMetrics(_ index: Int32, table: MetricsTable) {
        let resolved = table.resolved(index)
        switch consume self {
        case .flow(var flow):
            if resolved.waterfall != nil {
                var record = flow.record
                record.metricsIndex = index
                self = .waterfall(WaterfallSectionLayout(reassigning: record, resolved: resolved))
                return
            }
            flow.setMetrics(index, resolved: resolved)
            self = .flow(flow)
        case .waterfall(var waterfall):
            if resolved.waterfall == nil {
                var record = waterfall.record
                record.metricsIndex = index
                self = .flow(FlowSectionLayout(converting: record, resolved: resolved, alignments: table.settings.alignments))
                return
            }
            waterfall.setMetrics(index, resolved: resolved)
            self = .waterfall(waterfall)
        }
    }

    /// With internal checks: the section's cached values equal a
    /// recomputation, as section `q`.
    func checkInvariants(section q: Int) {
        switch self {
        case .flow(let flow): flow.checkInvariants(section: q)
        case .waterfall(let waterfall): waterfall.checkInvariants(section: q)
        }
    }
}
