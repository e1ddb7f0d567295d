/// Re-breaking a section's lines after its items changed (`flow-layout.md` 7.1,
/// 10.3), touching only what the change can move.
///
/// The steps, each a method a test can drive:
/// 1. ``windowStart(before:)``: start at a line that the change cannot move: the
///    first line of the run holding the item just before the first edit (that
///    item's line may take the first new item).
/// 2. ``nextGroup()``: produce the next new line (or run of uniform lines) from
///    the items as they are after the edits, read from the old runs.
/// 3. ``oldBoundary(at:)``: the old run boundary at the new line start, if there
///    is one past every edit begun.
/// 4. Back in step: a new line starts where an unchanged old run starts, so every
///    old line from there on is still right: stop.
/// 5. ``splice(into:)``: replace the old runs read with the new ones.
/// Edits far apart are re-broken one window at a time (``apply(_:to:)``), so a
/// batch costs what each change can move, not the distance between them.
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
        var window = Window(rebreak: self, runs: runs, startRun: 0, firstItem: 0, edits: [], stopsAtBoundaries: false)
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
        var total = Outcome()
        var remaining = edits[...]
        var shift = 0
        while let first = remaining.first {
            let shifted = remaining.map { edit in
                ItemEdit(range: (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift), replacement: edit.replacement)
            }
            let start = windowStart(before: first.range.lowerBound + shift, in: runs)
            var window = Window(
                rebreak: self, runs: runs, startRun: start.run, firstItem: start.firstItem, edits: shifted,
                stopsAtBoundaries: true)
            while window.nextGroup() != nil {}
            let outcome = window.splice(into: &runs)
            total.linesBroken += outcome.linesBroken
            let read = window.editsRead
            shift += remaining.prefix(read).reduce(0) { $0 + $1.delta }
            remaining = remaining.dropFirst(read)
        }
        return total
    }

    /// Step 1: the run where re-breaking for an edit at `item` starts, and its
    /// first item: the run holding `item − 1` (the last run for an edit at the
    /// end; the first for an edit at item 0).
    func windowStart(before item: Int, in runs: BTree<Run>) -> (run: Int, firstItem: Int) {
        let target = Swift.min(Swift.max(item - 1, 0), runs.summary.items - 1)
        guard target >= 0 else { return (0, 0) }
        let found = runs.find(target, in: { $0.items }, rule: .containing)
        return (found.position, found.before.items)
    }

    // MARK: One window

    /// One stretch re-broken: the stream of items after the edits, the breaker,
    /// and the builder of new runs.
    struct Window {
        let isAligned: Bool
        /// The runs before this window's changes (a copy, so the splice can write).
        let oldRuns: BTree<Run>
        let startRun: Int
        let firstItem: Int
        let stopsAtBoundaries: Bool
        private var breaker: LineBreaker<EditedStream>
        /// The stream itself, read directly when no lines are broken (unaligned).
        private var stream: EditedStream?
        private var builder: RunBuilder
        private var staged: [ItemSegment] = []
        private var nextBoundary = 0
        /// Where the window stopped: the old boundary it met, or `nil` at the end.
        private(set) var stop: RunBoundary?
        private(set) var finished = false
        private(set) var linesBroken = 0

        init(rebreak: Rebreak, runs: BTree<Run>, startRun: Int, firstItem: Int, edits: [ItemEdit], stopsAtBoundaries: Bool) {
            isAligned = rebreak.isAligned
            oldRuns = runs
            self.startRun = startRun
            self.firstItem = firstItem
            self.stopsAtBoundaries = stopsAtBoundaries
            let items = EditedStream(runs: runs, from: startRun, firstItem: firstItem, edits: edits)
            if rebreak.isAligned {
                breaker = LineBreaker(items, geometry: rebreak.geometry)
            } else {
                breaker = LineBreaker(EditedStream(runs: BTree(), from: 0, firstItem: 0, edits: []), geometry: rebreak.geometry)
                stream = items
            }
            builder = RunBuilder(
                aligned: rebreak.isAligned, lineSpacing: rebreak.geometry.lineSpacing,
                direction: rebreak.geometry.direction)
        }

        /// The number of edits wholly read when the window stopped.
        var editsRead: Int { stop?.editsBefore ?? (stream ?? breaker.base).edits.count }

        /// The position, numbered after the edits, of the next item to produce.
        var position: Int { firstItem + (isAligned ? breaker.position : produced) }
        private var produced = 0

        /// The old run boundaries met so far.
        private var boundaries: [RunBoundary] {
            _read {
                if stream != nil { yield stream!.boundaries } else { yield breaker.base.boundaries }
            }
        }

        /// Step 3: the old run boundary at new item `item`, if one is known there.
        mutating func oldBoundary(at item: Int) -> RunBoundary? {
            guard stopsAtBoundaries else { return nil }
            let count = boundaries.count
            while nextBoundary < count && boundaries[nextBoundary].newItem < item { nextBoundary += 1 }
            guard nextBoundary < count, boundaries[nextBoundary].newItem == item else { return nil }
            return boundaries[nextBoundary]
        }

        /// Step 2 and 4: produces the next group of new lines (or, unaligned, the
        /// next segment of items), unless the window is back in step or at the end.
        mutating func nextGroup() -> LineGroup? {
            guard !finished else { return nil }
            if let boundary = oldBoundary(at: position) {
                stop = boundary
                finished = true
                return nil
            }
            guard isAligned else { return nextSegment() }
            // Default lines stop at the next known old boundary if a line starts there.
            let limit =
                stopsAtBoundaries && nextBoundary < boundaries.count
                ? boundaries[nextBoundary].newItem - firstItem : .max
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

        /// The unaligned step: the next segment of items, packed without lines.
        private mutating func nextSegment() -> LineGroup? {
            let start = produced
            guard let segment = stream!.next() else {
                finished = true
                return nil
            }
            // A segment never crosses an old run, so a boundary opened by reading it starts it.
            if let boundary = oldBoundary(at: firstItem + start) {
                stop = boundary
                finished = true
                return nil
            }
            builder.append(segment)
            produced += segment.count
            return LineGroup(start: start, itemCount: segment.count, lineCount: 0, thickness: 0, isDefaultLines: false)
        }

        /// Step 5: replaces the old runs read with the new ones.
        mutating func splice(into runs: inout BTree<Run>) -> Outcome {
            let endRun = stop?.run ?? oldRuns.count
            runs.replaceSubrange(startRun..<endRun, with: builder.finish())
            return Outcome(linesBroken: linesBroken)
        }
    }
}
