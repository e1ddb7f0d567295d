/// Greedy line breaking over a sequence of items (`flow-layout.md` 2.1–2.3),
/// for any ``ItemSource``: laying a pending section out, re-breaking after a
/// change (``Rebreak``), walking old lines (``OldLines``) and walking a run's
/// lines for a query. Whether one item joins a line is decided by ``OpenLine``
/// (`LineGeometry.swift`), and the number of default items a line holds by
/// ``OpenLine/takeDefaults(_:in:)`` (``LineGeometry/perLine`` in closed form). Buffers of sizes only
/// are broken in place with the same ``OpenLine``: a dense run by ``DenseLines``
/// (`SectionLines.swift`), a sparse run by ``SparseLines`` (the same groups as
/// this breaker over its ``RunReader``), the sizes a host gave chunk by chunk by
/// `GivenSizes.laidOut(geometry:)`.
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

extension LineGroup {
    /// One line of `items`, filled item by item, `thickness` thick.
    @inline(__always)
    init(line items: Range<Int>, thickness: Double) {
        self.init(start: items.lowerBound, itemCount: items.count, lineCount: 1, thickness: thickness, isDefaultLines: false)
    }
}

extension ItemSource {
    /// Appends up to 32 segments to `buffer`; returns `false` when there are none left.
    mutating func fill(_ buffer: inout [ItemSegment]) -> Bool {
        guard let first = next() else { return false }
        buffer.append(first)
        var count = 1
        while count < 32, let segment = next() {
            buffer.append(segment)
            count += 1
        }
        return true
    }
}

/// Breaks the items of a source into line groups.
///
/// The items are read into a buffer of segments a few dozen at a time (consecutive
/// default items merged into one segment), and broken there.
struct LineBreaker<Source: ItemSource> {
    /// The source, read ahead of the breaker by at most one buffer.
    private(set) var source: Source
    /// The geometry of the section's lines.
    let geometry: LineGeometry
    private var buffer: [ItemSegment] = []
    /// The head segment: `buffer[index]`, less `taken` items of a default stretch.
    private var index = 0
    private var taken = 0
    private var exhausted = false
    /// Items consumed so far.
    private(set) var position = 0

    /// A breaker of `source`'s items under `geometry`.
    init(_ source: Source, geometry: LineGeometry) {
        self.source = source
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    /// The underlying source (for the state it keeps of where it has read).
    var base: Source { _read { yield source } }

    /// Reads until `count` segments from the head on are buffered, or the items
    /// end; default stretches split across reads are merged.
    @inline(__always)
    private mutating func ensure(_ count: Int) -> Bool {
        if buffer.count - index >= count { return true }
        return refill(count)
    }

    private mutating func refill(_ count: Int) -> Bool {
        while buffer.count - index < count {
            guard !exhausted else { return false }
            if index > 0 {
                buffer.removeFirst(index)
                index = 0
            }
            let seam = buffer.count
            guard source.fill(&buffer) else {
                exhausted = true
                return false
            }
            mergeDefaults(from: Swift.max(seam - 1, 0))
        }
        return true
    }

    /// Merges consecutive default stretches of the buffer from `start` on, so that
    /// a `.defaults` segment is always followed by a `.sized` one or the end.
    private mutating func mergeDefaults(from start: Int) {
        var write = start
        var read = start
        while read < buffer.count {
            if write > start, case .defaults(let a) = buffer[write - 1],
                case .defaults(let b) = buffer[read]
            {
                buffer[write - 1] = .defaults(a + b)
            } else {
                buffer[write] = buffer[read]
                write += 1
            }
            read += 1
        }
        buffer.removeLast(buffer.count - write)
    }

    /// Consumes `count` items of the head segment.
    @inline(__always)
    private mutating func consume(_ count: Int, of available: Int) {
        position += count
        if count < available {
            taken += count
        } else {
            index += 1
            taken = 0
        }
    }

    /// Whether every item has been consumed.
    mutating func isAtEnd() -> Bool { !ensure(1) }

    /// The next line group, or `nil` when the items are exhausted. A group of
    /// default lines stops at item `limit` when a line of it starts there, so
    /// that a caller can stop exactly at a known line start. When `segments` is
    /// given, the group's items are appended to it, in order.
    mutating func next(stoppingAt limit: Int = .max, into segments: inout [ItemSegment], collecting: Bool = true) -> LineGroup? {
        guard ensure(1) else { return nil }
        let start = position
        if case .defaults = buffer[index] {
            // A line of `perLine` default items followed by another default item is
            // full whatever follows; a stretch that ends the items forms lines on its
            // own. (Reading ahead may merge more default items into the head.)
            let endsItems = !ensure(2)
            guard case .defaults(let stretch) = buffer[index] else { preconditionFailure("the head changed kind") }
            let count = stretch - taken
            var lines = endsItems ? geometry.linesOfDefaults(count) : (count - 1) / geometry.perLine
            if lines > 0 {
                var items = endsItems ? count : lines * geometry.perLine
                if limit > start, limit < start + items, (limit - start) % geometry.perLine == 0 {
                    lines = (limit - start) / geometry.perLine
                    items = lines * geometry.perLine
                }
                consume(items, of: count)
                if collecting { segments.append(.defaults(items)) }
                return LineGroup(
                    start: start, itemCount: items, lineCount: lines, thickness: geometry.defaultCross,
                    isDefaultLines: true)
            }
        }
        var line = OpenLine()
        filling: while ensure(1) {
            switch buffer[index] {
            case .defaults(let stretch):
                let count = stretch - taken
                let fitted = line.takeDefaults(count, in: geometry)
                if fitted > 0 {
                    consume(fitted, of: count)
                    if collecting { segments.append(.defaults(fitted)) }
                }
                if fitted < count { break filling }
            case .sized(let size):
                guard line.take(size, in: geometry) else { break filling }
                consume(1, of: 1)
                if collecting { segments.append(.sized(size)) }
            }
        }
        return LineGroup(
            start: start, itemCount: line.itemCount, lineCount: 1, thickness: line.thickness, isDefaultLines: false)
    }

    /// ``next(stoppingAt:into:collecting:)`` without collecting the items.
    mutating func next(stoppingAt limit: Int = .max) -> LineGroup? {
        var unused: [ItemSegment] = []
        return next(stoppingAt: limit, into: &unused, collecting: false)
    }
}
