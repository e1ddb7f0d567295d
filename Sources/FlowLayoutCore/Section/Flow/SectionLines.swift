/// Reading lines out of a section's runs: the lines that meet a span across lines
/// (for rect queries) and the line that holds an item (for single-item queries).
///
/// A run starts at a line start, so its lines are found by breaking its own
/// items from its first one: nothing per line is stored. The run is found by
/// one search of the section's run tree, by advance or by item (the tree's
/// metrics), and the search goes on inside the run through one cursor,
/// ``RunLines``, as a rope's metric looks inside a leaf: it yields the run's
/// lines in order with their exact tops (the section's first-line offset, the
/// advance of the runs before, the advance of the lines before in the run).
/// Lines of default items come as one group, which callers index in closed
/// form; a dense run of sizes is broken straight from its buffer
/// (``DenseLines``), a sparse one too, its default stretches in closed form
/// (``SparseLines``), and a run of default items only is one such group. All
/// follow the one greedy rule (``OpenLine``).
///
/// Searching by offset looks for the first line that ends at or after a *key*
/// slightly below the query's leading edge: an item's frame is computed from
/// its line's exact top by at most three roundings of half an ulp each (the
/// top's conversion, the centring offset, the item's extent), so its far edge
/// can exceed its line's exact end by less than four ulps.
struct LineSpan: Hashable {
    /// The line's first item, in the section.
    var firstItem: Int
    /// The line's leading edge across lines.
    var top: Offset
    /// The line's thickness.
    var thickness: Double
}

/// The lines of a buffer of sizes broken in place by the greedy rule
/// (``OpenLine``): a dense run's lines. A slot holding ``Size/unsized`` is an
/// item of the section's default size, taken as one item of that size is (in
/// a dense buffer such items are few and far between). (A section's first
/// layout from the sizes a host gave breaks them with the same ``OpenLine``,
/// chunk by chunk, in `GivenSizes.laidOut(geometry:)`: there a line may span
/// chunks.)
struct DenseLines {
    /// The items.
    let sizes: UnsafeBufferPointer<Size>
    /// Whether some slot holds no size of its own (read one by one only then).
    let hasHoles: Bool
    /// The first item of the next line.
    private(set) var position = 0

    /// The lines of `sizes`, every slot sized unless `hasHoles`.
    init(_ sizes: UnsafeBufferPointer<Size>, hasHoles: Bool = false) {
        self.sizes = sizes
        self.hasHoles = hasHoles
    }

    /// The line starting at item `start` (before the end) under `geometry`:
    /// one past its last item, and its thickness.
    @inline(__always)
    func line(from start: Int, in geometry: LineGeometry) -> (end: Int, thickness: Double) {
        var line = OpenLine()
        var end = start
        if hasHoles {
            while end < sizes.count && line.take(geometry.size(ofSlot: sizes[end]), in: geometry) { end += 1 }
        } else {
            while end < sizes.count && line.take(sizes[end], in: geometry) { end += 1 }
        }
        return (end, line.thickness)
    }

    /// The next line under `geometry` (the section's, the same at every
    /// step): its items and its thickness, or `nil` after the last.
    @inline(__always)
    mutating func next(in geometry: LineGeometry) -> (items: Range<Int>, thickness: Double)? {
        guard position < sizes.count else { return nil }
        let line = line(from: position, in: geometry)
        defer { position = line.end }
        return (position..<line.end, line.thickness)
    }

    /// Steps over the next line, known to end at `end` (from ``line(from:in:)``).
    @inline(__always)
    mutating func pass(to end: Int) { position = end }

    /// Passes the lines that end at or before item `target`, without handing
    /// them out: their number and advance; returns as well the line holding
    /// `target`, read but not passed, or `nil` at the end.
    mutating func pass(
        through target: Int, in geometry: LineGeometry
    ) -> (lines: Int, advance: Offset, holding: (items: Range<Int>, thickness: Double)?) {
        var lines = 0
        var advance = Offset.zero
        while position <= target, let line = next(in: geometry) {
            if line.items.upperBound > target { return (lines, advance, line) }
            lines += 1
            advance += Offset(line.thickness) + geometry.lineSpacingOffset
        }
        return (lines, advance, nil)
    }
}

extension LineGeometry {
    /// The size of the item in a dense buffer's slot: its own, or the
    /// default size for ``Size/unsized``.
    @inline(__always)
    func size(ofSlot size: Size) -> Size { size.isUnsized ? defaultSize : size }
}

/// Where a run's lines are read from, from its first item: the one choice of
/// reader, which queries (``RunLines``) and re-breaking's old lines
/// (``OldLines``) both make. A dense buffer is broken straight from the buffer
/// (``DenseLines``); a sparse buffer too, its default stretches in closed form
/// (``SparseLines``); a run of default items only is one group of lines in
/// closed form. A buffer read in place is kept alive by the run, which the
/// owner of the readers holds.
struct RunLineReaders {
    var dense: DenseLines?
    var sparse: SparseLines?
    /// The items of a run of default items only, until its one group is read.
    var defaultsLeft = 0

    /// Whether `run`'s lines can be read from a line inside it: a run with
    /// explicit sizes (a run of default items only is one group, read from
    /// its first item).
    @inline(__always)
    static func readsFromInside(_ run: Run) -> Bool { run.sizes != nil }

    /// The reader of `run`'s lines under `geometry` (the section's), from
    /// item `offset` of the run, a line start (only where
    /// ``readsFromInside(_:)``).
    @inline(__always)
    init(_ run: Run, geometry: LineGeometry, startingAt offset: Int = 0) {
        if let sizes = run.sizes {
            if sizes.isDense {
                dense = DenseLines(
                    UnsafeBufferPointer(start: sizes.sizes, count: run.itemCount), hasHoles: run.sizedCount < run.itemCount)
                dense!.pass(to: offset)
            } else {
                sparse = SparseLines(sizes, itemCount: run.itemCount, startingAt: offset)
            }
        } else {
            precondition(offset == 0, "a run of default items is read from its first item")
            defaultsLeft = run.itemCount
        }
    }

    /// The next line group, its first item counted from the run's, without
    /// its items; `nil` after the last.
    @inline(__always)
    mutating func nextGroup(in geometry: LineGeometry) -> LineGroup? {
        if dense != nil { return dense!.next(in: geometry).map { LineGroup(line: $0.items, thickness: $0.thickness) } }
        if sparse != nil { return sparse!.next(in: geometry) }
        return nextDefaults(in: geometry)
    }

    /// The one group of a run of default items only, in closed form; `nil` once read.
    @inline(__always)
    mutating func nextDefaults(in geometry: LineGeometry) -> LineGroup? {
        guard defaultsLeft > 0 else { return nil }
        let count = defaultsLeft
        defaultsLeft = 0
        return LineGroup(
            start: 0, itemCount: count, lineCount: geometry.linesOfDefaults(count), thickness: geometry.defaultCross,
            isDefaultLines: true)
    }
}

/// The cursor over one run's lines, from its first item: each step yields the
/// next line (or group of lines of default items, in closed form), its items
/// and its top, and moves the top past it. The one place a run's lines are
/// broken for reading; line finding by offset (``SectionContext/forEachLine(linesTop:from:startingAt:through:_:)``)
/// and by item (``SectionContext/withLine(containing:linesTop:_:)``) both step it.
///
/// A search that needs one line of a run need not pay for yielding the lines
/// before it: in a dense or sparse run, ``skip(toLineReaching:in:)`` and
/// ``skip(toLineHolding:in:)`` move the cursor to the line a query starts
/// from, breaking the lines before it but computing only their item ranges
/// and advances (no items, no groups, no positions converted), so that the
/// cursor starts there, partway through the run.
struct RunLines {
    /// The top of the next line.
    private(set) var top: Offset
    private let run: Run
    /// The run's reader.
    private var readers: RunLineReaders

    /// The reader of a dense run, at the next line (whose top is ``top``):
    /// for a walk that steps it itself, the run kept alive by the cursor.
    var dense: DenseLines? { readers.dense }

    /// A cursor at the first line of `run`, whose top is `top`, under `geometry`
    /// (the section's; every step is given the same); with `offset`, at the
    /// line that item `offset` of the run starts (a line start: the lines
    /// from there are those a walk from the run's first item finds, grouped
    /// alike or more finely), whose top is `top`; only in a run that
    /// ``RunLineReaders/readsFromInside(_:)``.
    @inline(__always)
    init(_ run: Run, geometry: LineGeometry, top: Offset, startingAt offset: Int = 0) {
        self.top = top
        self.run = run
        readers = RunLineReaders(run, geometry: geometry, startingAt: offset)
    }

    /// One step of ``next(into:in:)``: a named type, not a tuple, so that
    /// an optional step is handled without the runtime's generic tuple code.
    struct Step {
        var group: LineGroup
        var items: LineItems
        var top: Offset
        var end: Offset

        @inline(__always)
        init(_ group: LineGroup, _ items: LineItems, _ top: Offset, _ end: Offset) {
            self.group = group
            self.items = items
            self.top = top
            self.end = end
        }

        /// The step's parts, to take apart at once.
        var parts: (group: LineGroup, items: LineItems, top: Offset, end: Offset) { (group, items, top, end) }
    }

    /// The next group of lines (its first item counted from the run's), its
    /// items, its top and, for one line, its far edge; `nil` after the last.
    /// Items read into `scratch` are valid until the next step.
    @inline(__always)
    mutating func next(into scratch: inout [ItemSegment], in geometry: LineGeometry) -> Step? {
        let lineTop = top
        if readers.dense != nil {
            guard let line = readers.dense!.next(in: geometry) else { return nil }
            let group = LineGroup(line: line.items, thickness: line.thickness)
            let end = lineTop + Offset(line.thickness)
            top = end + geometry.lineSpacingOffset
            return Step(group, .sized(UnsafeBufferPointer(rebasing: readers.dense!.sizes[line.items])), lineTop, end)
        }
        if readers.sparse != nil {
            scratch.removeAll(keepingCapacity: true)
            guard let group = readers.sparse!.next(in: geometry, into: &scratch, collecting: true) else { return nil }
            if group.isDefaultLines {
                top += geometry.defaultAdvance * group.lineCount
                return Step(group, .defaults(group.itemCount), lineTop, top)
            }
            let end = lineTop + Offset(group.thickness)
            top = end + geometry.lineSpacingOffset
            return Step(group, .segments(scratch[...]), lineTop, end)
        }
        // Default items only: one stretch, ending where the run ends.
        guard let group = readers.nextDefaults(in: geometry) else { return nil }
        top += geometry.defaultAdvance * group.lineCount
        return Step(group, .defaults(group.itemCount), lineTop, top)
    }

    /// In a dense or sparse run, moves past every line (or group of lines of
    /// default items) whose far edge is below `key`, so that the next step
    /// yields the first line reaching it, or the group holding it; in a run of
    /// default items only the cursor stays (its one group is indexed in
    /// closed form by the caller).
    @inline(never)
    mutating func skip(toLineReaching key: Offset, in geometry: LineGeometry) {
        if readers.sparse != nil {
            skipSparse(in: geometry) { _, end in end < key }
        } else {
            skipDense(in: geometry) { _, end in end < key }
        }
    }

    /// In a dense or sparse run, moves past every line (or group of lines of
    /// default items) that ends before item `item` (counted from the run's
    /// first), so that the next step yields the line or group holding it;
    /// elsewhere the cursor stays, as for ``skip(toLineReaching:in:)``.
    @inline(never)
    mutating func skip(toLineHolding item: Int, in geometry: LineGeometry) {
        if readers.sparse != nil {
            skipSparse(in: geometry) { last, _ in last <= item }
        } else {
            skipDense(in: geometry) { last, _ in last <= item }
        }
    }

    /// Moves past the lines of a dense run while `passes` (given a line's end
    /// item and its far edge) says so.
    @inline(__always)
    private mutating func skipDense(in geometry: LineGeometry, while passes: (_ endItem: Int, _ end: Offset) -> Bool) {
        guard var lines = readers.dense else { return }
        while lines.position < lines.sizes.count {
            let line = lines.line(from: lines.position, in: geometry)
            let end = top + Offset(line.thickness)
            guard passes(line.end, end) else { break }
            lines.pass(to: line.end)
            top = end + geometry.lineSpacingOffset
        }
        readers.dense = lines
    }

    /// Moves past the line groups of a sparse run while `passes` (given a
    /// group's end item and its last line's far edge) says so. The tops are
    /// summed exactly as stepping the groups sums them.
    @inline(__always)
    private mutating func skipSparse(in geometry: LineGeometry, while passes: (_ endItem: Int, _ end: Offset) -> Bool) {
        guard var lines = readers.sparse else { return }
        while true {
            var ahead = lines
            guard let group = ahead.next(in: geometry) else { break }
            let end: Offset
            let after: Offset
            if group.isDefaultLines {
                after = top + geometry.defaultAdvance * group.lineCount
                end = top + geometry.defaultAdvance * (group.lineCount - 1) + Offset(group.thickness)
            } else {
                end = top + Offset(group.thickness)
                after = end + geometry.lineSpacingOffset
            }
            guard passes(group.end, end) else { break }
            lines = ahead
            top = after
        }
        readers.sparse = lines
    }
}

extension SectionContext {
    /// The exact offset from which a search for lines meeting `low` starts.
    static func searchKey(_ low: Double) -> Offset {
        Offset(clamping: low - 4 * Swift.max(abs(low), 1).ulp)
    }

    /// Calls `body` with the lines, and their items, whose span across lines may
    /// meet `key ... high` (`key` from ``searchKey(_:)``), in order, given the
    /// top of the section's first line. `body` receives where the line's items go
    /// along it when that is shared by many lines. Returns `false` when `body`
    /// stopped or a line started past `high`.
    ///
    /// `body` is handed this context too, for placing the line's items: a
    /// closure that captured it would copy the whole context (metrics,
    /// geometry, a retained run tree) each time the walk passes it on.
    ///
    /// With `startItem`, an item known to start a line whose top is `key`
    /// exactly, the walk starts at that line: its run is found by item, and
    /// in a run of sizes the lines before it are not broken again to get there.
    func forEachLine(
        linesTop: Offset, from key: Offset, startingAt startItem: Int? = nil, through high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        guard itemCount > 0 else { return true }
        guard let runs else {
            return walk(implicitRun, firstItem: 0, top: linesTop, key: key, high: high, body)
        }
        let found =
            if let startItem { runs.find(startItem, in: { $0.items }, rule: .containing) } else {
                runs.find(key - linesTop, in: { $0.advance }, rule: .reaching)
            }
        guard let first = found.element else { return true }
        // The run found is walked as it is: most spans end inside it (a
        // viewport, a batch's view), and visiting the tree again to reach it
        // costs more than its lines in view.
        if let startItem, startItem > found.before.items, RunLineReaders.readsFromInside(first) {
            guard key.double <= high else { return false }
            var lines = RunLines(first, geometry: geometry, top: key, startingAt: startItem - found.before.items)
            guard walk(&lines, firstItem: found.before.items, key: key, high: high, body) else { return false }
        } else {
            guard walk(first, before: found.before, linesTop: linesTop, key: key, high: high, body) else { return false }
        }
        // No later run (a span that reaches the section's end, as a chat's
        // bottom does): no closure either, which would copy this context.
        guard found.position + 1 < runs.count else { return true }
        var completed = true
        runs.forEach(from: found.position + 1, before: found.before + first.summary) { run, before in
            completed = walk(run, before: before, linesTop: linesTop, key: key, high: high, body)
            return completed
        }
        return completed
    }

    /// Walks the lines of `run`, which follows the runs summed in `before`;
    /// returns `false` when `body` stopped or a line started past `high`.
    @inline(__always)
    private func walk(
        _ run: Run, before: RunSummary, linesTop: Offset, key: Offset, high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        let top = linesTop + before.advance
        if top.double > high { return false }
        return walk(run, firstItem: before.items, top: top, key: key, high: high, body)
    }

    /// Walks one run's lines; see ``forEachLine(linesTop:from:startingAt:through:_:)``.
    private func walk(
        _ run: Run, firstItem: Int, top: Offset, key: Offset, high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        var lines = RunLines(run, geometry: geometry, top: top)
        // The lines of a sized run that end before the key are passed over
        // without yielding their items or converting their tops.
        if run.sizes != nil { lines.skip(toLineReaching: key, in: geometry) }
        return walk(&lines, firstItem: firstItem, key: key, high: high, body)
    }

    /// Walks a run's lines from where `lines` stands; see ``forEachLine(linesTop:from:startingAt:through:_:)``.
    @inline(__always)
    private func walk(
        _ lines: inout RunLines, firstItem: Int, key: Offset, high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        if let dense = lines.dense { return walk(dense, top: lines.top, firstItem: firstItem, key: key, high: high, body) }
        var scratch: [ItemSegment] = []
        while let step = lines.next(into: &scratch, in: geometry) {
            let (group, items, lineTop, end) = step.parts
            if group.isDefaultLines {
                if !walkDefaultLines(group, firstItem: firstItem, top: lineTop, key: key, high: high, body) { return false }
                continue
            }
            if lineTop.double > high { return false }
            if end >= key {
                let span = LineSpan(firstItem: firstItem + group.start, top: lineTop, thickness: group.thickness)
                if !body(self, span, items, nil) { return false }
            }
        }
        return true
    }

    /// Walks a dense run's lines from where `lines` stands, whose top is
    /// `top`, straight from the buffer; see ``forEachLine(linesTop:from:startingAt:through:_:)``.
    /// Out of line: inlined, it keeps the other runs' cursor from being
    /// inlined into the walk (a generic call a line, a tenth more a line).
    @inline(never)
    private func walk(
        _ lines: DenseLines, top: Offset, firstItem: Int, key: Offset, high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        var lines = lines
        var top = top
        while let line = lines.next(in: geometry) {
            let lineTop = top
            let end = lineTop + Offset(line.thickness)
            top = end + geometry.lineSpacingOffset
            if lineTop.double > high { return false }
            if end >= key {
                let span = LineSpan(firstItem: firstItem + line.items.lowerBound, top: lineTop, thickness: line.thickness)
                if !body(self, span, .sized(UnsafeBufferPointer(rebasing: lines.sizes[line.items])), nil) { return false }
            }
        }
        return true
    }

    /// Walks a group of lines of default items from the first that may meet
    /// `key`, found in closed form; every full line is placed alike.
    private func walkDefaultLines(
        _ group: LineGroup, firstItem: Int, top: Offset, key: Offset, high: Double,
        _ body: (SectionContext, LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        let pitch = geometry.defaultAdvance
        let thickness = Offset(group.thickness)
        // Estimate the first line ending at or after the key, then correct exactly.
        var line = 0
        let pitchValue = pitch.double
        if pitchValue > 0 {
            let estimate = (key - top - thickness).double / pitchValue
            if estimate > 0 { line = estimate >= Double(group.lineCount) ? group.lineCount : Int(estimate) }
        }
        while line > 0 && top + pitch * (line - 1) + thickness >= key { line -= 1 }
        while line < group.lineCount && top + pitch * line + thickness < key { line += 1 }
        let perLine = geometry.perLine
        var shared: AlongLine?
        var lineTop = top + pitch * line
        while line < group.lineCount {
            if lineTop.double > high { return false }
            let start = firstItem + group.start + line * perLine
            let count = line == group.lineCount - 1 ? group.itemCount - line * perLine : perLine
            var along: AlongLine?
            if count == perLine && start + count < itemCount {
                // A full line that is not the section's last: placed like every other.
                if shared == nil { shared = alongLine(.defaults(count), count: count, firstItem: start) }
                along = shared
            }
            if !body(self, LineSpan(firstItem: start, top: lineTop, thickness: group.thickness), .defaults(count), along) {
                return false
            }
            line += 1
            lineTop += pitch
        }
        return true
    }

    /// The line holding `item`, its items, and the top of the section's first line.
    /// `body` receives them (items read from buffers are only valid inside it).
    func withLine<Result>(
        containing item: Int, linesTop: Offset, _ body: (LineSpan, LineItems) -> Result
    ) -> Result {
        let run: Run
        let before: RunSummary
        if let runs {
            let found = runs.find(item, in: { $0.items }, rule: .containing)
            run = found.element!
            before = found.before
        } else {
            run = implicitRun
            before = .zero
        }
        let target = item - before.items
        var lines = RunLines(run, geometry: geometry, top: linesTop + before.advance)
        var scratch: [ItemSegment] = []
        lines.skip(toLineHolding: target, in: geometry)
        while let step = lines.next(into: &scratch, in: geometry) {
            let (group, items, lineTop, _) = step.parts
            if group.end <= target { continue }
            if !group.isDefaultLines {
                let span = LineSpan(firstItem: before.items + group.start, top: lineTop, thickness: group.thickness)
                return body(span, items)
            }
            // Lines of default items: the one holding the item, in closed form.
            let line = (target - group.start) / geometry.perLine
            let count = line == group.lineCount - 1 ? group.itemCount - line * geometry.perLine : geometry.perLine
            let span = LineSpan(
                firstItem: before.items + group.start + line * geometry.perLine,
                top: lineTop + geometry.defaultAdvance * line, thickness: group.thickness)
            return body(span, .defaults(count))
        }
        preconditionFailure("item \(item) past the section's runs")
    }
}
