/// Re-breaking a section's lines after its items changed (`flow-layout.md` 7.1,
/// 10.3), touching only what the change can move.
///
/// The steps, each a method a test can drive:
/// 1. ``windowStart(before:in:)``: start at a line that the change cannot move:
///    the line holding the item just before the first edit (that line may take
///    the first new item). The old lines before it, in its run, are kept as they
///    are (copied, not broken again).
/// 2. ``Window/nextGroup()``: produce the next new line (or group of default
///    lines) from the items as they are after the edits, read from the old runs.
/// 3. Read the old line there: ``OldLines`` walks the old runs' lines in step.
/// 4. Back in step: once every edit is read, a new line starts where an old line
///    starts (or where an unchanged old run starts, between edits), so every old
///    line from there on is still right: keep the rest and stop.
/// 5. ``Window/splice(into:)``: replace the old runs read with the new ones.
/// Edits far apart are re-broken one window at a time (``apply(_:to:)``), so a
/// batch costs what each change can move, not the distance between them.
///
/// Most small edits stay inside one run, and take a shorter way first
/// (`Rebreak+InsideRun.swift`): default items put into or taken from a run of
/// default items only (a chat's new messages, history prepended), in closed
/// form; any other edit whose lines come back in step inside its run, by
/// rewriting that run alone. The same steps, without a window; the same
/// lines and outcome.
///
/// A pending section has no lines to keep: its edits are packed into runs the
/// same way, without breaking lines, and it is broken whole when laid out.
struct Rebreak {
    /// The geometry of the section's lines.
    let geometry: LineGeometry
    /// Whether the section is laid out (its runs start at line starts).
    let isAligned: Bool

    /// The work re-breaking did.
    struct Outcome: Hashable, Sendable {
        /// Lines whose break the greedy loop computed (lines of default-size items
        /// produced in closed form are not counted).
        var linesBroken = 0
        /// The sums of the explicit sizes the edits replaced, and of those they
        /// put in their place: the store's sums change by their difference
        /// (the runs re-broken around them keep every other size). Zero when
        /// a section is laid out whole.
        var removed = SizeSums.zero
        var added = SizeSums.zero
        /// The lines before the first line any window broke again: those
        /// lines, and where their items go, are the same before and after.
        var kept = KeptLines.none
        /// When one window read every edit and came back in step before the
        /// end: the old lines from where it did on (their advance is that of
        /// the old lines before them, their items numbered before the edits),
        /// which are the same lines after, moved by the change in advance.
        var resumed: KeptLines?
    }

    /// Lines that re-breaking left as they were, from the section's first line
    /// or from a line on: the advance of the old lines before them (from the
    /// section's first line), and their first item (in front: the items they
    /// hold).
    struct KeptLines: Hashable, Sendable {
        var advance: Offset
        var items: Int

        /// No line kept: every line was broken again, or the runs are not aligned.
        static let none = KeptLines(advance: .zero, items: 0)
    }

    // MARK: Whole sections

    /// The runs of a section of `itemCount` default-size items: one run, its
    /// lines in closed form when aligned.
    func defaultRuns(itemCount: Int) -> BTree<Run> {
        guard itemCount > 0 else { return BTree() }
        let lines = isAligned ? geometry.linesOfDefaults(itemCount) : 0
        let advance = isAligned ? geometry.defaultAdvance * lines : .zero
        return BTree([Run(itemCount: itemCount, lineCount: lines, advance: advance, sizes: nil, sizedCount: 0)])
    }

    /// Lays out every item of `runs` again from the first: the layout of a pending
    /// section, whatever its runs' boundaries were.
    ///
    /// - Complexity: O(explicit sizes + lines that hold them + runs).
    func layOut(_ runs: inout BTree<Run>) -> Outcome {
        guard !runs.isEmpty else { return Outcome() }
        var window = Window(rebreak: self, runs: runs, startRun: 0, runStart: 0, item: 0, edits: [], stopsAtBoundaries: false)
        while window.nextGroup() != nil {}
        return window.splice(into: &runs)
    }

    /// Applies `edits` (sorted, not overlapping, in the runs' numbering) to `runs`,
    /// re-breaking lines from each edit until they are back in step.
    ///
    /// - Complexity: per edit, O(log runs) plus the items and lines re-broken:
    ///   those of the runs from the one before the edit to the first unchanged
    ///   run where a line starts again.
    func apply(_ edits: [ItemEdit], to runs: inout BTree<Run>) -> Outcome {
        guard let first = edits.first else { return Outcome() }
        // The first window's start, found once.
        var found: Start? = windowStart(before: first.range.lowerBound, in: runs)
        if isAligned {
            if let outcome = applyInsideDefaults(edits, start: found!, to: &runs) { return outcome }
            if let outcome = applyInsideRun(edits, start: found!, to: &runs) { return outcome }
        }
        var total = Outcome()
        for edit in edits {
            for case .sized(let size) in edit.replacement { total.added.add(size) }
        }
        var remaining = edits[...]
        var shift = 0
        var isFirst = true
        while let first = remaining.first {
            // The first window reads the edits as given (no copy to build).
            let shifted =
                isFirst
                ? edits
                : remaining.map { edit in
                    ItemEdit(
                        range: (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift),
                        replacement: edit.replacement)
                }
            let item = first.range.lowerBound + shift
            let start = found ?? windowStart(before: item, in: runs)
            found = nil
            var window = Window(
                rebreak: self, runs: runs, startRun: start.run, runStart: start.firstItem, item: Swift.max(item - 1, 0),
                edits: shifted, stopsAtBoundaries: true, first: start.element)
            if isFirst && isAligned {
                // Windows go from the first edit to the last: the first one
                // starts at the first line broken again.
                total.kept = KeptLines(advance: start.advance + window.keptAdvance, items: window.firstItem)
            }
            while window.nextGroup() != nil {}
            if isFirst && isAligned && window.editsRead == remaining.count {
                if let resumed = window.resumed {
                    total.resumed = KeptLines(advance: start.advance + resumed.advance, items: resumed.items)
                } else if let boundary = window.resumedAtRun {
                    // Back in step where an old run starts: the advance of the runs before it.
                    total.resumed = KeptLines(advance: runs.prefix(before: boundary.run).advance, items: boundary.oldItem)
                }
            }
            isFirst = false
            let outcome = window.splice(into: &runs)
            total.linesBroken += outcome.linesBroken
            total.removed.add(outcome.removed)
            let read = window.editsRead
            shift += remaining.prefix(read).reduce(0) { $0 + $1.delta }
            remaining = remaining.dropFirst(read)
        }
        return total
    }

    /// Step 1: the run where re-breaking for an edit at `item` starts, its
    /// first item, the advance of the runs before it, and the run itself
    /// (`nil` when there are no runs): the run
    /// holding `item − 1` (the last run for an edit at the end; the first for
    /// an edit at item 0). The one search a window needs: the window is handed
    /// the run, so that it does not look it up again by position (each such
    /// lookup is a descent of the tree, a fixed cost of every small edit).
    func windowStart(before item: Int, in runs: BTree<Run>) -> Start {
        let target = Swift.min(Swift.max(item - 1, 0), runs.summary.items - 1)
        guard target >= 0 else { return (0, 0, .zero, nil) }
        let found = runs.find(target, in: { $0.items }, rule: .containing)
        return (found.position, found.before.items, found.before.advance, found.element)
    }

    // MARK: One window

    /// One stretch re-broken: the old lines, the stream of items after the edits,
    /// the breaker, and the builder of new runs.
    struct Window {
        let isAligned: Bool
        /// The runs before this window's changes (a copy, so the splice can write).
        private(set) var oldRuns: BTree<Run>
        let startRun: Int
        /// The first old run the splice replaces: `startRun`, or the run before
        /// it when that one is underfull and joins the window.
        private let spliceStart: Int
        /// The first item of the first new line (numbered before and after the edits alike).
        let firstItem: Int
        /// The advance of the old lines of the first run kept in front of the
        /// first new line (zero when none are, or unaligned).
        let keptAdvance: Offset
        let stopsAtBoundaries: Bool
        private var breaker: LineBreaker<EditedStream>
        /// The stream the breaker reads; read directly when no lines are broken (unaligned).
        private let stream: EditedStream
        private var oldLines: OldLines
        private var builder: RunBuilder
        private var staged: [ItemSegment] = []
        private var nextBoundary = 0
        private var produced = 0
        /// Where the window stopped: the run after the last old run it replaces.
        private var endRun: Int?
        /// The edits read when it stopped, and the sums of the sizes they replace.
        private var editsReadAtStop: Int?
        private var removedAtStop: SizeSums?
        /// Where it came back in step with the old lines inside a run: the old
        /// line's first item (numbered before the edits) and the advance of the
        /// old lines before it from the start run's top; `nil` when it ran to
        /// the end or stopped where an old run starts.
        private(set) var resumed: KeptLines?
        /// Where it stopped at the start of an old run, every edit read: that
        /// old run, whose lines and those after it are kept as they are.
        private(set) var resumedAtRun: RunBoundary?
        private(set) var finished = false
        private(set) var linesBroken = 0

        /// A window from run `startRun` (whose first item is `runStart`), starting
        /// at the line holding item `item` when `aligned` and stopping early when
        /// `stopsAtBoundaries`. `first`, when given, is `runs[startRun]`, already
        /// found by the caller's search (it is then not looked up again).
        init(
            rebreak: Rebreak, runs: BTree<Run>, startRun: Int, runStart: Int, item: Int, edits: [ItemEdit],
            stopsAtBoundaries: Bool, first given: Run? = nil
        ) {
            let startValue = given ?? (startRun < runs.count ? runs[startRun] : nil)
            isAligned = rebreak.isAligned
            oldRuns = runs
            self.startRun = startRun
            self.stopsAtBoundaries = stopsAtBoundaries
            oldLines = OldLines(runs: runs, geometry: rebreak.geometry, from: startRun, firstItem: runStart, first: startValue)
            var spliceStart = startRun
            var joined: Run?
            if stopsAtBoundaries, startRun > 0, startRun <= runs.count {
                let before = runs[startRun - 1]
                if Self.isUnderfull(before) {
                    // The run before joins the window whole, so that reports scattered
                    // at random do not leave runs of one size each (storage, not lines:
                    // its lines are kept as they are).
                    joined = before
                    spliceStart -= 1
                }
            }
            builder = RunBuilder(
                aligned: rebreak.isAligned, lineSpacing: rebreak.geometry.lineSpacing, startsSection: spliceStart == 0)
            if let joined { builder.appendWhole(joined) }
            self.spliceStart = spliceStart
            var first = runStart
            var kept = Offset.zero
            if rebreak.isAligned && stopsAtBoundaries, let startValue {
                // Step 1: keep the old lines of the run before the line holding `item`.
                oldLines.advance(toLineAtOrBefore: item)
                first = oldLines.position
                if first > runStart {
                    kept = oldLines.advance
                    builder.appendVerbatim(
                        startValue, items: 0..<(first - runStart), lines: oldLines.lines, advance: oldLines.advance)
                }
            }
            firstItem = first
            keptAdvance = kept
            stream = EditedStream(
                runs: runs, from: startRun, offset: first - runStart, firstItem: first, edits: edits, first: startValue)
            breaker = LineBreaker(stream, geometry: rebreak.geometry)
        }

        /// The number of edits wholly read when the window stopped.
        var editsRead: Int { editsReadAtStop ?? stream.edits.count }

        /// The position, numbered after the edits, of the next item to produce.
        var position: Int { firstItem + (isAligned ? breaker.position : produced) }

        /// Step 3, between edits: the old run boundary at new item `item`, if one
        /// is known there past every edit begun.
        mutating func oldBoundary(at item: Int) -> RunBoundary? {
            guard stopsAtBoundaries else { return nil }
            let list = stream.boundaries
            while nextBoundary < list.count && list[nextBoundary].newItem < item { nextBoundary += 1 }
            guard nextBoundary < list.count, list[nextBoundary].newItem == item else { return nil }
            return list[nextBoundary]
        }

        /// Steps 2 to 4: produces the next group of new lines (or, unaligned, the
        /// next segment of items), unless the window is back in step or at the end.
        /// Inlined into the loops that drive it, the line breaker's calls with it:
        /// out of line, a re-break costs a fifth more (snapshots, size reports).
        @inline(__always)
        mutating func nextGroup() -> LineGroup? {
            guard !finished else { return nil }
            if let boundary = oldBoundary(at: position) {
                if boundary.editsBefore == stream.edits.count { resumedAtRun = boundary }
                stop(at: boundary)
                return nil
            }
            guard isAligned else { return nextSegment() }
            if stopsAtBoundaries && isBackInStep() { return nil }
            // Default lines stop at the next known old boundary if a line starts there.
            let list = stream.boundaries
            let limit = stopsAtBoundaries && nextBoundary < list.count ? list[nextBoundary].newItem - firstItem : .max
            // Staged items are kept until the buffer grows; clearing it every line costs more.
            if staged.count > 256 { staged.removeAll(keepingCapacity: true) }
            let from = staged.count
            guard let group = breaker.next(stoppingAt: limit, into: &staged) else {
                finished = true
                return nil
            }
            builder.append(group, segments: staged[from...])
            if !group.isDefaultLines { linesBroken += 1 }
            return group
        }

        /// Step 4: once every edit is read and past, whether an old line starts
        /// where the next new line does. If so, the rest of that old line's run is
        /// kept as it is, and the window stops.
        private mutating func isBackInStep() -> Bool {
            guard stream.hasReadEveryEdit else { return false }
            let old = position - stream.totalDelta
            guard old >= stream.editsEnd, oldLines.advance(to: old) else { return false }
            guard oldLines.run < oldRuns.count else {
                // Back in step at the end of the items: nothing old is left to keep.
                stop(atRun: oldRuns.count)
                return true
            }
            let run = oldLines.currentRun
            let offset = old - oldLines.runStart
            resumed = KeptLines(advance: oldLines.passedAdvance + oldLines.advance, items: old)
            if offset < run.itemCount {
                builder.appendVerbatim(
                    run, items: offset..<run.itemCount, lines: run.lineCount - oldLines.lines,
                    advance: run.advance - oldLines.advance)
            }
            stop(atRun: oldLines.run + 1)
            return true
        }

        /// Stops where every edit is read (and skipped: their sizes are summed).
        private mutating func stop(atRun run: Int) {
            endRun = run
            finished = true
        }

        /// Stops where an old run starts: the stream may have read ahead of
        /// it, so what it read is taken as it was there.
        private mutating func stop(at boundary: RunBoundary) {
            stop(atRun: boundary.run)
            editsReadAtStop = boundary.editsBefore
            removedAtStop = boundary.removedBefore
        }

        /// The unaligned step: the next segment of items, packed without lines.
        private mutating func nextSegment() -> LineGroup? {
            let start = produced
            guard let segment = stream.next() else {
                finished = true
                return nil
            }
            // A segment never crosses an old run, so a boundary opened by reading it starts it.
            if let boundary = oldBoundary(at: firstItem + start) {
                stop(at: boundary)
                return nil
            }
            builder.append(segment)
            produced += segment.count
            return LineGroup(start: start, itemCount: segment.count, lineCount: 0, thickness: 0, isDefaultLines: false)
        }

        /// Whether a run holds so few explicit sizes that it should join a
        /// neighbouring window rather than stay on its own.
        static func isUnderfull(_ run: Run) -> Bool { run.sizedCount < Run.sizedCapacity / 2 }

        /// Step 5: replaces the old runs read with the new ones (and an
        /// underfull old run after them, joined whole).
        mutating func splice(into runs: inout BTree<Run>) -> Outcome {
            var end = endRun ?? oldRuns.count
            if stopsAtBoundaries, end < oldRuns.count, Self.isUnderfull(oldRuns[end]) {
                builder.appendWhole(oldRuns[end])
                end += 1
            }
            let replaced = spliceStart..<end
            let new = builder.finish(endsSection: end == oldRuns.count)
            let outcome = Outcome(linesBroken: linesBroken, removed: removedAtStop ?? stream.removed)
            // Nothing old is read from here on: the window lets go of the old
            // tree, so that, unless someone else keeps it, it is edited in place.
            oldRuns = BTree()
            oldLines.releaseRuns()
            stream.releaseRuns()
            runs.replaceSubrange(replaced, with: new)
            return outcome
        }
    }
}
