/// The items of one waterfall section with their columns (`flow-layout.md`
/// 12.3): their runs (``WaterfallRun``) in a tree summed by column, or none
/// while every item takes the default size and they go round the columns
/// (in closed form, however many); and the columns they were assigned under.
/// Shared between copies of a layout and copied on the first write, as a
/// flow section's ``ItemStore`` is.
final class WaterfallItems: @unchecked Sendable {
    // Safe to share: a store reachable from two layouts is never written; every
    // write first copies a store that is not uniquely referenced.
    /// The runs, in item order; `nil` for the round of the section's items
    /// at the default size, item i in column i mod n.
    @exclusivity(unchecked) var runs: BTree<WaterfallRun>?
    /// What the columns were assigned under: a change of it assigns every
    /// item again (12.3 b).
    let assignment: WaterfallAssignment

    init(runs: BTree<WaterfallRun>?, assignment: WaterfallAssignment) {
        self.runs = runs
        self.assignment = assignment
    }

    /// A copy that shares the tree's nodes until one of the two changes.
    func copy() -> WaterfallItems { WaterfallItems(runs: runs, assignment: assignment) }

    /// The number of items with a size of their own.
    var sizedCount: Int { runs?.summary.sized ?? 0 }

    /// Bytes of heap the store holds: the object, the tree, the runs' arrays.
    var allocatedBytes: Int {
        var bytes = 48
        guard let runs else { return bytes }
        bytes += runs.allocatedBytes
        runs.forEach(from: 0, before: .zero) { run, _ in
            if case .listed(let sizes, let columns) = run.items {
                bytes += 32 + sizes.capacity * MemoryLayout<Size>.stride + 32 + columns.capacity
            }
            bytes += run.summary.allocatedBytes
            return true
        }
        return bytes
    }
}

/// What a waterfall section's columns were assigned under besides the
/// sizes: the column count and width, and the scroll direction (12.3 b).
struct WaterfallAssignment: Hashable, Sendable {
    let count: Int
    let width: Double
    let direction: ScrollDirection
}

/// A waterfall section's items as its columns stack them, for one query or
/// one change: the runs (or, for a section whose items all went round at the
/// default size, the one round run it is in closed form) with what turns
/// them into positions (`flow-layout.md` 12.2, 12.3).
///
/// Positions are offsets from the top of the section's lines, exact: a
/// column's next start is the exact sum of its items' lengths and a line
/// spacing after each (``ColumnTotal/advance(defaultLength:lineSpacing:)``).
struct WaterfallStack {
    /// The runs, or `nil` for the round of ``itemCount`` default items.
    let runs: BTree<WaterfallRun>?
    /// The number of items.
    let itemCount: Int
    /// The number of columns.
    let columnCount: Int
    /// Lengths of items with sizes of their own.
    let lengths: WaterfallLengths
    /// The length of an item at the default size, exactly.
    let defaultLength: Offset
    /// Its length as a `Double`.
    let defaultLengthValue: Double
    /// The line spacing, exactly.
    let lineSpacing: Offset

    /// The runs as one sequence: the tree, or the one round run.
    private var round: WaterfallRun {
        WaterfallRun(.round(count: itemCount, first: 0, cycle: columnCount), lengths: lengths)
    }

    /// The sums over every item.
    var summary: WaterfallSummary { runs?.summary ?? round.summary }

    /// The next start of column `column` past the items summed in `summary`.
    @inline(__always)
    func advance(_ summary: WaterfallSummary, column: Int) -> Offset {
        summary.total(column).advance(defaultLength: defaultLength, lineSpacing: lineSpacing)
    }

    /// The run holding `item`, where it starts, and the sums before it.
    func run(holding item: Int) -> (run: WaterfallRun, start: Int, before: WaterfallSummary) {
        guard let runs else { return (round, 0, .zero) }
        let found = runs.find(item, in: { $0.items }, rule: .containing)
        return (found.element!, found.before.items, found.before)
    }

    /// The sums over the items before `item`.
    func summary(before item: Int) -> WaterfallSummary {
        guard item < itemCount else { return summary }
        let (run, start, before) = run(holding: item)
        return before + run.sum(prefix: item - start, lengths: lengths)
    }

    /// `item`'s column, the offset of its top from the lines' top, and its length.
    func place(_ item: Int) -> (column: Int, top: Offset, length: Double) {
        let (run, start, before) = run(holding: item)
        let index = item - start
        let column = run.column(at: index)
        let sum = before + run.sum(prefix: index, lengths: lengths)
        return (column, advance(sum, column: column), length(of: run.explicitSize(at: index)))
    }

    /// The length of an item of size `size` (`nil`: the default size).
    @inline(__always)
    func length(of size: Size?) -> Double {
        size.map { lengths.length(of: $0) } ?? defaultLengthValue
    }

    /// The item of column `column` with `rank` items of that column before
    /// it, or `nil` when the column has no more.
    func item(ofColumn column: Int, rank: Int) -> Int? {
        guard rank < summary.total(column).count else { return nil }
        let (run, start, before): (WaterfallRun, Int, WaterfallSummary)
        if let runs {
            let found = runs.find(rank, in: { $0.total(column).count }, rule: .containing)
            (run, start, before) = (found.element!, found.before.items, found.before)
        } else {
            (run, start, before) = (round, 0, .zero)
        }
        var remaining = rank - before.total(column).count
        switch run.items {
        case .round(_, let first, let cycle):
            // Column c's items in the run are at (c − first) mod cycle, every cycle.
            let offset = cycle == 1 ? 0 : (column - first + cycle) % cycle
            return start + offset + remaining * cycle
        case .listed(_, let columns):
            for index in columns.indices where Int(columns[index]) == column {
                if remaining == 0 { return start + index }
                remaining -= 1
            }
            preconditionFailure("a column's count in a run is its items there")
        }
    }

    /// The rank in column `column` of its first item whose advance through
    /// it (its bottom and a line spacing, from the lines' top) reaches
    /// `offset`, or `nil` when none does. A column's advance only grows
    /// with its rank.
    func rank(ofFirstAdvanceReaching offset: Offset, column: Int) -> Int? {
        let total = summary.total(column)
        guard total.count > 0, advance(summary, column: column) >= offset else { return nil }
        guard offset > .zero else { return 0 }
        guard let runs else { return roundRank(reaching: offset, from: .zero) - 1 }
        // Only the column's items move its advance: the run where it first
        // reaches the offset holds the item that takes it there.
        let found = runs.find(offset, in: { self.advance($0, column: column) }, rule: .reaching)
        let run = found.element!
        let rankBefore = found.before.total(column).count
        var reached = advance(found.before, column: column)
        switch run.items {
        case .round:
            return rankBefore + roundRank(reaching: offset, from: reached) - 1
        case .listed(let sizes, let columns):
            var rank = rankBefore
            for index in columns.indices where Int(columns[index]) == column {
                reached += Offset(clamping: length(of: sizes[index].isUnsized ? nil : sizes[index])) + lineSpacing
                if reached >= offset { return rank }
                rank += 1
            }
            preconditionFailure("the run where the column's advance reaches the offset")
        }
    }

    /// The rank of the first item of the column whose top (from the lines'
    /// top) reaches `offset`, or `nil` when none does.
    func rank(ofFirstTopReaching offset: Offset, column: Int) -> Int? {
        guard offset > .zero else { return summary.total(column).count > 0 ? 0 : nil }
        // An item's top is the advance through the one before it in the column.
        guard let previous = rank(ofFirstAdvanceReaching: offset, column: column) else { return nil }
        return previous + 1 < summary.total(column).count ? previous + 1 : nil
    }

    /// In a round of default items, from an advance of `start`: how many of
    /// a column's items it takes for the advance to reach `offset` (at
    /// least one; the caller knows it is reached).
    private func roundRank(reaching offset: Offset, from start: Offset) -> Int {
        let step = defaultLength + lineSpacing
        guard step > .zero else { return 1 }
        // The first j ≥ 1 with start + j·step ≥ offset, estimated, then made exact.
        var j = Swift.max(1, Int(((offset - start).double / step.double).rounded(.up)))
        while j > 1 && start + step * (j - 1) >= offset { j -= 1 }
        while start + step * j < offset { j += 1 }
        return j
    }

    /// A column's items one after another, by rank: where a walk of the
    /// column stands (``cursor(column:rank:)``, ``advance(_:)``).
    struct ColumnCursor {
        let column: Int
        /// The rank of the item in its column.
        var rank: Int
        /// The item.
        var item: Int
        /// Its top, from the lines' top.
        var top: Offset
        /// Its length.
        var length: Double
        /// The run holding it, and the item the run starts with.
        var run: WaterfallRun
        var runStart: Int
    }

    /// A cursor at the item of rank `rank` in `column`, or `nil` when the
    /// column has no more.
    ///
    /// - Complexity: O(n · log R).
    func cursor(column: Int, rank: Int) -> ColumnCursor? {
        guard let item = item(ofColumn: column, rank: rank) else { return nil }
        let (run, start, before) = run(holding: item)
        let index = item - start
        let top = advance(before + run.sum(prefix: index, lengths: lengths), column: column)
        return ColumnCursor(
            column: column, rank: rank, item: item, top: top, length: length(of: run.explicitSize(at: index)), run: run,
            runStart: start)
    }

    /// Moves `cursor` to the next item of its column; `false` when it has no more.
    ///
    /// - Complexity: O(1) to the next item of the same run, else O(log R).
    func advance(_ cursor: inout ColumnCursor) -> Bool {
        let top = cursor.top + Offset(clamping: cursor.length) + lineSpacing
        var index = cursor.item - cursor.runStart + 1
        switch cursor.run.items {
        case .round(let count, let first, let cycle):
            // The column's next item in a round is a cycle on.
            index = cursor.item - cursor.runStart + cycle
            if index < count {
                _ = first
                cursor.item += cycle
                cursor.rank += 1
                cursor.top = top
                cursor.length = defaultLengthValue
                return true
            }
        case .listed(let sizes, let columns):
            while index < columns.count {
                if Int(columns[index]) == cursor.column {
                    cursor.item = cursor.runStart + index
                    cursor.rank += 1
                    cursor.top = top
                    cursor.length = length(of: sizes[index].isUnsized ? nil : sizes[index])
                    return true
                }
                index += 1
            }
        }
        // In a later run: found by the column's count.
        guard let item = item(ofColumn: cursor.column, rank: cursor.rank + 1) else { return false }
        let (run, start, _) = run(holding: item)
        cursor.item = item
        cursor.rank += 1
        cursor.top = top
        cursor.run = run
        cursor.runStart = start
        cursor.length = length(of: run.explicitSize(at: item - start))
        return true
    }

    /// Calls `body` with every item from `item` on, in index order, with its
    /// column and its size of its own (`nil`: the default size), until it
    /// returns `false`.
    func forEachItem(from item: Int, _ body: (Int, Int, Size?) -> Bool) {
        guard item < itemCount else { return }
        func visit(_ run: WaterfallRun, start: Int) -> Bool {
            var index = Swift.max(0, item - start)
            switch run.items {
            case .round(let count, let first, let cycle):
                var column = (first + index) % cycle
                while index < count {
                    if !body(start + index, column, nil) { return false }
                    index += 1
                    column += 1
                    if column == cycle { column = 0 }
                }
            case .listed(let sizes, let columns):
                while index < sizes.count {
                    if !body(start + index, Int(columns[index]), sizes[index].isUnsized ? nil : sizes[index]) { return false }
                    index += 1
                }
            }
            return true
        }
        guard let runs else {
            _ = visit(round, start: 0)
            return
        }
        let found = runs.find(item, in: { $0.items }, rule: .containing)
        runs.forEach(from: found.position, before: found.before) { run, before in visit(run, start: before.items) }
    }
}
