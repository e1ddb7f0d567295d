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
///
/// The first four columns' totals are kept inline and the others in an
/// array, so that summing the summaries of a feed of up to four columns (a
/// tree's searches add one per node they pass) never allocates.
struct WaterfallSummary: TreeSummary {
    /// Items.
    var items: Int
    /// Items with a size of their own.
    var sized: Int
    /// Columns 0 to 3.
    private var first0 = ColumnTotal.zero
    private var first1 = ColumnTotal.zero
    private var first2 = ColumnTotal.zero
    private var first3 = ColumnTotal.zero
    /// Columns 4 and up, by column less 4; columns past its end hold nothing.
    private var rest: [ColumnTotal] = []

    static let inlineColumns = 4

    init(items: Int, sized: Int) {
        self.items = items
        self.sized = sized
    }

    static let zero = WaterfallSummary(items: 0, sized: 0)

    /// Column `column`'s totals.
    @inline(__always)
    func total(_ column: Int) -> ColumnTotal {
        switch column {
        case 0: first0
        case 1: first1
        case 2: first2
        case 3: first3
        default: column - 4 < rest.count ? rest[column - 4] : .zero
        }
    }

    /// Changes column `column`'s totals through `body`.
    @inline(__always)
    mutating func modify(_ column: Int, _ body: (inout ColumnTotal) -> Void) {
        switch column {
        case 0: body(&first0)
        case 1: body(&first1)
        case 2: body(&first2)
        case 3: body(&first3)
        default:
            if rest.count <= column - 4 { rest.append(contentsOf: repeatElement(.zero, count: column - 3 - rest.count)) }
            body(&rest[column - 4])
        }
    }

    /// Bytes of heap its columns past the fourth take.
    var allocatedBytes: Int { rest.isEmpty ? 0 : 32 + rest.capacity * MemoryLayout<ColumnTotal>.stride }

    static func + (lhs: WaterfallSummary, rhs: WaterfallSummary) -> WaterfallSummary {
        var sum = lhs
        sum.add(rhs)
        return sum
    }

    static func difference(_ whole: WaterfallSummary, less last: WaterfallSummary) -> WaterfallSummary? {
        var rest = whole
        rest.subtract(last)
        return rest
    }

    /// Adds `other`, column by column.
    @inline(__always)
    mutating func add(_ other: WaterfallSummary) {
        items += other.items
        sized += other.sized
        first0.add(other.first0)
        first1.add(other.first1)
        first2.add(other.first2)
        first3.add(other.first3)
        for (index, total) in other.rest.enumerated() { modify(index + 4) { $0.add(total) } }
    }

    /// Subtracts `other`, one of the summaries summed into this one.
    @inline(__always)
    mutating func subtract(_ other: WaterfallSummary) {
        items -= other.items
        sized -= other.sized
        first0.subtract(other.first0)
        first1.subtract(other.first1)
        first2.subtract(other.first2)
        first3.subtract(other.first3)
        for (index, total) in other.rest.enumerated() { modify(index + 4) { $0.subtract(total) } }
    }
}

extension ColumnTotal {
    @inline(__always)
    mutating func add(_ other: ColumnTotal) {
        count += other.count
        defaults += other.defaults
        length += other.length
    }

    @inline(__always)
    mutating func subtract(_ other: ColumnTotal) {
        count -= other.count
        defaults -= other.defaults
        length -= other.length
    }
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
            var summary = WaterfallSummary(items: n, sized: 0)
            let (whole, rest) = n.quotientAndRemainder(dividingBy: cycle)
            for column in 0..<cycle {
                // Item k is in column (first + k) mod cycle: `whole` rounds, and one
                // more for the columns the rest reaches.
                let items = whole + ((column - first + cycle) % cycle < rest ? 1 : 0)
                if items > 0 { summary.modify(column) { $0 = ColumnTotal(count: items, defaults: items, length: .zero) } }
            }
            return summary
        case .listed(let sizes, let assigned):
            let n = Swift.min(prefix, sizes.count)
            var summary = WaterfallSummary(items: n, sized: 0)
            for index in 0..<n {
                let size = sizes[index]
                if !size.isUnsized { summary.sized += 1 }
                guard assigned[index] != unassigned else { continue }
                summary.modify(Int(assigned[index])) { total in
                    total.count += 1
                    if size.isUnsized {
                        total.defaults += 1
                    } else {
                        total.length += Offset(clamping: lengths.length(of: size))
                    }
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
