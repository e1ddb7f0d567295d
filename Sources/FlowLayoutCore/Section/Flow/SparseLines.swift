/// The lines of a run whose explicit sizes are *sparse* (some items sized, each
/// with its offset in the run), broken in place from the run's buffer by the
/// greedy rule (``OpenLine``, `flow-layout.md` 2.1): the default items between
/// two sized ones are one stretch, taken in closed form, so a line costs a few
/// steps however many default items it holds, and nothing is read into a
/// buffer of segments (``LineBreaker`` over a ``RunReader`` reads the whole run
/// into one, and grows it as it goes).
///
/// It yields the same line groups as ``LineBreaker`` over a ``RunReader`` of the
/// run from its first item: a stretch of default items that is followed by a
/// sized item gives `(count − 1) / perLine` lines of default items in closed form
/// (full whatever follows), and one that ends the run gives every line it
/// forms; any other line is filled item by item. A caller that needs only where
/// the lines are (a query skipping to the line it starts from, re-breaking
/// reading old lines) passes them without collecting their items.
struct SparseLines {
    /// The run's entries: sizes, and offsets from the run's first item.
    private let sizes: UnsafePointer<Size>
    private let offsets: UnsafePointer<UInt16>
    private let entryCount: Int
    /// The run's item count.
    private let end: Int
    /// The first item of the next line, relative to the run.
    private(set) var position = 0
    /// The first entry at or after ``position``.
    private var entry = 0

    /// The lines of `sizes`, a sparse buffer, over a run of `itemCount` items
    /// (the run keeps the buffer's storage alive while this is read), from
    /// item `start` of the run, a line start.
    @inline(__always)
    init(_ sizes: SizeBuffer, itemCount: Int, startingAt start: Int = 0) {
        self.sizes = sizes.sizes
        offsets = sizes.offsets
        entryCount = sizes.count
        end = itemCount
        if start > 0 {
            position = start
            entry = sizes.firstEntry(atOrAfter: start)
        }
    }

    /// Whether every line has been read.
    @inline(__always)
    var isAtEnd: Bool { position >= end }

    /// The next line group under `geometry` (the section's, the same at every
    /// step), its first item counted from the run's; `nil` after the last.
    /// With `collecting`, the group's items are appended to `segments`.
    @inline(__always)
    mutating func next(in geometry: LineGeometry, into segments: inout [ItemSegment], collecting: Bool) -> LineGroup? {
        guard position < end else { return nil }
        let start = position
        let nextSized = entry < entryCount ? Int(offsets[entry]) : end
        if nextSized > start {
            // Default items up to the next sized one: full lines of them in closed
            // form (a stretch that ends the run forms lines on its own).
            let count = nextSized - start
            let endsItems = nextSized == end
            let lines = endsItems ? geometry.linesOfDefaults(count) : (count - 1) / geometry.perLine
            if lines > 0 {
                let items = endsItems ? count : lines * geometry.perLine
                position += items
                if collecting { segments.append(.defaults(items)) }
                return LineGroup(
                    start: start, itemCount: items, lineCount: lines, thickness: geometry.defaultCross, isDefaultLines: true)
            }
        }
        return nextLine(in: geometry, into: &segments, collecting: collecting)
    }

    /// One line filled item by item: default stretches in closed form.
    @inline(__always)
    private mutating func nextLine(in geometry: LineGeometry, into segments: inout [ItemSegment], collecting: Bool)
        -> LineGroup
    {
        let start = position
        var line = OpenLine()
        while position < end {
            let nextSized = entry < entryCount ? Int(offsets[entry]) : end
            if nextSized > position {
                let count = nextSized - position
                let fitted = line.takeDefaults(count, in: geometry)
                if fitted > 0 {
                    position += fitted
                    if collecting { segments.append(.defaults(fitted)) }
                }
                if fitted < count { break }
            } else {
                let size = sizes[entry]
                guard line.take(size, in: geometry) else { break }
                position += 1
                entry += 1
                if collecting { segments.append(.sized(size)) }
            }
        }
        return LineGroup(
            start: start, itemCount: line.itemCount, lineCount: 1, thickness: line.thickness, isDefaultLines: false)
    }

    /// Passes the line groups that end at or before item `target` (relative
    /// to the run), from a line start, without handing them out: their
    /// lines, those of default items apart, and the advance of the others;
    /// returns as well the group holding `target`, read but not passed, or
    /// `nil` at the run's end.
    mutating func pass(
        through target: Int, in geometry: LineGeometry
    ) -> (lines: Int, defaultLines: Int, advance: Offset, holding: LineGroup?) {
        var lines = 0
        var defaultLines = 0
        var advance = Offset.zero
        var unused: [ItemSegment] = []
        while position <= target, let group = next(in: geometry, into: &unused, collecting: false) {
            if group.end > target { return (lines, defaultLines, advance, group) }
            if group.isDefaultLines {
                defaultLines += group.lineCount
            } else {
                lines += 1
                advance += Offset(group.thickness) + geometry.lineSpacingOffset
            }
        }
        return (lines, defaultLines, advance, nil)
    }

    /// The next line group, without its items.
    @inline(__always)
    mutating func next(in geometry: LineGeometry) -> LineGroup? {
        var unused: [ItemSegment] = []
        return next(in: geometry, into: &unused, collecting: false)
    }
}
