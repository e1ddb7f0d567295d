/// The items of one waterfall section with their columns (`flow-layout.md`
/// 12.3): one tree of ``ColumnRun``s per column, each column's items in
/// index order, or none while every item takes the default size and they go
/// round the columns (in closed form, however many); and the columns they
/// were assigned under. Shared between copies of a layout and copied on the
/// first write, as a flow section's ``ItemStore`` is.
///
/// A column's trees sum its items' gaps, so an item is found by index in
/// each column by one search (O(n · log R) over the columns), and an
/// insertion or deletion changes one gap in each column.
final class WaterfallItems: SectionItems, @unchecked Sendable {
    // Safe to share: a store reachable from two layouts is never written; every
    // write first copies a store that is not uniquely referenced.
    /// Each column's runs; `nil` for the round of the section's items at the
    /// default size, item i in column i mod n.
    @exclusivity(unchecked) var columns: [BTree<ColumnRun>]?
    /// What the columns were assigned under: a change of it assigns every
    /// item again (12.3 b).
    let assignment: WaterfallAssignment

    init(columns: [BTree<ColumnRun>]?, assignment: WaterfallAssignment) {
        self.columns = columns
        self.assignment = assignment
    }

    /// A copy that shares the trees' nodes until one of the two changes.
    func copy() -> WaterfallItems { WaterfallItems(columns: columns, assignment: assignment) }

    /// The number of items with a size of their own.
    var sizedCount: Int { columns?.reduce(0) { $0 + $1.summary.sized } ?? 0 }

    /// Bytes of heap the store holds: the object, the trees, the runs' arrays.
    var allocatedBytes: Int {
        var bytes = 48
        for tree in columns ?? [] {
            bytes += tree.allocatedBytes
            tree.forEach(from: 0, before: .zero) { run, _ in
                if case .listed(let gaps, let sizes) = run.items {
                    bytes += 64 + gaps.capacity * 4 + sizes.capacity * MemoryLayout<Size>.stride
                }
                return true
            }
        }
        return bytes
    }

    /// The columns of a round of `itemCount` items at the default size over
    /// `count` columns: column c holds items c, c + n, c + 2n…
    static func round(itemCount: Int, columnCount count: Int, lengths: WaterfallLengths) -> [BTree<ColumnRun>] {
        (0..<count).map { column in
            var tree = BTree<ColumnRun>(leafCapacity: ColumnRun.leafCapacity, innerCapacity: 16)
            if itemCount > column {
                tree.insert(
                    .round(count: (itemCount - 1 - column) / count + 1, firstGap: column + 1, gap: count, lengths: lengths), at: 0)
            }
            return tree
        }
    }
}

/// What a waterfall section's columns were assigned under besides the
/// sizes: the column count and width, and the scroll direction (12.3 b).
struct WaterfallAssignment: Hashable, Sendable {
    let count: Int
    let width: Double
    let direction: ScrollDirection
}

/// Where a column's item stands in the column's tree.
struct ColumnPlace {
    /// Its rank in the column.
    var rank: Int
    /// The run holding it, its position among the runs, and the item's index in it.
    var run: ColumnRun
    var position: Int
    var index: Int
    /// The sums of the column's runs before the run.
    var before: ColumnSummary

    /// The item's index in the section.
    var item: Int { before.span + run.span(prefix: index + 1) - 1 }
}

/// Reading one column's tree by rank and by index in the section.
extension BTree where Element == ColumnRun {
    /// The place of the item of rank `rank`, or `nil` past the last.
    func place(rank: Int) -> ColumnPlace? {
        guard rank < summary.count else { return nil }
        let found = find(rank, in: { $0.count }, rule: .containing)
        return ColumnPlace(
            rank: rank, run: found.element!, position: found.position, index: rank - found.before.count, before: found.before)
    }

    /// The number of the column's items whose index in the section is below
    /// `item`, the place of the first at or past it (`nil` when none is) and
    /// that one's index in the section.
    func place(atOrAfter item: Int) -> (rank: Int, place: ColumnPlace?, item: Int) {
        let found = find(item, in: { $0.span }, rule: .containing)
        guard let run = found.element else { return (summary.count, nil, -1) }
        let (index, next) = run.count(spanningAtMost: item, from: found.before.span)
        let rank = found.before.count + index
        return (rank, ColumnPlace(rank: rank, run: run, position: found.position, index: index, before: found.before), next)
    }

    /// Replaces the run at `position` with `runs`.
    mutating func replace(at position: Int, with runs: [ColumnRun]) {
        replaceSubrange(position..<(position + 1), with: runs)
    }

    /// Changes the gap of the item at `place` by `delta` (the items after it
    /// keep their gaps: their indexes move by `delta` with it).
    mutating func changeGap(at place: ColumnPlace, by delta: Int, lengths: WaterfallLengths) {
        switch place.run.items {
        case .round(let count, let firstGap, let gap):
            if place.index == 0 {
                replace(at: place.position, with: [.round(count: count, firstGap: firstGap + delta, gap: gap, lengths: lengths)])
            } else {
                replace(
                    at: place.position,
                    with: [
                        .round(count: place.index, firstGap: firstGap, gap: gap, lengths: lengths),
                        .round(count: count - place.index, firstGap: gap + delta, gap: gap, lengths: lengths),
                    ])
            }
        case .listed(var gaps, let sizes):
            gaps[place.index] = UInt32(Int(gaps[place.index]) + delta)
            var summary = place.run.summary
            summary.span += delta
            modify(at: place.position) { $0 = ColumnRun(.listed(gaps: gaps, sizes: sizes), summary: summary) }
        }
    }

    /// Gives the item at `place` the size `size` (``Size/unsized``: the default size).
    mutating func setSize(at place: ColumnPlace, to size: Size, lengths: WaterfallLengths) {
        switch place.run.items {
        case .round(let count, let firstGap, let gap):
            guard !size.isUnsized else { return }
            var runs: [ColumnRun] = []
            if place.index > 0 { runs.append(.round(count: place.index, firstGap: firstGap, gap: gap, lengths: lengths)) }
            let own = place.index == 0 ? firstGap : gap
            runs.append(ColumnRun(.listed(gaps: [UInt32(own)], sizes: [size]), lengths: lengths))
            if place.index + 1 < count {
                runs.append(.round(count: count - place.index - 1, firstGap: gap, gap: gap, lengths: lengths))
            }
            replace(at: place.position, with: runs)
        case .listed(let gaps, var sizes):
            var summary = place.run.summary
            let old = sizes[place.index]
            if old.isUnsized { summary.defaults -= 1 } else { summary.length -= Offset(length: lengths.length(of: old)) }
            if size.isUnsized { summary.defaults += 1 } else { summary.length += Offset(length: lengths.length(of: size)) }
            sizes[place.index] = size
            modify(at: place.position) { $0 = ColumnRun(.listed(gaps: gaps, sizes: sizes), summary: summary) }
        }
    }

    /// Removes the item at `place`; returns its gap.
    mutating func remove(at place: ColumnPlace, lengths: WaterfallLengths) -> Int {
        switch place.run.items {
        case .round(let count, let firstGap, let gap):
            var runs: [ColumnRun] = []
            if place.index > 0 { runs.append(.round(count: place.index, firstGap: firstGap, gap: gap, lengths: lengths)) }
            if place.index + 1 < count {
                runs.append(.round(count: count - place.index - 1, firstGap: gap, gap: gap, lengths: lengths))
            }
            replaceSubrange(place.position..<(place.position + 1), with: runs)
            return place.index == 0 ? firstGap : gap
        case .listed(var gaps, var sizes):
            let removed = Int(gaps.remove(at: place.index))
            sizes.remove(at: place.index)
            replaceSubrange(
                place.position..<(place.position + 1),
                with: gaps.isEmpty ? [] : [ColumnRun(.listed(gaps: gaps, sizes: sizes), lengths: lengths)])
            return removed
        }
    }

    /// Inserts an item of gap `gap` and size `size` at rank `rank` (before
    /// the item there, whose gap the caller has made its own less `gap`).
    mutating func insert(rank: Int, gap: Int, size: Size, lengths: WaterfallLengths) {
        let entry = ColumnRun(.listed(gaps: [UInt32(gap)], sizes: [size]), lengths: lengths)
        guard let place = place(rank: rank) else {
            // At the end: into the last run when it is listed and has room.
            if count > 0, case .listed(var gaps, var sizes) = self[count - 1].items, gaps.count < ColumnRun.capacity {
                gaps.append(UInt32(gap))
                sizes.append(size)
                let summary = self[count - 1].summary + entry.summary
                replace(at: count - 1, with: [ColumnRun(.listed(gaps: gaps, sizes: sizes), summary: summary)])
            } else {
                insert(entry, at: count)
            }
            return
        }
        switch place.run.items {
        case .round(let roundCount, let firstGap, let roundGap):
            if place.index == 0 {
                insert(entry, at: place.position)
            } else {
                replace(
                    at: place.position,
                    with: [
                        .round(count: place.index, firstGap: firstGap, gap: roundGap, lengths: lengths), entry,
                        .round(count: roundCount - place.index, firstGap: roundGap, gap: roundGap, lengths: lengths),
                    ])
            }
        case .listed(var gaps, var sizes):
            gaps.insert(UInt32(gap), at: place.index)
            sizes.insert(size, at: place.index)
            // The run's sums with the item: exact, so added rather than summed again.
            let summary = place.run.summary + entry.summary
            if gaps.count <= ColumnRun.capacity {
                modify(at: place.position) { $0 = ColumnRun(.listed(gaps: gaps, sizes: sizes), summary: summary) }
            } else {
                let half = gaps.count / 2
                let first = ColumnRun(.listed(gaps: Array(gaps[..<half]), sizes: Array(sizes[..<half])), lengths: lengths)
                replace(
                    at: place.position,
                    with: [
                        first,
                        ColumnRun(
                            .listed(gaps: Array(gaps[half...]), sizes: Array(sizes[half...])),
                            summary: ColumnSummary.difference(summary, less: first.summary)!),
                    ])
            }
        }
    }
}

/// Changing a waterfall section's items by index in the section, every
/// column kept in step (12.3 c).
extension [BTree<ColumnRun>] {
    /// The column holding `item`, and its place there.
    func locate(_ item: Int) -> (column: Int, place: ColumnPlace) {
        for column in indices {
            let found = self[column].place(atOrAfter: item)
            if let place = found.place, found.item == item { return (column, place) }
        }
        preconditionFailure("item \(item) is in no column")
    }

    /// Moves the index of every item at or past `item` by `delta`: in each
    /// column, the gap of the first such item.
    mutating func shift(from item: Int, by delta: Int, lengths: WaterfallLengths) {
        for column in indices {
            if let place = self[column].place(atOrAfter: item).place {
                self[column].changeGap(at: place, by: delta, lengths: lengths)
            }
        }
    }

    /// Removes `item` from its column; the items after it move up one.
    mutating func remove(_ item: Int, lengths: WaterfallLengths) {
        let (column, place) = locate(item)
        let gap = self[column].remove(at: place, lengths: lengths)
        // The column's next item keeps its index: it takes the removed gap.
        if let next = self[column].place(rank: place.rank) { self[column].changeGap(at: next, by: gap, lengths: lengths) }
        shift(from: item + 1, by: -1, lengths: lengths)
    }

    /// Puts an item of size `size` (``Size/unsized``: the default size) at
    /// `item` in `column`; the items from `item` on move down one.
    mutating func insert(_ item: Int, column: Int, size: Size, lengths: WaterfallLengths) {
        shift(from: item, by: 1, lengths: lengths)
        let (rank, next, _) = self[column].place(atOrAfter: item)
        let previous = rank == 0 ? -1 : self[column].place(rank: rank - 1)!.item
        let gap = item - previous
        if let next { self[column].changeGap(at: next, by: -gap, lengths: lengths) }
        self[column].insert(rank: rank, gap: gap, size: size, lengths: lengths)
    }

    /// Every item's column, by index, for a section of `itemCount` items.
    ///
    /// - Complexity: O(items), one column at a time.
    func columnOfEachItem(itemCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: itemCount) { buffer, initialized in
            for column in indices {
                let value = UInt8(column)
                // An item's index is the sum of its column's gaps up to it, less 1.
                var item = -1
                self[column].forEach(from: 0, before: .zero) { run, _ in
                    switch run.items {
                    case .round(let count, let firstGap, let gap):
                        guard count > 0 else { return true }
                        item += firstGap
                        buffer[item] = value
                        for _ in 1..<count {
                            item += gap
                            buffer[item] = value
                        }
                    case .listed(let gaps, _):
                        for gap in gaps {
                            item += Int(gap)
                            buffer[item] = value
                        }
                    }
                    return true
                }
            }
            initialized = itemCount
        }
    }

    /// Calls `body` with every item in index order: its index, column and
    /// size (``Size/unsized``: the default size).
    ///
    /// - Complexity: O(items · n).
    func forEachItem(_ body: (Int, Int, Size) -> Void) {
        var places = indices.map { self[$0].place(rank: 0) }
        while true {
            var next = -1
            var least = Int.max
            for column in places.indices {
                if let place = places[column], place.item < least {
                    least = place.item
                    next = column
                }
            }
            guard next >= 0, let place = places[next] else { return }
            switch place.run.items {
            case .round: body(least, next, .unsized)
            case .listed(_, let sizes): body(least, next, sizes[place.index])
            }
            places[next] = self[next].place(rank: place.rank + 1)
        }
    }
}
