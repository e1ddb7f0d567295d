/// The totals of one column over a stretch of a waterfall section's items
/// (`flow-layout.md` 12.2): how many of them are in it, how many of those
/// take the default size, and the exact sum of the others' lengths.
///
/// The default items' length is not summed: it is the section's default
/// size scaled to the column, read when a position is, so that a new
/// estimate changes no stored total.
struct ColumnTotal: Hashable, Sendable {
    /// Items in the column.
    var count: Int
    /// Of those, items at the default size.
    var defaults: Int
    /// The sum of the lengths of the others, exactly.
    var length: Offset

    static let zero = ColumnTotal(count: 0, defaults: 0, length: .zero)

    /// The column's next start from the top of the section's lines, past
    /// these items: their lengths and a line spacing after each (12.3 a).
    @inline(__always)
    func advance(defaultLength: Offset, lineSpacing: Offset) -> Offset {
        length + defaultLength * defaults + lineSpacing * count
    }
}

/// The sums over a stretch of a waterfall section's items: the items, those
/// with a size of their own, and each column's totals.
struct WaterfallSummary: TreeSummary {
    /// Items.
    var items: Int
    /// Items with a size of their own.
    var sized: Int
    /// Each column's totals, by column; columns past the end hold nothing.
    var columns: [ColumnTotal]

    static let zero = WaterfallSummary(items: 0, sized: 0, columns: [])

    static func + (lhs: WaterfallSummary, rhs: WaterfallSummary) -> WaterfallSummary {
        var sum = WaterfallSummary(items: lhs.items + rhs.items, sized: lhs.sized + rhs.sized, columns: lhs.columns)
        sum.add(columns: rhs.columns)
        return sum
    }

    static func difference(_ whole: WaterfallSummary, less last: WaterfallSummary) -> WaterfallSummary? {
        var rest = WaterfallSummary(items: whole.items - last.items, sized: whole.sized - last.sized, columns: whole.columns)
        for (column, total) in last.columns.enumerated() {
            rest.columns[column].count -= total.count
            rest.columns[column].defaults -= total.defaults
            rest.columns[column].length -= total.length
        }
        return rest
    }

    /// Adds `totals` column by column.
    @inline(__always)
    mutating func add(columns totals: [ColumnTotal]) {
        if columns.count < totals.count {
            columns.append(contentsOf: repeatElement(.zero, count: totals.count - columns.count))
        }
        for (column, total) in totals.enumerated() {
            columns[column].count += total.count
            columns[column].defaults += total.defaults
            columns[column].length += total.length
        }
    }

    /// Column `column`'s totals.
    @inline(__always)
    func total(_ column: Int) -> ColumnTotal { column < columns.count ? columns[column] : .zero }
}

/// A stretch of a waterfall section's items, in index order: an element of
/// its tree (``WaterfallItems``).
///
/// Items at the default size that go round the columns (what 12.3 b makes of
/// a section of them) are a *round*: a count and the first one's column, in
/// closed form however many. Any other items are *listed*: each one's size
/// (``Size/unsized`` for the default size) and column.
struct WaterfallRun: TreeElement, Equatable {
    /// The items.
    enum Items: Hashable {
        /// `count` items at the default size, item k in column (first + k) mod cycle.
        case round(count: Int, first: Int, cycle: Int)
        /// Each item's size (``Size/unsized``: the default size) and column
        /// (``WaterfallRun/unassigned`` while an edit is assigning it).
        case listed(sizes: [Size], columns: [UInt8])
    }

    /// The column of an item not yet assigned, inside one edit: in no column's totals.
    static let unassigned: UInt8 = .max

    /// The most items a listed run holds.
    static let capacity = 128

    let items: Items
    /// Its sums, with the lengths of its items under `lengths`.
    let summary: WaterfallSummary

    /// The run of `items`, their lengths under `lengths`.
    init(_ items: Items, lengths: WaterfallLengths) {
        self.items = items
        summary = Self.sum(items, prefix: Int.max, lengths: lengths)
    }

    /// The number of items.
    var count: Int {
        switch items {
        case .round(let count, _, _): count
        case .listed(let sizes, _): sizes.count
        }
    }

    /// The column of item `index` of the run.
    @inline(__always)
    func column(at index: Int) -> Int {
        switch items {
        case .round(_, let first, let cycle): (first + index) % cycle
        case .listed(_, let columns): Int(columns[index])
        }
    }

    /// The size item `index` of the run has of its own, or `nil`.
    @inline(__always)
    func explicitSize(at index: Int) -> Size? {
        switch items {
        case .round: nil
        case .listed(let sizes, _): sizes[index].isUnsized ? nil : sizes[index]
        }
    }

    /// The sums of the run's first `prefix` items (all of them, past its count).
    @inline(__always)
    func sum(prefix: Int, lengths: WaterfallLengths) -> WaterfallSummary {
        prefix >= count ? summary : Self.sum(items, prefix: prefix, lengths: lengths)
    }

    /// The sums of the first `prefix` items of `items`.
    private static func sum(_ items: Items, prefix: Int, lengths: WaterfallLengths) -> WaterfallSummary {
        switch items {
        case .round(let count, let first, let cycle):
            let n = Swift.min(prefix, count)
            var columns = Array(repeating: ColumnTotal.zero, count: cycle)
            let (whole, rest) = n.quotientAndRemainder(dividingBy: cycle)
            for column in 0..<cycle {
                // Item k is in column (first + k) mod cycle: `whole` rounds, and one
                // more for the columns the rest reaches.
                let extra = (column - first + cycle) % cycle < rest ? 1 : 0
                columns[column].count = whole + extra
                columns[column].defaults = whole + extra
            }
            return WaterfallSummary(items: n, sized: 0, columns: columns)
        case .listed(let sizes, let assigned):
            let n = Swift.min(prefix, sizes.count)
            var summary = WaterfallSummary(items: n, sized: 0, columns: [])
            for index in 0..<n {
                let size = sizes[index]
                if !size.isUnsized { summary.sized += 1 }
                let column = Int(assigned[index])
                guard assigned[index] != unassigned else { continue }
                if summary.columns.count <= column {
                    summary.columns.append(contentsOf: repeatElement(.zero, count: column + 1 - summary.columns.count))
                }
                summary.columns[column].count += 1
                if size.isUnsized {
                    summary.columns[column].defaults += 1
                } else {
                    summary.columns[column].length += Offset(clamping: lengths.length(of: size))
                }
            }
            return summary
        }
    }
}

/// What turns an item's size into its length along the scroll axis in a
/// waterfall section: the column width and the scroll direction (12.2).
struct WaterfallLengths: Hashable {
    let columns: WaterfallGeometry
    let direction: ScrollDirection

    /// The length of an item of `size`.
    @inline(__always)
    func length(of size: Size) -> Double { columns.length(of: size, direction: direction) }
}
