/// The sums over a stretch of one column's items (`flow-layout.md` 12.2):
/// how many, how far they reach in the section's numbering, how many take
/// the default size, and the exact sum of the others' lengths.
///
/// The default items' length is not summed: it is the section's default
/// size scaled to the column, read when a position is, so that a new
/// estimate changes no stored sum.
struct ColumnSummary: TreeSummary {
    /// Items.
    var count: Int
    /// The sum of their gaps (``ColumnRun``): past the column's items
    /// before, the index in the section of the last of them, plus 1.
    var span: Int
    /// Of the items, those at the default size.
    var defaults: Int
    /// The sum of the others' lengths, exactly.
    var length: Offset

    static let zero = ColumnSummary(count: 0, span: 0, defaults: 0, length: .zero)

    @inline(__always)
    static func + (lhs: ColumnSummary, rhs: ColumnSummary) -> ColumnSummary {
        ColumnSummary(
            count: lhs.count + rhs.count, span: lhs.span + rhs.span, defaults: lhs.defaults + rhs.defaults,
            length: lhs.length + rhs.length)
    }

    @inline(__always)
    static func difference(_ whole: ColumnSummary, less last: ColumnSummary) -> ColumnSummary? {
        ColumnSummary(
            count: whole.count - last.count, span: whole.span - last.span, defaults: whole.defaults - last.defaults,
            length: whole.length - last.length)
    }

    /// Items with a size of their own.
    @inline(__always)
    var sized: Int { count - defaults }

    /// The column's next start from the top of the section's lines, past
    /// these items: their lengths and a line spacing after each (12.3 a).
    @inline(__always)
    func advance(defaultLength: Offset, lineSpacing: Offset) -> Offset {
        length + defaultLength * defaults + lineSpacing * count
    }
}

/// A stretch of one column's items, in index order: an element of the
/// column's tree (``WaterfallItems``).
///
/// Each item knows its *gap*: its index in the section less the index of
/// the column's item before it (its index plus 1 for the column's first).
/// A column's items are found by index through the sums of their gaps, and
/// an insertion or deletion elsewhere in the section changes one gap per
/// column, never a run of indexes.
///
/// Items at the default size that go round the columns (what 12.3 b makes
/// of a section of them) are a *round*: a count, the first one's gap and
/// the gap of the others, in closed form however many. Any other items are
/// *listed*: each one's gap and size (``Size/unsized`` for the default size).
struct ColumnRun: TreeElement, Equatable {
    enum Items: Equatable {
        /// `count` items at the default size, the first `firstGap` after the
        /// column's item before, each other `gap` after the one before.
        case round(count: Int, firstGap: Int, gap: Int)
        /// Each item's gap and size (``Size/unsized``: the default size).
        case listed(gaps: [UInt32], sizes: [Size])
    }

    /// The most items a listed run holds.
    static let capacity = 64
    /// The most runs a leaf of a column's tree holds. A batch that keeps the
    /// state before it copies the leaf it writes, and later frees the old
    /// one: each run a leaf holds is a retain and a release then.
    static let leafCapacity = 8

    let items: Items
    /// Its sums, the lengths of its items under the lengths it was made with.
    let summary: ColumnSummary

    /// The run of `items`, their lengths under `lengths`.
    init(_ items: Items, lengths: WaterfallLengths) {
        self.items = items
        summary = Self.sum(items, prefix: Int.max, lengths: lengths)
    }

    /// The run of `items` whose sums are `summary` (the caller's, from a
    /// run it changed by what it knows).
    @inline(__always)
    init(_ items: Items, summary: ColumnSummary) {
        self.items = items
        self.summary = summary
    }

    /// A round of `count` items.
    static func round(count: Int, firstGap: Int, gap: Int, lengths: WaterfallLengths) -> ColumnRun {
        ColumnRun(.round(count: count, firstGap: firstGap, gap: gap), lengths: lengths)
    }

    /// The number of items.
    var count: Int { summary.count }

    /// The gap of item `index` of the run.
    @inline(__always)
    func gap(at index: Int) -> Int {
        switch items {
        case .round(_, let firstGap, let gap): index == 0 ? firstGap : gap
        case .listed(let gaps, _): Int(gaps[index])
        }
    }

    /// The size item `index` of the run has of its own, or `nil`.
    @inline(__always)
    func explicitSize(at index: Int) -> Size? {
        switch items {
        case .round: nil
        case .listed(_, let sizes): sizes[index].isUnsized ? nil : sizes[index]
        }
    }

    /// The sums of the run's first `prefix` items (all of them, past its count).
    ///
    /// - Complexity: O(1) for a round; for a listed run, the items on the
    ///   shorter side of `prefix` (the run's sums less those after it, exact).
    @inline(__always)
    func sum(prefix: Int, lengths: WaterfallLengths) -> ColumnSummary {
        guard prefix < count else { return summary }
        guard case .listed(let gaps, let sizes) = items, 2 * prefix > sizes.count else {
            return Self.sum(items, prefix: prefix, lengths: lengths)
        }
        var rest = summary
        for index in prefix..<sizes.count {
            rest.count -= 1
            rest.span -= Int(gaps[index])
            if sizes[index].isUnsized {
                rest.defaults -= 1
            } else {
                rest.length -= Offset(length: lengths.length(of: sizes[index]))
            }
        }
        return rest
    }

    /// The sums of the first `prefix` items of `items`.
    private static func sum(_ items: Items, prefix: Int, lengths: WaterfallLengths) -> ColumnSummary {
        switch items {
        case .round(let count, let firstGap, let gap):
            let n = Swift.min(prefix, count)
            return ColumnSummary(count: n, span: n == 0 ? 0 : firstGap + (n - 1) * gap, defaults: n, length: .zero)
        case .listed(let gaps, let sizes):
            let n = Swift.min(prefix, sizes.count)
            var summary = ColumnSummary(count: n, span: 0, defaults: 0, length: .zero)
            for index in 0..<n {
                summary.span += Int(gaps[index])
                if sizes[index].isUnsized {
                    summary.defaults += 1
                } else {
                    summary.length += Offset(length: lengths.length(of: sizes[index]))
                }
            }
            return summary
        }
    }

    /// The sum of the gaps of the run's first `prefix` items.
    @inline(__always)
    func span(prefix: Int) -> Int {
        switch items {
        case .round(_, let firstGap, let gap): prefix == 0 ? 0 : firstGap + (prefix - 1) * gap
        case .listed(let gaps, _): gaps[..<prefix].reduce(0) { $0 + Int($1) }
        }
    }

    /// In the run, the number of items whose gaps, summed from `start`
    /// through them, stay at or below `limit`: the items whose index in the
    /// section is below `limit`, when `start` is the span before the run;
    /// and the index in the section of the item after them (meaningless when
    /// the count is the run's).
    func count(spanningAtMost limit: Int, from start: Int) -> (count: Int, next: Int) {
        switch items {
        case .round(let count, let firstGap, let gap):
            guard start + firstGap <= limit else { return (0, start + firstGap - 1) }
            let below = Swift.min(count, 1 + (limit - start - firstGap) / gap)
            return (below, start + firstGap + below * gap - 1)
        case .listed(let gaps, _):
            var span = start
            for (index, gap) in gaps.enumerated() {
                span += Int(gap)
                if span > limit { return (index, span - 1) }
            }
            return (gaps.count, span - 1)
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
