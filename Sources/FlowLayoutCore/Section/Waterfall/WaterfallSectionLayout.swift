/// One waterfall section (`flow-layout.md` 12): its record, whose items keep
/// their columns in a ``WaterfallItems`` tree (or, all at the default size
/// and going round the columns, in closed form), and everything that changes
/// them.
///
/// An item's column is decided when the section is built (12.3 b: every item
/// in index order, by the sizes in use), when it arrives (12.3 c: inserted or
/// moved, by the items before it) and when the column count or width
/// changes (every item again); nothing else moves it. A waterfall section is
/// never pending: it is assigned when built, so its extent is always exact.
///
/// Queries that need positions go through ``LocatedWaterfallSection``.
struct WaterfallSectionLayout {
    /// The section as stored.
    private(set) var record: SectionRecord
    /// The metrics entry the section uses, resolved.
    private(set) var resolved: GeometrySelector

    /// A section stored as `record`, under the metrics entry `resolved`
    /// (a waterfall entry).
    @inline(__always)
    init(record: SectionRecord, resolved: GeometrySelector) {
        self.record = record
        self.resolved = resolved
    }

    // MARK: What the state reads

    /// Its resolved metrics.
    @inline(__always)
    var metrics: SectionMetrics { resolved.metrics }

    /// Its columns.
    @inline(__always)
    var columns: WaterfallGeometry { resolved.waterfall! }

    /// The scroll direction: columns run along it.
    @inline(__always)
    var direction: ScrollDirection { resolved.geometry.direction }

    /// What the section's columns are assigned under now.
    var assignment: WaterfallAssignment {
        WaterfallAssignment(count: columns.count, width: columns.width, direction: direction)
    }

    /// The items as the columns stack them.
    var stack: WaterfallStack {
        Self.stack(record: record, resolved: resolved)
    }

    /// The stack of `record`'s items under `resolved`.
    private static func stack(record: SectionRecord, resolved: GeometrySelector) -> WaterfallStack {
        stack(of: record.waterfall!.columns, itemCount: record.itemCount, resolved: resolved)
    }

    /// The stack of `itemCount` items in `trees` (`nil`: their round) under `resolved`.
    private static func stack(of trees: [BTree<ColumnRun>]?, itemCount: Int, resolved: GeometrySelector) -> WaterfallStack {
        let columns = resolved.waterfall!
        let lengths = WaterfallLengths(columns: columns, direction: resolved.geometry.direction)
        let defaultLength = lengths.length(of: resolved.defaultSize)
        return WaterfallStack(
            columns: trees ?? WaterfallItems.round(itemCount: itemCount, columnCount: columns.count, lengths: lengths),
            itemCount: itemCount, lengths: lengths, defaultLength: Offset(clamping: defaultLength),
            defaultLengthValue: defaultLength, lineSpacing: resolved.metrics.lineSpacingOffset)
    }

    /// Every item's column, by index (12.4: what an archive keeps).
    ///
    /// - Complexity: O(items).
    func itemColumns() -> [UInt8] {
        stack.columns.columnOfEachItem(itemCount: record.itemCount)
    }

    /// An upper bound on the extent any assignment of the section's items can
    /// give: every item in one column.
    var upperBound: Offset {
        let stack = stack
        var lines = Offset.zero
        for column in 0..<stack.columnCount { lines += stack.advance(stack.total(column)) }
        if record.itemCount > 0 { lines -= metrics.lineSpacingOffset }
        return metrics.linesOffset + lines + metrics.trailingOffset
    }

    /// How much the section's bound may grow with `edits` applied: each item
    /// they put in at its length and a line spacing, in one column.
    func possibleGrowth(adding edits: [ItemEdit]) -> Double {
        let stack = stack
        let spacing = metrics.lineSpacing
        var growth = upperBound.double - record.bound.double
        for edit in edits {
            for segment in edit.replacement {
                switch segment {
                case .defaults(let count): growth += Double(count) * (stack.defaultLengthValue + spacing)
                case .sized(let size): growth += stack.lengths.length(of: size) + spacing
                }
            }
        }
        return growth
    }

    /// What the section keeps of a `size` an item arrives with, as a flow
    /// section does (``FlowSectionLayout/storedSize(_:)``).
    func storedSize(_ size: Size?) -> Size? {
        guard let size else { return nil }
        return record.hasItemSizes || size != resolved.defaultSize || resolved.refinesEstimate ? size : nil
    }

    // MARK: Building

    /// A new section given by the host (validated), under metrics entry
    /// `metricsIndex` (resolved as `resolved`): every item assigned in index
    /// order by the sizes in use (12.3 b).
    ///
    /// - Complexity: O(1) without per-item sizes; O(n · items) with them.
    init(_ section: FlowSection, metricsIndex: Int32, resolved: GeometrySelector) {
        let record = SectionRecord(
            itemCount: section.itemCount, extent: .zero, bound: .zero, metricsIndex: metricsIndex, isPending: false,
            hasItemSizes: section.itemSizeChunks != nil, store: nil)
        let given = section.itemColumns
        if let sizes = section.givenSizeChunks {
            self.init(record: record, resolved: resolved)
            assignAll(chunks: sizes.chunks, given: given)
        } else if let given {
            self.init(
                record: record, assigning: repeatElement(nil, count: section.itemCount), columns: given.map { $0 },
                resolved: resolved)
        } else {
            self.init(defaults: record, resolved: resolved)
        }
    }

    /// The section of `record`'s items (read through
    /// ``SectionRecord/forEachItemSegment(_:)``, whatever kind stored them)
    /// under `resolved`, every item assigned again (12.3 b).
    ///
    /// With `columns` (one per item), an item given a column keeps it, and
    /// each other one is assigned in index order as if inserted (12.3 a): a
    /// restored archive's (12.4).
    ///
    /// - Complexity: O(1) for items all at the default size and no columns
    ///   given; else O(n · items).
    init(reassigning record: SectionRecord, keeping columns: [Int?]? = nil, resolved: GeometrySelector) {
        guard record.sizedCount > 0 || columns != nil else {
            self.init(defaults: record, resolved: resolved)
            return
        }
        var sizes: [Size?] = []
        sizes.reserveCapacity(record.itemCount)
        record.forEachItemSegment { segment in
            switch segment {
            case .defaults(let count): sizes.append(contentsOf: repeatElement(nil, count: count))
            case .sized(let size): sizes.append(size)
            }
        }
        self.init(record: record, assigning: sizes, columns: columns, resolved: resolved)
    }

    /// The section of `record`'s count, metrics entry and kind of sizes,
    /// its items of `sizes` (one per item; `nil`: the default size), every
    /// item assigned in index order (12.3 b), or given its entry of
    /// `columns` when not `nil` (12.3 d, checked), under `resolved`.
    init<S: Sequence>(record: SectionRecord, assigning sizes: S, columns: [Int?]? = nil, resolved: GeometrySelector)
    where S.Element == Size? {
        var bare = record
        bare.store = nil
        bare.waterfall = nil
        self.init(record: bare, resolved: resolved)
        assignAll(sizes, given: columns)
    }

    /// The section of `record`'s count and metrics entry, every item at the
    /// default size, assigned (12.3 b): equal lengths go round the columns,
    /// item i in column i mod n, in closed form, in O(1) however many.
    init(defaults given: SectionRecord, resolved: GeometrySelector) {
        var bare = given
        bare.store = nil
        bare.waterfall = nil
        self.init(record: bare, resolved: resolved)
        record.waterfall = WaterfallItems(columns: nil, assignment: assignment)
        let stack = stack
        guard stack.defaultLength + stack.lineSpacing == .zero, columns.count > 1, given.itemCount > 0 else {
            refreshExtent()
            return
        }
        // No length and no spacing: every next start stays 0, so every item is in column 0.
        var trees = (0..<columns.count).map { _ in BTree<ColumnRun>(leafCapacity: ColumnRun.leafCapacity, innerCapacity: 16) }
        trees[0].insert(.round(count: given.itemCount, firstGap: 1, gap: 1, lengths: stack.lengths), at: 0)
        record.waterfall = WaterfallItems(columns: trees, assignment: assignment)
        refreshExtent()
    }

    /// Assigns every item of `sizes` (one per item; `nil`: the default size)
    /// in index order to the column whose next start is least, ties to the
    /// lowest (12.3 a, b), and stores them with their columns.
    ///
    /// Items all at the default size go round the columns, which is what the
    /// rule gives when every length is equal: kept in closed form.
    private mutating func assignAll<S: Sequence>(_ sizes: S, given: [Int?]? = nil) where S.Element == Size? {
        let builder = columnsBuilder()
        for size in sizes { builder.append(size, to: given?[builder.count] ?? builder.leastColumn) }
        finish(builder)
    }

    /// Assigns the sizes a host gave, in `chunks`, as ``assignAll(_:given:)``
    /// does, reading each chunk in place.
    private mutating func assignAll(chunks: [[Size]], given: [Int]?) {
        let builder = columnsBuilder()
        for chunk in chunks {
            chunk.withUnsafeBufferPointer { buffer in
                for size in buffer { builder.append(size, to: given?[builder.count] ?? builder.leastColumn) }
            }
        }
        finish(builder)
    }

    /// A builder of the section's columns under its metrics.
    private mutating func columnsBuilder() -> ColumnsBuilder {
        record.waterfall = WaterfallItems(columns: nil, assignment: assignment)
        let stack = stack
        return ColumnsBuilder(
            columnCount: columns.count, lengths: stack.lengths, defaultLength: stack.defaultLength,
            lineSpacing: stack.lineSpacing)
    }

    /// Stores the columns `builder` built.
    private mutating func finish(_ builder: ColumnsBuilder) {
        let count = builder.count
        record.waterfall = WaterfallItems(columns: builder.finish(), assignment: assignment)
        record.itemCount = count
        refreshExtent()
    }

    // MARK: Changing it

    /// Nothing to lay out: a waterfall section is assigned when built.
    mutating func layOut() -> Int { 0 }

    /// Resolves the section under `resolved` (new settings, estimate or
    /// metrics): when the columns' count or width changed, or the scroll
    /// direction, every item is assigned again (12.3 b); otherwise (a new
    /// line spacing, column spacing, estimate, header) every item keeps its
    /// column. Refreshes the extent.
    ///
    /// - Complexity: O(1) when the columns stay, else O(n · items).
    mutating func resolve(_ resolved: GeometrySelector) {
        self.resolved = resolved
        if record.waterfall?.assignment != assignment {
            self = WaterfallSectionLayout(reassigning: record, resolved: resolved)
        } else {
            refreshExtent()
        }
    }

    /// Moves the section to metrics entry `index` (resolved as `resolved`).
    mutating func setMetrics(_ index: Int32, resolved: GeometrySelector) {
        record.metricsIndex = index
        resolve(resolved)
    }

    /// Applies validated edits (sorted, not overlapping, numbered before
    /// them) to the section's items and refreshes its extent. An edit that
    /// replaces as many items as it puts in (a size report, a reload) keeps
    /// each item's column; any other puts its items in as arrivals, which are
    /// then assigned in ascending index order by the items before each
    /// (12.3 c). A batch's edits reach a waterfall section unmerged (an
    /// insertion, a removal, a reload each an edit of its own), so that the
    /// two kinds stay apart.
    ///
    /// - Complexity: per edit, O(log R + the runs' items it touches); per
    ///   arrival, O(n · log R).
    mutating func applyEdits(_ edits: [ItemEdit]) -> LineChange {
        let before = linesExtent
        let itemsBefore = record.itemCount
        let lengths = stack.lengths
        var store = record.waterfall!
        record.waterfall = nil  // keep the store uniquely referenced while it changes
        if !isKnownUniquelyReferenced(&store) { store = store.copy() }
        var trees =
            store.columns.take() ?? WaterfallItems.round(itemCount: itemsBefore, columnCount: columns.count, lengths: lengths)
        // 1. Items replaced by as many (reports, reloads) keep their columns: sizes only.
        // 2. Removals, the last first. 3. Arrivals, in ascending order after the edits.
        var removals: [Int] = []
        var arrivals: [(item: Int, size: Size)] = []
        var shift = 0
        for edit in edits {
            let added = edit.replacement.reduce(0) { $0 + $1.count }
            if added == edit.range.count {
                var item = edit.range.lowerBound
                for segment in edit.replacement {
                    segment.forEachSize { size in
                        let (column, place) = trees.locate(item)
                        trees[column].setSize(at: place, to: size, lengths: lengths)
                        item += 1
                    }
                }
            } else {
                removals.append(contentsOf: edit.range)
                var item = edit.range.lowerBound + shift
                for segment in edit.replacement {
                    segment.forEachSize { size in
                        arrivals.append((item, size))
                        item += 1
                    }
                }
            }
            shift += added - edit.range.count
        }
        for item in removals.reversed() { trees.remove(item, lengths: lengths) }
        var count = itemsBefore - removals.count
        for arrival in arrivals {
            // The stack that finds the column is gone before the trees change: they stay unshared.
            let column = leastColumn(in: trees, itemCount: count, before: arrival.item)
            trees.insert(arrival.item, column: column, size: arrival.size, lengths: lengths)
            count += 1
        }
        store.columns = trees
        record.itemCount = count
        record.waterfall = store
        refreshExtent()
        var change = LineChange()
        change.advanceChange = linesExtent - before
        change.itemChange = record.itemCount - itemsBefore
        return change
    }

    /// The column of `trees` (`itemCount` items) whose next start over the
    /// items before `item` is least, ties to the lowest (12.3 a).
    private func leastColumn(in trees: [BTree<ColumnRun>], itemCount: Int, before item: Int) -> Int {
        let starts = Self.stack(of: trees, itemCount: itemCount, resolved: resolved).nextStarts(before: item)
        var column = 0
        for candidate in starts.indices.dropFirst() where starts[candidate] < starts[column] { column = candidate }
        return column
    }

    /// The extent of the section's lines: its longest column's, from the
    /// lines' top to its last item's bottom (12.2; 0 without items).
    var linesExtent: Offset {
        let stack = stack
        var longest = Offset.zero
        for column in 0..<stack.columnCount where stack.total(column).count > 0 {
            longest = Swift.max(longest, stack.advance(stack.total(column)) - stack.lineSpacing)
        }
        return longest
    }

    /// The one refresh of the section's extent and bound, after any change:
    /// exact, its bound its extent.
    private mutating func refreshExtent() {
        record.isPending = false
        record.extent = metrics.linesOffset + linesExtent + metrics.trailingOffset
        record.bound = record.extent
    }

    /// With internal checks: the section's sums and extent equal a
    /// recomputation from its items, every item has a column in range, as
    /// section `q`.
    func checkInvariants(section q: Int) {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        precondition(!record.isPending, "waterfall section \(q) pending")
        precondition(record.store == nil, "waterfall section \(q) holds flow runs")
        precondition(record.waterfall?.assignment == assignment, "waterfall section \(q) assigned under other columns")
        if let trees = record.waterfall?.columns {
            precondition(trees.count == columns.count, "waterfall section \(q) column count")
            var seen = Array(repeating: false, count: record.itemCount)
            let lengths = stack.lengths
            for tree in trees {
                tree.checkStructure()
                var item = -1
                tree.forEach(from: 0, before: .zero) { run, _ in
                    precondition(run.count > 0, "empty run in waterfall section \(q)")
                    precondition(run == ColumnRun(run.items, lengths: lengths), "run sums of waterfall section \(q)")
                    for index in 0..<run.count {
                        item += run.gap(at: index)
                        precondition(item < seen.count && !seen[item], "item \(item) of waterfall section \(q) twice or past the end")
                        seen[item] = true
                    }
                    return true
                }
            }
            precondition(!seen.contains(false), "an item of waterfall section \(q) in no column")
        }
        precondition(record.extent == metrics.linesOffset + linesExtent + metrics.trailingOffset, "extent of section \(q)")
        #endif
    }
}

extension ItemSegment {
    /// Calls `body` with each item's size (``Size/unsized`` for the default size).
    fileprivate func forEachSize(_ body: (Size) -> Void) {
        switch self {
        case .defaults(let count): for _ in 0..<count { body(.unsized) }
        case .sized(let size): body(size)
        }
    }
}
