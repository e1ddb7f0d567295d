/// Builds a waterfall section's columns item by item in index order (12.3 b,
/// d): each column's next start, and its listed runs as they fill, with their
/// sums (no second pass over the sizes).
///
/// A class over buffers of its own: the loop over a million items touches
/// no array it would have to check for sharing (a column's run is copied
/// into arrays of its own when it is full).
final class ColumnsBuilder {
    /// One column's state.
    private struct Column {
        /// The next start from the lines' top.
        var next: Offset
        /// The last item so far (−1 for none).
        var last: Int
        /// The sums of the run being filled.
        var sum: ColumnSummary
    }

    let lengths: WaterfallLengths
    let defaultLength: Offset
    let lineSpacing: Offset
    /// A default item's length and a line spacing.
    private let defaultStep: Offset
    private let columnCount: Int
    private let columns: UnsafeMutablePointer<Column>
    /// Each column's run being filled: `ColumnRun.capacity` slots a column.
    private let gaps: UnsafeMutablePointer<UInt32>
    private let sizes: UnsafeMutablePointer<Size>
    private var builders: [BTree<ColumnRun>.Builder]
    /// The items appended.
    private(set) var count = 0

    init(columnCount n: Int, lengths: WaterfallLengths, defaultLength: Offset, lineSpacing: Offset) {
        self.lengths = lengths
        self.defaultLength = defaultLength
        self.lineSpacing = lineSpacing
        defaultStep = defaultLength + lineSpacing
        columnCount = n
        columns = .allocate(capacity: n)
        columns.initialize(repeating: Column(next: .zero, last: -1, sum: .zero), count: n)
        gaps = .allocate(capacity: n * ColumnRun.capacity)
        sizes = .allocate(capacity: n * ColumnRun.capacity)
        builders = (0..<n).map { _ in BTree<ColumnRun>.Builder(leafCapacity: ColumnRun.leafCapacity, innerCapacity: 16) }
    }

    deinit {
        columns.deallocate()
        gaps.deallocate()
        sizes.deallocate()
    }

    /// The column whose next start is least, ties to the lowest (12.3 a).
    @inline(__always)
    var leastColumn: Int {
        var column = 0
        var least = columns[0].next
        for candidate in 1..<columnCount where columns[candidate].next < least {
            least = columns[candidate].next
            column = candidate
        }
        return column
    }

    /// Appends the next item, of size `size` (`nil`: the default size), to `column`.
    @inline(__always)
    func append(_ size: Size?, to column: Int) {
        let state = columns + column
        // Counts stay far below Int.max: wrapping arithmetic skips the checks.
        let gap = count &- state.pointee.last
        if let size {
            let value = lengths.length(of: size)
            let length = Offset(length: value)
            state.pointee.next = state.pointee.next + (length + lineSpacing)
            state.pointee.sum.length += length
        } else {
            state.pointee.next += defaultStep
            state.pointee.sum.defaults += 1
        }
        let slot = column &* ColumnRun.capacity &+ state.pointee.sum.count
        gaps[slot] = UInt32(gap)
        sizes[slot] = size ?? .unsized
        state.pointee.sum.count &+= 1
        state.pointee.sum.span &+= gap
        state.pointee.last = count
        count &+= 1
        if state.pointee.sum.count == ColumnRun.capacity { flush(column) }
    }

    /// Ends `column`'s run being filled.
    private func flush(_ column: Int) {
        let state = columns + column
        let filled = state.pointee.sum.count
        let start = column * ColumnRun.capacity
        let run = ColumnRun(
            .listed(
                gaps: Array(UnsafeBufferPointer(start: gaps + start, count: filled)),
                sizes: Array(UnsafeBufferPointer(start: sizes + start, count: filled))),
            summary: state.pointee.sum)
        builders[column].append(run)
        state.pointee.sum = .zero
    }

    /// Each column's tree.
    func finish() -> [BTree<ColumnRun>] {
        var trees: [BTree<ColumnRun>] = []
        trees.reserveCapacity(columnCount)
        for column in 0..<columnCount {
            if columns[column].sum.count > 0 { flush(column) }
            trees.append(builders[column].finish())
        }
        return trees
    }
}
