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
    var columns: WaterfallGeometry { resolved.metrics.waterfall! }

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
        let columns = resolved.metrics.waterfall!
        let lengths = WaterfallLengths(columns: columns, direction: resolved.geometry.direction)
        let defaultLength = lengths.length(of: resolved.defaultSize)
        return WaterfallStack(
            runs: record.waterfall!.runs, itemCount: record.itemCount, columnCount: columns.count, lengths: lengths,
            defaultLength: Offset(clamping: defaultLength), defaultLengthValue: defaultLength,
            lineSpacing: resolved.metrics.lineSpacingOffset)
    }

    /// An upper bound on the extent any assignment of the section's items can
    /// give: every item in one column.
    var upperBound: Offset {
        let stack = stack
        let summary = stack.summary
        var lines = Offset.zero
        for column in 0..<columns.count { lines += stack.advance(summary, column: column) }
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
            self.init(
                record: record, assigning: sizes.chunks.lazy.joined().map { Optional($0) }, columns: given, resolved: resolved)
        } else if let given {
            self.init(record: record, assigning: repeatElement(nil, count: section.itemCount), columns: given, resolved: resolved)
        } else {
            self.init(defaults: record, resolved: resolved)
        }
    }

    /// The section of `record`'s items (read through
    /// ``SectionRecord/forEachItemSegment(_:)``, whatever kind stored them)
    /// under `resolved`, every item assigned again (12.3 b).
    ///
    /// - Complexity: O(1) for items all at the default size; else O(n · items).
    init(reassigning record: SectionRecord, resolved: GeometrySelector) {
        guard record.sizedCount > 0 else {
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
        self.init(record: record, assigning: sizes, resolved: resolved)
    }

    /// The section of `record`'s count, metrics entry and kind of sizes,
    /// its items of `sizes` (one per item; `nil`: the default size), every
    /// item assigned in index order (12.3 b), or given its entry of
    /// `columns` (12.3 d, checked), under `resolved`.
    init<S: Sequence>(record: SectionRecord, assigning sizes: S, columns: [Int]? = nil, resolved: GeometrySelector)
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
        record.waterfall = WaterfallItems(runs: nil, assignment: assignment)
        let stack = stack
        guard stack.defaultLength + stack.lineSpacing == .zero, columns.count > 1, given.itemCount > 0 else {
            refreshExtent()
            return
        }
        // No length and no spacing: every next start stays 0, so every item is in column 0.
        let run = WaterfallRun(.round(count: given.itemCount, first: 0, cycle: 1), lengths: stack.lengths)
        record.waterfall = WaterfallItems(runs: BTree([run], leafCapacity: 32, innerCapacity: 16), assignment: assignment)
        refreshExtent()
    }

    /// Assigns every item of `sizes` (one per item; `nil`: the default size)
    /// in index order to the column whose next start is least, ties to the
    /// lowest (12.3 a, b), and stores them with their columns.
    ///
    /// Items all at the default size go round the columns, which is what the
    /// rule gives when every length is equal: kept in closed form.
    private mutating func assignAll<S: Sequence>(_ sizes: S, given: [Int]? = nil) where S.Element == Size? {
        record.waterfall = WaterfallItems(runs: nil, assignment: assignment)
        let stack = stack
        let n = columns.count
        let step = stack.defaultLength + stack.lineSpacing
        var builder = BTree<WaterfallRun>.Builder(leafCapacity: 32, innerCapacity: 16)
        var next = Array(repeating: Offset.zero, count: n)
        var pendingSizes: [Size] = []
        var pendingColumns: [UInt8] = []
        pendingSizes.reserveCapacity(WaterfallRun.capacity)
        pendingColumns.reserveCapacity(WaterfallRun.capacity)
        var sized = 0
        var count = 0
        for size in sizes {
            var column = 0
            if let given {
                column = given[count]
            } else {
                for candidate in 1..<Swift.max(n, 1) where next[candidate] < next[column] { column = candidate }
            }
            next[column] += (size.map { Offset(clamping: stack.lengths.length(of: $0)) } ?? stack.defaultLength) + stack.lineSpacing
            pendingSizes.append(size ?? .unsized)
            pendingColumns.append(UInt8(column))
            if size != nil { sized += 1 }
            count += 1
            if pendingSizes.count == WaterfallRun.capacity {
                builder.append(WaterfallRun(.listed(sizes: pendingSizes, columns: pendingColumns), lengths: stack.lengths))
                pendingSizes.removeAll(keepingCapacity: true)
                pendingColumns.removeAll(keepingCapacity: true)
            }
        }
        let assignment = assignment
        if sized == 0 && given == nil && (step > .zero || n == 1 || count == 0) {
            // Equal lengths go round: item i in column i mod n, in closed form.
            record.waterfall = WaterfallItems(runs: nil, assignment: assignment)
        } else if sized == 0 && given == nil {
            // No length and no spacing: every next start stays 0, so every item is in column 0.
            let run = WaterfallRun(.round(count: count, first: 0, cycle: 1), lengths: stack.lengths)
            record.waterfall = WaterfallItems(runs: BTree([run], leafCapacity: 32, innerCapacity: 16), assignment: assignment)
        } else {
            if !pendingSizes.isEmpty {
                builder.append(WaterfallRun(.listed(sizes: pendingSizes, columns: pendingColumns), lengths: stack.lengths))
            }
            record.waterfall = WaterfallItems(runs: builder.finish(), assignment: assignment)
        }
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
        if store.runs == nil { store.runs = materializedRuns(lengths: lengths) }
        var arrivals: [Range<Int>] = []
        var shift = 0
        for edit in edits {
            let added = edit.replacement.reduce(0) { $0 + $1.count }
            if added != edit.range.count && added > 0 {
                let start = edit.range.lowerBound + shift
                arrivals.append(start..<(start + added))
            }
            shift += added - edit.range.count
        }
        for edit in edits.reversed() {
            Self.replace(edit, in: &store.runs!, lengths: lengths)
        }
        record.itemCount = store.runs!.summary.items
        record.waterfall = store
        for range in arrivals {
            for item in range { assign(item) }
        }
        refreshExtent()
        var change = LineChange()
        change.advanceChange = linesExtent - before
        change.itemChange = record.itemCount - itemsBefore
        return change
    }

    /// The runs of a section in closed form, as a tree.
    private func materializedRuns(lengths: WaterfallLengths) -> BTree<WaterfallRun> {
        guard record.itemCount > 0 else { return BTree(leafCapacity: 32, innerCapacity: 16) }
        let run = WaterfallRun(.round(count: record.itemCount, first: 0, cycle: columns.count), lengths: lengths)
        return BTree([run], leafCapacity: 32, innerCapacity: 16)
    }

    /// Assigns arrived `item` to the column whose next start over the items
    /// before it is least, ties to the lowest (12.3 a).
    private mutating func assign(_ item: Int) {
        let column = leastColumn(before: item)
        let lengths = stack.lengths
        let store = record.waterfall!
        record.waterfall = nil
        let found = store.runs!.find(item, in: { $0.items }, rule: .containing)
        store.runs!.modify(at: found.position) { run in
            guard case .listed(let sizes, var assigned) = run.items else {
                preconditionFailure("an arrival is in a listed run")
            }
            assigned[item - found.before.items] = UInt8(column)
            run = WaterfallRun(.listed(sizes: sizes, columns: assigned), lengths: lengths)
        }
        record.waterfall = store
    }

    /// The column whose next start over the items before `item` is least,
    /// ties to the lowest (12.3 a).
    private func leastColumn(before item: Int) -> Int {
        let stack = stack
        let before = stack.summary(before: item)
        var column = 0
        var least = stack.advance(before, column: 0)
        for candidate in 1..<Swift.max(columns.count, 1) {
            let next = stack.advance(before, column: candidate)
            if next < least {
                least = next
                column = candidate
            }
        }
        return column
    }

    /// The extent of the section's lines: its longest column's, from the
    /// lines' top to its last item's bottom (12.2; 0 without items).
    var linesExtent: Offset {
        let stack = stack
        let summary = stack.summary
        var longest = Offset.zero
        for column in 0..<columns.count where summary.total(column).count > 0 {
            longest = Swift.max(longest, stack.advance(summary, column: column) - stack.lineSpacing)
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
        if let store = record.waterfall, let runs = store.runs {
            runs.checkStructure()
            precondition(runs.summary.items == record.itemCount, "waterfall section \(q) item count")
            runs.forEach(from: 0, before: .zero) { run, _ in
                precondition(run.count > 0, "empty run in waterfall section \(q)")
                for index in 0..<run.count {
                    precondition(run.column(at: index) < columns.count, "column out of range in waterfall section \(q)")
                }
                precondition(run == WaterfallRun(run.items, lengths: stack.lengths), "run sums of waterfall section \(q)")
                return true
            }
        }
        precondition(record.extent == metrics.linesOffset + linesExtent + metrics.trailingOffset, "extent of section \(q)")
        #endif
    }

    /// Replaces the items `edit` names with those it puts in, in `runs`.
    /// The runs it touches are taken out; what they hold before and after
    /// the edit stays (a round's ends as rounds, a listed run's items listed
    /// again), around the items put in, listed: with the columns of the
    /// items they replace when there are as many (12.3 c: a size report, a
    /// reload), else as arrivals.
    ///
    /// - Complexity: O(log R + the touched runs' listed items + the items put in).
    private static func replace(_ edit: ItemEdit, in runs: inout BTree<WaterfallRun>, lengths: WaterfallLengths) {
        let low = edit.range.lowerBound
        let high = edit.range.upperBound
        let total = runs.summary.items
        var touched = 0..<0
        var start = 0
        if low < total {
            let first = runs.find(low, in: { $0.items }, rule: .containing)
            let last = high > low ? runs.find(high - 1, in: { $0.items }, rule: .containing).position : first.position
            touched = first.position..<(last + 1)
            start = first.before.items
        } else if runs.count > 0 {
            // At the end: the last run takes the items put in after its own.
            touched = (runs.count - 1)..<runs.count
            start = total - runs[runs.count - 1].count
        }
        var head: WaterfallRun?
        var tail: WaterfallRun?
        var sizes: [Size] = []
        var columns: [UInt8] = []
        var replaced: [UInt8] = []
        var tailSizes: [Size] = []
        var tailColumns: [UInt8] = []
        for position in touched {
            let run = runs[position]
            let end = start + run.count
            let before = start..<Swift.max(start, Swift.min(low, end))
            let inside = Swift.max(start, low)..<Swift.max(Swift.max(start, low), Swift.min(end, high))
            let after = Swift.max(start, Swift.min(end, high))..<end
            for item in inside { replaced.append(UInt8(run.column(at: item - start))) }
            switch run.items {
            case .round(_, let first, let cycle):
                if !before.isEmpty {
                    head = WaterfallRun(.round(count: before.count, first: first, cycle: cycle), lengths: lengths)
                }
                if !after.isEmpty {
                    let shifted = (first + (after.lowerBound - start)) % cycle
                    tail = WaterfallRun(.round(count: after.count, first: shifted, cycle: cycle), lengths: lengths)
                }
            case .listed(let runSizes, let runColumns):
                for item in before {
                    sizes.append(runSizes[item - start])
                    columns.append(runColumns[item - start])
                }
                for item in after {
                    tailSizes.append(runSizes[item - start])
                    tailColumns.append(runColumns[item - start])
                }
            }
            start = end
        }
        // The items put in.
        let keeps = edit.replacement.reduce(0) { $0 + $1.count } == edit.range.count
        var next = 0
        for segment in edit.replacement {
            switch segment {
            case .defaults(let count):
                sizes.append(contentsOf: repeatElement(.unsized, count: count))
                for _ in 0..<count {
                    columns.append(keeps ? replaced[next] : WaterfallRun.unassigned)
                    next += 1
                }
            case .sized(let size):
                sizes.append(size)
                columns.append(keeps ? replaced[next] : WaterfallRun.unassigned)
                next += 1
            }
        }
        sizes.append(contentsOf: tailSizes)
        columns.append(contentsOf: tailColumns)
        var replacement: [WaterfallRun] = []
        replacement.reserveCapacity(2 + sizes.count / WaterfallRun.capacity + 1)
        if let head { replacement.append(head) }
        var chunk = 0
        while chunk < sizes.count {
            let end = Swift.min(sizes.count, chunk + WaterfallRun.capacity)
            replacement.append(
                WaterfallRun(.listed(sizes: Array(sizes[chunk..<end]), columns: Array(columns[chunk..<end])), lengths: lengths))
            chunk = end
        }
        if let tail { replacement.append(tail) }
        runs.replaceSubrange(touched, with: replacement)
    }
}
