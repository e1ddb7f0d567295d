/// The lines of a section's runs as they are before a change, read lazily from
/// one run on: where they start, and how many lines (and how much advance) each
/// run holds before a point. Re-breaking reads it to start at a line inside a
/// run, and to see where new lines are back in step with old ones.
///
/// Each run is broken on its own: a run ends where a line ends.
struct OldLines {
    private(set) var runs: BTree<Run>
    let geometry: LineGeometry
    /// The run being read, and its first item.
    private(set) var run: Int
    private(set) var runStart: Int
    /// The first item of the next old line: always a line start.
    private(set) var position: Int
    /// The lines and advance of the current run before ``position``.
    private(set) var lines = 0
    private(set) var advance = Offset.zero
    /// The advance of the runs passed since the first one read.
    private(set) var passedAdvance = Offset.zero
    /// The current run's lines, read as a query reads them (``RunLineReaders``).
    private var readers: RunLineReaders
    /// A group of default lines partly read: the lines left of it, and where it ends.
    private var pendingLines = 0
    private var pendingEnd = 0
    /// A line read from the breaker but not yet passed.
    private var heldLine: LineGroup?

    /// Lines from the start of run `run`, whose first item is `firstItem`.
    /// `first`, when given, is `runs[run]` as the caller found it (not looked up again).
    init(runs: BTree<Run>, geometry: LineGeometry, from run: Int, firstItem: Int, first: Run? = nil) {
        self.runs = runs
        self.geometry = geometry
        self.run = run
        runStart = firstItem
        position = firstItem
        let current = first ?? (run < runs.count ? runs[run] : Run(itemCount: 0, lineCount: 0, advance: .zero))
        currentRun = current
        readers = RunLineReaders(current, geometry: geometry)
    }

    /// The current run (kept, so that it is not looked up again, and so that
    /// its buffer, read in place, stays alive).
    private(set) var currentRun: Run

    /// Lets go of the old runs once nothing more is read.
    mutating func releaseRuns() { runs = BTree() }

    /// Moves to the last line start at or before `item` (within the current run).
    mutating func advance(toLineAtOrBefore item: Int) {
        if pendingLines == 0 && heldLine == nil { skipLines(toLineAtOrBefore: item) }
        while position <= item {
            if pendingLines > 0 {
                let lines = Swift.min(pendingLines, (item - position) / geometry.perLine)
                if lines == 0 { return }
                step(defaultLines: lines)
                continue
            }
            guard let group = nextGroup() else { return }
            if group.isDefaultLines {
                startPending(group)
                continue
            }
            // A line starting at or before `item` that ends after it holds it.
            if position + group.itemCount > item {
                heldLine = group
                return
            }
            take(line: group)
        }
    }

    /// From a line start, in a dense or sparse run: passes the lines that end
    /// at or before `item`, straight from the run's buffer (no group handed
    /// out), holds the line holding it, or stops at the group of default
    /// lines holding it (which the caller steps into in closed form).
    @inline(__always)
    private mutating func skipLines(toLineAtOrBefore item: Int) {
        let target = item - runStart
        var passed = 0
        var sum = Offset.zero
        if var dense = readers.dense {
            let passing = dense.pass(through: target, in: geometry)
            passed = passing.lines
            sum = passing.advance
            if let line = passing.holding { heldLine = LineGroup(line: line.items, thickness: line.thickness) }
            position = runStart + (passing.holding?.items.lowerBound ?? dense.position)
            readers.dense = dense
        } else if var sparse = readers.sparse {
            let passing = sparse.pass(through: target, in: geometry)
            passed = passing.lines + passing.defaultLines
            sum = passing.advance + geometry.defaultAdvance * passing.defaultLines
            if let group = passing.holding {
                // Read, not passed: held, or stepped into in closed form.
                if group.isDefaultLines {
                    pendingLines = group.lineCount
                    pendingEnd = runStart + group.end
                } else {
                    heldLine = group
                }
                position = runStart + group.start
            } else {
                position = runStart + sparse.position
            }
            readers.sparse = sparse
        }
        lines += passed
        advance += sum
    }

    /// Moves to the first old line start at or after `item`; returns whether a
    /// line starts exactly there. Moves on to later runs as needed.
    mutating func advance(to item: Int) -> Bool {
        while position < item {
            if pendingLines > 0 {
                let lines = Swift.min(pendingLines, (item - position - 1) / geometry.perLine + 1)
                step(defaultLines: lines)
                continue
            }
            if let group = nextGroup() {
                if group.isDefaultLines { startPending(group) } else { take(line: group) }
                continue
            }
            // The run is read: on to the next one, which starts a line.
            guard run + 1 < runs.count else { return false }
            passedAdvance += currentRun.advance
            run += 1
            runStart = position
            lines = 0
            advance = .zero
            currentRun = runs[run]
            readers = RunLineReaders(currentRun, geometry: geometry)
        }
        return position == item
    }

    private mutating func nextGroup() -> LineGroup? {
        if let held = heldLine {
            heldLine = nil
            return held
        }
        return readers.nextGroup(in: geometry)
    }

    private mutating func startPending(_ group: LineGroup) {
        pendingLines = group.lineCount
        pendingEnd = position + group.itemCount
    }

    private mutating func take(line group: LineGroup) {
        position += group.itemCount
        lines += 1
        advance += Offset(group.thickness) + geometry.lineSpacingOffset
    }

    /// Steps over `count` lines of the pending group of default lines (its last
    /// line may hold fewer than `perLine` items, where the run ends).
    private mutating func step(defaultLines count: Int) {
        let remaining = pendingEnd - position
        position = count > (remaining - 1) / geometry.perLine ? pendingEnd : position + count * geometry.perLine
        lines += count
        advance += geometry.defaultAdvance * count
        pendingLines -= count
    }
}
