import FlowLayoutCore

/// A waterfall section (`flow-layout.md` 12), as the reference lays it out:
/// its columns, each item's column, and the rules of 12.1 to 12.3 written out
/// with plain loops, to be checked by reading.
///
/// The reference keeps what the rules decide and nothing else: the columns
/// an assignment gave (12.3), which only the changes 12.3 lists move, and the
/// frames of 12.2 computed from them in one pass. The engine's waterfall kind
/// is to be checked against it, as its flow sections are against
/// ``ReferenceLayout``.
package struct ReferenceWaterfall: Sendable, Hashable {
    /// How a section chooses its column count (12.1).
    package enum Columns: Sendable, Hashable {
        /// `columnCount`: n columns, 1…64.
        case count(Int)
        /// `minimumColumnWidth`: as many columns at least m wide as fit, 1…64.
        case minimumWidth(Double)
    }

    /// The section's column rule.
    package var columns: Columns
    /// Each item's column, once assigned (12.3); `nil` until the section is
    /// first laid out (12.3 b assigns every item then).
    package var itemColumns: [Int]?
    /// The columns ``itemColumns`` were assigned under, when a model
    /// assigned them (``ReferenceModel``): a change of these assigns every
    /// item again (12.3 b).
    package var assignedUnder: Assignment?

    /// What an assignment depends on besides the sizes: the column count and
    /// width, and the scroll direction.
    package struct Assignment: Sendable, Hashable {
        package var count: Int
        package var width: Double
        package var vertical: Bool

        package init(count: Int, width: Double, vertical: Bool) {
            self.count = count
            self.width = width
            self.vertical = vertical
        }
    }

    /// A waterfall section of `columns`, its items assigned when first laid
    /// out, or given theirs (12.3 d).
    package init(columns: Columns, itemColumns: [Int]? = nil, assignedUnder: Assignment? = nil) {
        self.columns = columns
        self.itemColumns = itemColumns
        self.assignedUnder = assignedUnder
    }

    /// The rule of `columns` (the engine's public form).
    package init(_ columns: WaterfallColumns) {
        switch columns {
        case .count(let count): self.init(columns: .count(count))
        case .minimumWidth(let width): self.init(columns: .minimumWidth(width))
        }
    }

    // MARK: 12.1 Columns

    /// The column count n and width w for `available` points across the
    /// lines (the viewport less the insets) and interitem spacing `spacing`
    /// (12.1).
    package static func resolve(_ columns: Columns, available: Double, spacing: Double) -> (count: Int, width: Double) {
        let n: Int
        switch columns {
        case .count(let count):
            n = count
        case .minimumWidth(let m):
            let fit = ((available + spacing) / (m + spacing)).rounded(.down)
            n = fit >= 64 ? 64 : max(1, fit.isNaN ? 1 : Int(fit))
        }
        return (n, max(0, (available - Double(n - 1) * spacing) / Double(n)))
    }

    // MARK: 12.2 Lengths

    /// An item's length along the scroll axis in a column `width` wide: its
    /// size's length scaled to the column when its extent across is above 0,
    /// else its length as it is (12.2; scrolling horizontally, the transpose).
    package static func length(of size: Size, columnWidth width: Double, vertical: Bool) -> Double {
        let along = vertical ? size.height : size.width
        let across = vertical ? size.width : size.height
        return across > 0 ? along * width / across : along
    }

    // MARK: 12.3 Assignment

    /// The column whose next start is least, ties to the lowest index (12.3 a).
    package static func shortest(_ nextStarts: [Double]) -> Int {
        var best = 0
        for column in nextStarts.indices where nextStarts[column] < nextStarts[best] { best = column }
        return best
    }

    /// The columns' next starts over the items before `item` that have a
    /// column (their tops at 0): the last one's bottom + `lineSpacing`, or 0
    /// for a column with none (12.3 a).
    package static func nextStarts(
        before item: Int, lengths: [Double], columns: [Int?], count n: Int, lineSpacing: Double
    ) -> [Double] {
        var bottoms: [Double?] = Array(repeating: nil, count: n)
        for earlier in 0..<item {
            guard let column = columns[earlier] else { continue }
            bottoms[column] = (bottoms[column].map { $0 + lineSpacing } ?? 0) + lengths[earlier]
        }
        return bottoms.map { $0.map { $0 + lineSpacing } ?? 0 }
    }

    /// Every item assigned in index order, with the lengths in use (12.3 b):
    /// the next starts over the items before each one are kept as the items
    /// are assigned, in one pass (what ``nextStarts(before:lengths:columns:count:lineSpacing:)``
    /// computes for each item from scratch).
    package static func assignAll(lengths: [Double], count n: Int, lineSpacing: Double) -> [Int] {
        var columns: [Int] = []
        columns.reserveCapacity(lengths.count)
        var bottoms: [Double?] = Array(repeating: nil, count: n)
        for item in lengths.indices {
            let column = shortest(bottoms.map { $0.map { $0 + lineSpacing } ?? 0 })
            columns.append(column)
            bottoms[column] = (bottoms[column].map { $0 + lineSpacing } ?? 0) + lengths[item]
        }
        return columns
    }

    /// The columns after items arrive (inserted, or moved in): `columns`
    /// holds each item's column after the change, `nil` for those that
    /// arrived; they are assigned in ascending index order by (a), over the
    /// items before each (12.3 c).
    package static func assignArrivals(
        _ columns: [Int?], lengths: [Double], count n: Int, lineSpacing: Double
    ) -> [Int] {
        var columns = columns
        for item in columns.indices where columns[item] == nil {
            columns[item] = shortest(
                nextStarts(before: item, lengths: lengths, columns: columns, count: n, lineSpacing: lineSpacing))
        }
        return columns.map { $0! }
    }

    // MARK: 12.2 Frames

    /// Each item's offset from the top of the lines' area along the scroll
    /// axis, its column stacking items in index order `lineSpacing` apart,
    /// and the lines' area's extent: the largest column's (12.2).
    package static func offsets(
        lengths: [Double], columns: [Int], count n: Int, lineSpacing: Double
    ) -> (offsets: [Double], extent: Double) {
        var bottoms: [Double?] = Array(repeating: nil, count: n)
        var offsets: [Double] = []
        offsets.reserveCapacity(lengths.count)
        for (item, column) in columns.enumerated() {
            let top = bottoms[column].map { $0 + lineSpacing } ?? 0
            offsets.append(top)
            bottoms[column] = top + lengths[item]
        }
        return (offsets, bottoms.reduce(0) { max($0, $1 ?? 0) })
    }
}
