/// Greedy line breaking over a sequence of items (`flow-layout.md` 2.1–2.3): the
/// one implementation every path uses, whether it lays a section out, re-breaks
/// it after a change, or walks a run's lines to answer a query.
///
/// It produces *line groups*: either one line, filled item by item while the
/// running extent fits, or a run of *uniform* lines, each holding `perLine`
/// default-size items and followed by a default-size item, which is produced in
/// closed form however many lines it spans. A stretch of default items that ends
/// the sequence forms uniform lines too, its last line holding what is left.
///
/// The end of the sequence is a forced break: a run's last line ends where the
/// run ends, because the run after it starts with a line (the invariant of laid
/// out sections).
struct LineGroup: Hashable, Sendable {
    /// The first item, counted from where the breaker started.
    var start: Int
    /// The number of items.
    var itemCount: Int
    /// The number of lines: 1 unless ``isDefaultLines``.
    var lineCount: Int
    /// The thickness of each of its lines.
    var thickness: Double
    /// Whether the group is lines of default-size items in closed form, `perLine` each
    /// (the last one may hold fewer, where the items end).
    var isDefaultLines: Bool

    /// One past the last item.
    var end: Int { start + itemCount }
}

/// Reads an item source and merges consecutive default items into one segment,
/// with one segment of look-ahead.
struct CoalescedSource<Source: ItemSource>: ItemSource {
    private var source: Source
    private var pending: ItemSegment?
    private var pendingFetched = false

    init(_ source: Source) {
        self.source = source
    }

    /// The wrapped source.
    var base: Source { source }

    mutating func next() -> ItemSegment? {
        var current: ItemSegment?
        if pendingFetched {
            current = pending
            pendingFetched = false
        } else {
            current = source.next()
        }
        guard case .defaults(var count) = current else { return current }
        while true {
            let following = source.next()
            if case .defaults(let more) = following {
                count += more
                continue
            }
            pending = following
            pendingFetched = true
            return .defaults(count)
        }
    }
}

/// Breaks the items of a source into line groups.
struct LineBreaker<Source: ItemSource> {
    private var source: CoalescedSource<Source>
    /// The geometry of the section's lines.
    let geometry: LineGeometry
    /// The segment being consumed (a default stretch may be partly consumed).
    private var head: ItemSegment?
    private var headFetched = false
    /// The segment after it, fetched only to learn whether a default stretch ends the items.
    private var second: ItemSegment?
    private var secondFetched = false
    /// Items consumed so far.
    private(set) var position = 0

    /// A breaker of `source`'s items under `geometry`.
    init(_ source: Source, geometry: LineGeometry) {
        self.source = CoalescedSource(source)
        self.geometry = geometry
    }

    /// The underlying source (for the state it keeps of where it has read).
    var base: Source { source.base }

    private mutating func peek() -> ItemSegment? {
        if !headFetched {
            if secondFetched {
                head = second
                secondFetched = false
            } else {
                head = source.next()
            }
            headFetched = true
        }
        return head
    }

    /// Whether no item follows the head segment.
    private mutating func headEndsTheItems() -> Bool {
        if !secondFetched {
            second = source.next()
            secondFetched = true
        }
        return second == nil
    }

    /// Consumes `count` items of the head segment.
    private mutating func consume(_ count: Int) {
        position += count
        if case .defaults(let available) = head, count < available {
            head = .defaults(available - count)
        } else {
            headFetched = false
        }
    }

    /// Whether every item has been consumed.
    mutating func isAtEnd() -> Bool { peek() == nil }

    /// The next line group, or `nil` when the items are exhausted. A uniform
    /// group stops at item `limit` when a line of it starts there, so that a
    /// caller can stop exactly at a known line start. `collect` receives the
    /// group's items, in order.
    mutating func next(stoppingAt limit: Int = .max, collect: (ItemSegment) -> Void = { _ in }) -> LineGroup? {
        guard let first = peek() else { return nil }
        let start = position
        if case .defaults(let count) = first, let group = uniformLines(count, start: start, limit: limit) {
            consume(group.itemCount)
            collect(.defaults(group.itemCount))
            return group
        }
        var line = OpenLine()
        filling: while let segment = peek() {
            switch segment {
            case .defaults(let count):
                let taken = line.takeDefaults(count, in: geometry)
                if taken > 0 {
                    consume(taken)
                    collect(.defaults(taken))
                }
                if taken < count { break filling }
            case .sized(let size):
                guard line.take(size, in: geometry) else { break filling }
                consume(1)
                collect(segment)
            }
        }
        return LineGroup(start: start, itemCount: line.itemCount, lineCount: 1, thickness: line.thickness, isDefaultLines: false)
    }

    /// The uniform lines a stretch of `count` default items starting a line forms,
    /// or `nil` when it forms none (it shares its line with the items after it).
    private mutating func uniformLines(_ count: Int, start: Int, limit: Int) -> LineGroup? {
        let perLine = geometry.perLine
        let endsItems = headEndsTheItems()
        // A line of `perLine` default items followed by another default item is
        // full whatever follows; a stretch that ends the items forms lines on its own.
        var lines = endsItems ? geometry.linesOfDefaults(count) : (count - 1) / perLine
        guard lines > 0 else { return nil }
        var items = endsItems ? count : lines * perLine
        if limit > start, limit < start + items, (limit - start) % perLine == 0 {
            lines = (limit - start) / perLine
            items = lines * perLine
        }
        return LineGroup(start: start, itemCount: items, lineCount: lines, thickness: geometry.defaultCross, isDefaultLines: true)
    }
}
