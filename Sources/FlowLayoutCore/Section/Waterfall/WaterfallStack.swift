/// A waterfall section's items as its columns stack them, for one query or
/// one change: each column's runs (or, for a section whose items all went
/// round at the default size, their closed form) with what turns them into
/// positions (`flow-layout.md` 12.2, 12.3).
///
/// Positions are offsets from the top of the section's lines, exact: a
/// column's next start is the exact sum of its items' lengths and a line
/// spacing after each (``ColumnSummary/advance(defaultLength:lineSpacing:)``).
struct WaterfallStack {
    /// Each column's runs.
    let columns: [BTree<ColumnRun>]
    /// The number of items.
    let itemCount: Int
    /// Lengths of items with sizes of their own.
    let lengths: WaterfallLengths
    /// The length of an item at the default size, exactly.
    let defaultLength: Offset
    /// Its length as a `Double`.
    let defaultLengthValue: Double
    /// The line spacing, exactly.
    let lineSpacing: Offset

    /// The number of columns.
    var columnCount: Int { columns.count }

    /// The sums over column `column`'s items.
    @inline(__always)
    func total(_ column: Int) -> ColumnSummary { columns[column].summary }

    /// The next start past the items summed in `summary`, from the lines' top.
    @inline(__always)
    func advance(_ summary: ColumnSummary) -> Offset {
        summary.advance(defaultLength: defaultLength, lineSpacing: lineSpacing)
    }

    /// The length of an item of size `size` (`nil`: the default size).
    @inline(__always)
    func length(of size: Size?) -> Double {
        size.map { lengths.length(of: $0) } ?? defaultLengthValue
    }

    /// The top, from the lines' top, of the item at `place`.
    @inline(__always)
    func top(of place: ColumnPlace) -> Offset {
        advance(place.before + place.run.sum(prefix: place.index, lengths: lengths))
    }

    /// Each column's next start over the items before `item` (12.3 a).
    func nextStarts(before item: Int) -> [Offset] {
        columns.map { tree in
            // The first item of the column at or past `item` starts where those before it end.
            guard let place = tree.place(atOrAfter: item).place else { return advance(tree.summary) }
            return top(of: place)
        }
    }

    /// `item`'s column, the offset of its top from the lines' top, and its length.
    ///
    /// - Complexity: O(n · log R).
    func place(_ item: Int) -> (column: Int, top: Offset, length: Double) {
        let (column, place) = columns.locate(item)
        return (column, top(of: place), length(of: place.run.explicitSize(at: place.index)))
    }

    /// The rank in column `column` of its first item whose advance through
    /// it (its bottom and a line spacing, from the lines' top) reaches
    /// `offset`, or `nil` when none does. A column's advance only grows
    /// with its rank.
    func rank(ofFirstAdvanceReaching offset: Offset, column: Int) -> Int? {
        cursor(ofFirstAdvanceReaching: offset, column: column)?.place.rank
    }

    /// A cursor at the first item of column `column` whose advance through
    /// it reaches `offset` (``rank(ofFirstAdvanceReaching:column:)``), or
    /// `nil` when none does: the search finds its top on the way.
    ///
    /// - Complexity: O(log R + the run's items up to it).
    func cursor(ofFirstAdvanceReaching offset: Offset, column: Int) -> ColumnCursor? {
        let tree = columns[column]
        guard tree.summary.count > 0, advance(tree.summary) >= offset else { return nil }
        guard offset > .zero else { return cursor(column: column, rank: 0) }
        let found = tree.find(offset, in: { self.advance($0) }, rule: .reaching)
        let run = found.element!
        let reached = advance(found.before)
        var index: Int
        var top: Offset
        switch run.items {
        case .round(let count, _, _):
            // Every item the default length: the first j ≥ 1 with reached + j·step ≥ offset.
            let step = defaultLength + lineSpacing
            var j = Swift.max(1, Int(((offset - reached).double / step.double).rounded(.up)))
            j = Swift.min(j, count)
            while j > 1 && reached + step * (j - 1) >= offset { j -= 1 }
            while j < count && reached + step * j < offset { j += 1 }
            index = j - 1
            top = reached + step * index
        case .listed(_, let sizes):
            index = -1
            top = reached
            for candidate in sizes.indices {
                let through = top + Offset(length: length(of: sizes[candidate].isUnsized ? nil : sizes[candidate])) + lineSpacing
                if through >= offset {
                    index = candidate
                    break
                }
                top = through
            }
            precondition(index >= 0, "the run where the column's advance reaches the offset")
        }
        let place = ColumnPlace(
            rank: found.before.count + index, run: run, position: found.position, index: index, before: found.before)
        return ColumnCursor(
            column: column, place: place, item: place.item, top: top, length: length(of: run.explicitSize(at: index)))
    }

    /// The rank of the first item of the column whose top (from the lines'
    /// top) reaches `offset`, or `nil` when none does.
    func rank(ofFirstTopReaching offset: Offset, column: Int) -> Int? {
        let count = total(column).count
        guard offset > .zero else { return count > 0 ? 0 : nil }
        // An item's top is the advance through the one before it in the column.
        guard let previous = rank(ofFirstAdvanceReaching: offset, column: column) else { return nil }
        return previous + 1 < count ? previous + 1 : nil
    }

    // MARK: Walking a column

    /// A column's items one after another, by rank.
    struct ColumnCursor {
        let column: Int
        /// Where the item stands in its column.
        var place: ColumnPlace
        /// The item's index in the section.
        var item: Int
        /// Its top, from the lines' top.
        var top: Offset
        /// Its length.
        var length: Double
    }

    /// A cursor at the item of rank `rank` in `column`, or `nil` when the
    /// column has no more.
    ///
    /// - Complexity: O(log R).
    func cursor(column: Int, rank: Int) -> ColumnCursor? {
        guard let place = columns[column].place(rank: rank) else { return nil }
        return ColumnCursor(
            column: column, place: place, item: place.item, top: top(of: place),
            length: length(of: place.run.explicitSize(at: place.index)))
    }

    /// Moves `cursor` to the next item of its column; `false` when it has no more.
    ///
    /// - Complexity: O(1) within a run, O(log R) to the next one.
    func advance(_ cursor: inout ColumnCursor) -> Bool {
        cursor.top += Offset(length: cursor.length) + lineSpacing
        cursor.place.rank += 1
        if cursor.place.index + 1 < cursor.place.run.count {
            cursor.place.index += 1
        } else {
            let tree = columns[cursor.column]
            guard cursor.place.position + 1 < tree.count else { return false }
            cursor.place.before = cursor.place.before + cursor.place.run.summary
            cursor.place.position += 1
            cursor.place.run = tree[cursor.place.position]
            cursor.place.index = 0
        }
        cursor.item += cursor.place.run.gap(at: cursor.place.index)
        cursor.length = length(of: cursor.place.run.explicitSize(at: cursor.place.index))
        return true
    }
}
