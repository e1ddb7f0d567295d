/// What the engine keeps for one section: an element of the section ``BTree``.
///
/// A section whose items all take the default size keeps no item storage at all
/// (`store` is `nil`): its lines are closed-form. Creating ten million such
/// items costs nothing per item.
struct SectionRecord: TreeElement, Sendable {
    private var storedItemCount: Int32
    private var storedSizedCount: Int32
    /// The section's entry in the state's metrics table.
    var metricsIndex: Int32
    /// Whether the section must be laid out before its lines or extent are read:
    /// never laid out, or invalidated by a viewport width change or a new estimate.
    var isPending: Bool
    /// Whether the host gave the section per-item sizes (`sizeForItemAt`): such a
    /// section is never uniform (`flow-layout.md` 3.3), and a reload keeps its
    /// items' sizes (10.2).
    var hasItemSizes: Bool
    /// Which class ``items`` is (declared here, beside the other flags, so
    /// that the record is no larger than with one kind of items).
    private var itemsAreWaterfall = false
    /// The section's extent along the scroll axis: exact when laid out, an
    /// estimate while pending.
    var extent: Offset
    /// For a pending section, an upper bound on the extent its layout can have
    /// (every item on a line of its own); for a laid-out one, its extent. The
    /// content limit (`flow-layout.md` 9) is checked against the sum of these,
    /// so laying a pending section out can never take the content past it.
    var bound: Offset
    /// The items with sizes of their own; `nil` when every item takes the
    /// default size.
    var store: ItemStore? {
        get {
            guard let items, !itemsAreWaterfall else { return nil }
            return unsafeDowncast(items, to: ItemStore.self)
        }
        set {
            items = newValue
            itemsAreWaterfall = false
            storedSizedCount = Int32(newValue?.sizedCount ?? 0)
        }
    }
    /// A waterfall section's items with their columns (`flow-layout.md` 12);
    /// `nil` in a flow section (the store says the record's kind).
    var waterfall: WaterfallItems? {
        get {
            guard let items, itemsAreWaterfall else { return nil }
            return unsafeDowncast(items, to: WaterfallItems.self)
        }
        set {
            items = newValue
            itemsAreWaterfall = newValue != nil
            storedSizedCount = Int32(newValue?.sizedCount ?? 0)
        }
    }

    /// What holds the items, of either kind: one optional reference, so that
    /// a record (copied with every change of the section tree) is copied as
    /// fast as it was with one kind. ``itemsAreWaterfall`` says which class
    /// it is; only the two properties above set them, and together.
    private var items: SectionItems?

    init(
        itemCount: Int, extent: Offset, bound: Offset, metricsIndex: Int32, isPending: Bool, hasItemSizes: Bool,
        store: ItemStore?
    ) {
        storedItemCount = Int32(itemCount)
        storedSizedCount = Int32(store?.sizedCount ?? 0)
        self.metricsIndex = metricsIndex
        self.isPending = isPending
        self.hasItemSizes = hasItemSizes
        self.extent = extent
        self.bound = bound
        items = store
    }

    /// The number of items.
    var itemCount: Int {
        get { Int(storedItemCount) }
        set { storedItemCount = Int32(newValue) }
    }

    /// The number of items with a size of their own (kept with the record, so
    /// summing records never reads their stores).
    var sizedCount: Int { Int(storedSizedCount) }

    var summary: SectionSummary {
        SectionSummary(
            sections: 1, items: itemCount, extent: extent, bound: bound, pending: isPending ? 1 : 0,
            measured: hasItemSizes ? 0 : sizedCount)
    }
}

/// The sums over a stretch of sections.
struct SectionSummary: TreeSummary {
    /// Sections.
    var sections: Int
    /// Items.
    var items: Int
    /// The sum of the sections' extents: exact for laid-out sections, estimated
    /// for pending ones.
    var extent: Offset
    /// The sum of the sections' bounds (``SectionRecord/bound``).
    var bound: Offset
    /// Sections waiting to be laid out.
    var pending: Int
    /// Items with a size of their own in sections without per-item sizes: the
    /// measured items, for estimate refinement.
    var measured: Int

    static let zero = SectionSummary(sections: 0, items: 0, extent: .zero, bound: .zero, pending: 0, measured: 0)

    @inline(__always)
    static func + (lhs: SectionSummary, rhs: SectionSummary) -> SectionSummary {
        SectionSummary(
            sections: lhs.sections + rhs.sections, items: lhs.items + rhs.items, extent: lhs.extent + rhs.extent,
            bound: lhs.bound + rhs.bound, pending: lhs.pending + rhs.pending, measured: lhs.measured + rhs.measured)
    }
}

/// What holds a section's items, one reference in its record: a flow
/// section's ``ItemStore`` or a waterfall section's ``WaterfallItems``.
class SectionItems: @unchecked Sendable {
    init() {}
}

/// The items of one section that have sizes of their own. Shared between copies
/// of a layout and copied on the first write.
///
/// Per-item sizes the host gives (`itemSizes`, or `itemSizeChunks`) are kept as
/// given (``GivenSizes``), until the section is first laid out or edited: laying
/// it out then reads them once, in place, a chunk at a time, and lets each chunk
/// go as its runs are built. From then on the items live in runs.
final class ItemStore: SectionItems, @unchecked Sendable {
    // Safe to share: a store reachable from two layouts is never written; every
    // write first copies a store that is not uniquely referenced. Its
    // properties skip dynamic exclusivity checks, as ``BTree``'s nodes do.
    /// The runs, in item order (empty while ``givenSizes`` holds the items).
    @exclusivity(unchecked) var runs: BTree<Run>
    /// The sizes the host gave, one per item, until the section is laid out or edited.
    @exclusivity(unchecked) var givenSizes: GivenSizes?
    /// The sums of the explicit sizes, kept up to date by every change.
    @exclusivity(unchecked) var sums: SizeSums

    /// A store of runs whose explicit sizes sum to `sums`.
    init(runs: BTree<Run>, sums: SizeSums) {
        self.runs = runs
        givenSizes = nil
        self.sums = sums
    }

    /// A store of the sizes a host gave, with their sums.
    init(givenSizes: GivenSizes, sums: SizeSums) {
        runs = BTree()
        self.givenSizes = givenSizes
        self.sums = sums
    }

    /// Counts the census of the sums (``SizeSums/isCounted``) from the sizes,
    /// before the first change to sizes a host gave that were not all equal.
    ///
    /// - Complexity: O(n), once in the store's life.
    func countCensus() {
        guard !sums.isCounted else { return }
        var counted = SizeSums.zero
        if let givenSizes {
            counted = givenSizes.countedSums
        } else {
            runs.forEach(from: 0, before: .zero) { run, _ in
                counted.add(run.sums)
                return true
            }
        }
        sums = counted
    }

    /// A copy that shares everything until one of the two changes.
    func copy() -> ItemStore {
        let copy = ItemStore(runs: runs, sums: sums)
        copy.givenSizes = givenSizes
        return copy
    }

    /// The number of items with a size of their own.
    var sizedCount: Int { givenSizes?.count ?? runs.summary.sized }

    /// Bytes of heap the store holds: the object, the tree, the runs' buffers,
    /// and the given sizes (shared with the host's arrays until either changes).
    var allocatedBytes: Int {
        var bytes = 16 + 8 + 8 + 16 + runs.allocatedBytes
        if let givenSizes { bytes += givenSizes.allocatedBytes }
        runs.forEach(from: 0, before: .zero) { run, _ in
            bytes += run.allocatedBytes
            return true
        }
        return bytes
    }
}
