/// Re-breaking edits that stay inside one run (`flow-layout.md` 7.1, 10.3): a
/// size report, a deletion or an insertion whose new lines come back in step
/// with the old ones before the run ends, as most small edits do.
///
/// The run is rewritten as one: its items with the edits applied are written
/// once into a buffer of exactly their size (``RunWriter``); its lines before
/// the line holding the item before the first edit are kept (counted, not
/// copied); new lines are broken from there, straight from the new buffer,
/// while the old lines are read alongside (``OldLines``), until a new line
/// starts where an old one does past every edit. Every line from there on is
/// the old run's. The run is then written into the tree in one descent. No
/// window: no stream of segments, no builder, no splice.
///
/// The outcome is what a window's would be (the kept lines and the lines
/// resumed are the same lines). When the lines are not back in step inside
/// the run (its last line may then take items of the next run), or the run
/// would grow past what a window packs into one run, it is left to a window.
extension Rebreak {
    /// Where a window for an edit starts (``windowStart(before:in:)``): the
    /// run holding the item before it, its position, its first item, the
    /// advance of the runs before it.
    typealias Start = (run: Int, firstItem: Int, advance: Offset, element: Run?)

    // MARK: A run of default items

    /// Edits that put and take default items only, all inside one run of
    /// default items only (`start`'s): its lines are in closed form. When it
    /// is the last run, or its last line keeps its number of items (the edits
    /// add or remove whole lines' worth of items, or any number when a line
    /// holds one), every other line stays as it is: the run is written once.
    /// Otherwise the run keeps its full lines, which end where a line must
    /// (another default item follows), and the items of its last line join
    /// the next run, rewritten as one (``rewrite(_:start:edits:isLast:)``),
    /// both written in one descent. `nil` when the edits are not such edits,
    /// or the next run's lines are not back in step inside it. Such are the
    /// items a chat appends, or the history it prepends (``RunBuilder``
    /// keeps the default items at a section's ends in runs of their own), and
    /// items inserted at the top of any section.
    ///
    /// - Complexity: O(log runs), plus the next run's items and lines when
    ///   its first line changes.
    func applyInsideDefaults(_ edits: [ItemEdit], start: Start, to runs: inout BTree<Run>) -> Outcome? {
        guard let run = start.element, run.sizes == nil, let first = edits.first, let last = edits.last,
            first.range.lowerBound >= start.firstItem, let delta = Self.defaultsAdded(by: edits)
        else { return nil }
        let end = start.firstItem + run.itemCount
        let count = run.itemCount + delta
        let perLine = geometry.perLine
        let keepsLastLine = perLine == 1 || (perLine != LineGeometry.unbounded && delta % perLine == 0)
        let isLast = start.run == runs.count - 1
        guard last.range.upperBound <= end, count > 0 else { return nil }
        var outcome = Outcome()
        // The line holding the item before the first edit starts a window.
        let keptLines =
            perLine == LineGeometry.unbounded ? 0 : (Swift.max(first.range.lowerBound - 1, 0) - start.firstItem) / perLine
        let kept = KeptLines(
            advance: start.advance + geometry.defaultAdvance * keptLines, items: start.firstItem + keptLines * perLine)
        if keepsLastLine || isLast {
            let lines = geometry.linesOfDefaults(count)
            runs.modify(at: start.run) { $0 = Run(itemCount: count, lineCount: lines, advance: geometry.defaultAdvance * lines) }
            outcome.kept = kept
            if keepsLastLine {
                outcome.resumed = resumedAfter(last.range.upperBound, in: run, start: start, itemCount: runs.summary.items)
            }
            return outcome
        }
        guard spillLastLine(of: start, count: count, into: &outcome, runs: &runs) else { return nil }
        outcome.kept = kept
        return outcome
    }

    /// How many default items `edits` add (negative: remove), or `nil` when
    /// one puts an item with a size of its own.
    private static func defaultsAdded(by edits: [ItemEdit]) -> Int? {
        var delta = 0
        for edit in edits {
            for segment in edit.replacement {
                guard case .defaults(let count) = segment else { return nil }
                delta += count
            }
            delta -= edit.range.count
        }
        return delta
    }

    /// Where the old lines of the run of default items `run` (found as
    /// `start`), whose last line kept its number of items, are back in step
    /// past an edit ending at `editsEnd`: at the first old line start past
    /// it, in the run, or where the next run starts (none at the section's
    /// end, `itemCount`).
    private func resumedAfter(_ editsEnd: Int, in run: Run, start: Start, itemCount: Int) -> KeptLines? {
        let perLine = geometry.perLine
        let end = start.firstItem + run.itemCount
        let passed = (editsEnd - start.firstItem + perLine - 1) / perLine
        let old = start.firstItem + passed * perLine
        if old < end { return KeptLines(advance: start.advance + geometry.defaultAdvance * passed, items: old) }
        if end < itemCount { return KeptLines(advance: start.advance + run.advance, items: end) }
        return nil
    }

    /// The run of default items `start` found, now of `count` items, keeps
    /// its full lines, which end where a line must (another default item
    /// follows), and the items of its last line join the next run, rewritten
    /// as one, both written in one descent; `false`, with nothing changed,
    /// when the next run's lines are not back in step inside it.
    private func spillLastLine(of start: Start, count: Int, into outcome: inout Outcome, runs: inout BTree<Run>) -> Bool {
        let perLine = geometry.perLine
        let fullLines = (count - 1) / perLine
        let spill = count - fullLines * perLine
        guard fullLines > 0 || start.run > 0, let run = start.element else { return false }
        let next = start.run + 1
        let following = runs[next]
        guard
            let rewritten = rewrite(
                following, start: (next, start.firstItem + run.itemCount, start.advance + run.advance, following), edits: [],
                frontDefaults: spill, isLast: next == runs.count - 1, into: &outcome)
        else { return false }
        if fullLines > 0 {
            let full = Run(itemCount: fullLines * perLine, lineCount: fullLines, advance: geometry.defaultAdvance * fullLines)
            runs.replaceSubrange(start.run..<(next + 1), with: CollectionOfTwo(full, rewritten))
        } else {
            runs.replaceSubrange(start.run..<(next + 1), with: CollectionOfOne(rewritten))
        }
        return true
    }

    // MARK: A run with sizes

    /// Applies `edits` (sorted, in the runs' numbering), all inside the run
    /// `start` found, when their lines come back in step inside it (or it is
    /// the last run); `nil`, with nothing changed, otherwise, or when default
    /// items would start or end the section in a run holding sizes (a window
    /// keeps them in a run of their own).
    ///
    /// - Complexity: O(log runs + the run's items and lines).
    func applyInsideRun(_ edits: [ItemEdit], start: Start, to runs: inout BTree<Run>) -> Outcome? {
        // A few edits (a batch of many, such as a snapshot's, goes to windows,
        // which read them once each).
        guard edits.count <= Self.insideRunEdits, let run = start.element, let first = edits.first, let last = edits.last
        else { return nil }
        let firstItem = start.firstItem
        guard first.range.lowerBound >= firstItem, last.range.upperBound <= firstItem + run.itemCount else { return nil }
        let isLast = start.run == runs.count - 1
        if isLast, Self.endsWithDefault(run, edits, firstItem: firstItem) { return nil }
        if start.run == 0, Self.startsWithDefault(run, edits, firstItem: firstItem) { return nil }
        var outcome = Outcome()
        guard let rewritten = rewrite(run, start: start, edits: edits, isLast: isLast, into: &outcome) else { return nil }
        runs.modify(at: start.run) { $0 = rewritten }
        return outcome
    }

    /// The most edits ``applyInsideRun(_:start:to:)`` takes on.
    static let insideRunEdits = 8

    /// `run` (found as `start`) with `edits` (sorted, in the runs'
    /// numbering, inside it) applied, and the outcome, when its new lines
    /// come back in step with its old ones inside it (or it is the last run,
    /// `isLast`); `nil` otherwise, or when it would hold more sizes than a
    /// window packs into one run, or span more items than a buffer addresses.
    ///
    /// - Complexity: O(the run's items and lines).
    func rewrite(
        _ run: Run, start: Start, edits: [ItemEdit], frontDefaults: Int = 0, isLast: Bool, into outcome: inout Outcome
    ) -> Run? {
        guard frontDefaults > 0 || !edits.isEmpty else { return nil }
        let firstItem = start.firstItem
        let (delta, sized) = Self.change(of: run, by: edits, frontDefaults: frontDefaults, firstItem: firstItem)
        let itemCount = run.itemCount + delta
        guard itemCount > 0, sized <= RunBuilder.openCapacity, sized == 0 || itemCount <= Run.maximumSparseSpan else {
            return nil
        }

        // 1. The line holding the item before the first edit: the lines
        // before it stay as they are.
        let editsStart = frontDefaults > 0 ? firstItem : edits[0].range.lowerBound
        var old = OldLines(runs: BTree(), geometry: geometry, from: 0, firstItem: firstItem, first: run)
        if sized > 0 && editsStart > firstItem { old.advance(toLineAtOrBefore: editsStart - 1) }
        let kept = (items: old.position, lines: old.lines, advance: old.advance)

        // 2. The new run's items: the old ones with the edits applied.
        let buffer = Self.items(
            of: run, with: edits, frontDefaults: frontDefaults, firstItem: firstItem, count: (itemCount, sized),
            into: &outcome)
        let edited = Run(itemCount: itemCount, lineCount: 0, advance: .zero, sizes: buffer, sizedCount: sized)

        // 3. New lines from the kept line on, until one starts where an old
        // line does past every edit, inside the old run.
        guard
            let broken = breakLines(
                of: edited, from: kept.items, firstItem: firstItem, delta: delta,
                oldEnd: (edits: edits.last?.range.upperBound ?? firstItem, run: firstItem + run.itemCount),
                isLast: isLast, old: &old, into: &outcome)
        else { return nil }

        // 4. The old lines from where they are back in step: the run's less
        // those before (exact unless the run's advance saturated).
        var lineCount = kept.lines + broken.lines
        var advance = kept.advance + broken.advance
        if broken.resumed != nil {
            guard run.advance < Offset.limit, Offset.zero - Offset.limit < run.advance else { return nil }
            lineCount += run.lineCount - old.lines
            advance += run.advance - old.advance
        }
        outcome.kept = KeptLines(advance: start.advance + kept.advance, items: kept.items)
        if let resumed = broken.resumed { outcome.resumed = KeptLines(advance: start.advance + old.advance, items: resumed) }
        return Run(itemCount: itemCount, lineCount: lineCount, advance: advance, sizes: buffer, sizedCount: sized)
    }

    /// How many items `edits` (and `frontDefaults` default items put first)
    /// add to `run`, which starts at `firstItem`, and how many sized items it
    /// then holds.
    private static func change(
        of run: Run, by edits: [ItemEdit], frontDefaults: Int, firstItem: Int
    ) -> (delta: Int, sized: Int) {
        var delta = frontDefaults
        var sized = run.sizedCount
        for edit in edits {
            for segment in edit.replacement {
                if case .sized = segment { sized += 1 }
                delta += segment.count
            }
            delta -= edit.range.count
            sized -= run.sizedCount(in: (edit.range.lowerBound - firstItem)..<(edit.range.upperBound - firstItem))
        }
        return (delta, sized)
    }

    /// The items of `run` with `edits` applied (`count` of them, `count.sized`
    /// with sizes), written into a buffer of their size: the sizes removed
    /// and added counted in `outcome`.
    private static func items(
        of run: Run, with edits: [ItemEdit], frontDefaults: Int, firstItem: Int, count: (items: Int, sized: Int),
        into outcome: inout Outcome
    ) -> SizeBuffer? {
        var writer = RunWriter(itemCount: count.items, sizedCount: count.sized)
        if frontDefaults > 0 { writer.append(.defaults(frontDefaults)) }
        var read = 0
        for edit in edits {
            let lower = edit.range.lowerBound - firstItem
            writer.copy(from: run, items: read..<lower)
            run.forEachSize(in: lower..<(edit.range.upperBound - firstItem)) { outcome.removed.add($0) }
            for segment in edit.replacement {
                if case .sized(let size) = segment { outcome.added.add(size) }
                writer.append(segment)
            }
            read = edit.range.upperBound - firstItem
        }
        writer.copy(from: run, items: read..<run.itemCount)
        return writer.buffer
    }

    /// The lines of `edited` (the run after the edits, `delta` items longer)
    /// broken from its item `from` on, until one starts where a line of the
    /// old run (read by `old`) does past `oldEnd.edits`: the lines and
    /// advance broken and the old item where they are back in step; at the
    /// old run's end (`oldEnd.run`), `nil` unless the run is the last.
    private func breakLines(
        of edited: Run, from: Int, firstItem: Int, delta: Int, oldEnd: (edits: Int, run: Int), isLast: Bool,
        old: inout OldLines, into outcome: inout Outcome
    ) -> (lines: Int, advance: Offset, resumed: Int?)? {
        var lines = RunLineReaders(edited, geometry: geometry, startingAt: from - firstItem)
        var position = from
        var lineCount = 0
        var advance = Offset.zero
        while true {
            let oldPosition = position - delta
            if oldPosition >= oldEnd.edits {
                if oldPosition >= oldEnd.run {
                    // At the run's end: its last line may now take the next run's items.
                    return isLast ? (lineCount, advance, nil) : nil
                }
                if old.advance(to: oldPosition) { return (lineCount, advance, oldPosition) }
            }
            guard let group = lines.nextGroup(in: geometry) else { return nil }
            position += group.itemCount
            lineCount += group.lineCount
            if group.isDefaultLines {
                advance += geometry.defaultAdvance * group.lineCount
            } else {
                advance += Offset(group.thickness) + geometry.lineSpacingOffset
                outcome.linesBroken += 1
            }
        }
    }

    /// Whether `run`'s last item after `edits` (inside it) takes the default size.
    private static func endsWithDefault(_ run: Run, _ edits: [ItemEdit], firstItem: Int) -> Bool {
        if let last = edits.last, last.range.upperBound == firstItem + run.itemCount {
            if let segment = last.replacement.last {
                if case .sized = segment { return false }
                return true
            }
            // The edit removes the run's last items: the item before it ends the run.
            let before = last.range.lowerBound - firstItem - 1
            return before >= 0 && run.explicitSize(ofItem: before) == nil
        }
        return run.explicitSize(ofItem: run.itemCount - 1) == nil
    }

    /// Whether `run`'s first item after `edits` (inside it) takes the default size.
    private static func startsWithDefault(_ run: Run, _ edits: [ItemEdit], firstItem: Int) -> Bool {
        if let first = edits.first, first.range.lowerBound == firstItem {
            if let segment = first.replacement.first {
                if case .sized = segment { return false }
                return true
            }
            let after = first.range.upperBound - firstItem
            return after < run.itemCount && run.explicitSize(ofItem: after) == nil
        }
        return run.explicitSize(ofItem: 0) == nil
    }
}

/// Two elements, as a collection (a replacement of two runs).
struct CollectionOfTwo<Element>: RandomAccessCollection {
    let first: Element
    let second: Element

    init(_ first: Element, _ second: Element) {
        self.first = first
        self.second = second
    }

    var startIndex: Int { 0 }
    var endIndex: Int { 2 }
    subscript(position: Int) -> Element { position == 0 ? first : second }
}

/// A run's explicit sizes, written once in item order into a buffer of
/// exactly their size, sparse or dense, whichever is smaller (as
/// ``RunBuilder`` chooses): the items of an old run copied in stretches, and
/// new ones appended.
struct RunWriter {
    /// The buffer, `nil` when no item has a size of its own.
    let buffer: SizeBuffer?
    private let isDense: Bool
    private let sizes: UnsafeMutablePointer<Size>?
    private let offsets: UnsafeMutablePointer<UInt16>?
    /// The next item to write, and the next sparse entry.
    private(set) var item = 0
    private var entry = 0

    /// A writer of `itemCount` items, `sizedCount` of them with a size of their own.
    init(itemCount: Int, sizedCount: Int) {
        guard sizedCount > 0 else {
            buffer = nil
            isDense = false
            sizes = nil
            offsets = nil
            return
        }
        isDense = !(itemCount <= Run.maximumSparseSpan && sizedCount * 18 < itemCount * 16)
        let storage = SizeStorage.unwritten(count: isDense ? itemCount : sizedCount, isDense: isDense)
        sizes = storage.writableElements
        offsets = isDense ? nil : storage.writableOffsets
        if isDense && sizedCount < itemCount { sizes!.initialize(repeating: .unsized, count: itemCount) }
        buffer = SizeBuffer(storage, start: 0, count: isDense ? itemCount : sizedCount)
    }

    /// Appends the items of `segment`.
    @inline(__always)
    mutating func append(_ segment: ItemSegment) {
        switch segment {
        case .defaults(let count): item += count
        case .sized(let size):
            write(size, at: item)
            item += 1
        }
    }

    /// Appends the items `range` of `run`, as they are.
    mutating func copy(from run: Run, items range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let old = run.sizes {
            let source = old.sizes
            if old.isDense {
                if isDense {
                    (sizes! + item).update(from: source + range.lowerBound, count: range.count)
                } else {
                    for index in range where !source[index].isUnsized {
                        write(source[index], at: item + index - range.lowerBound)
                    }
                }
            } else {
                let first = old.firstEntry(atOrAfter: range.lowerBound)
                let last = old.firstEntry(atOrAfter: range.upperBound)
                let sourceOffsets = old.offsets
                let shift = item - range.lowerBound
                if isDense {
                    for index in first..<last { sizes![shift + Int(sourceOffsets[index])] = source[index] }
                } else if first < last {
                    // Sparse to sparse: the sizes as they are, the offsets moved.
                    (sizes! + entry).update(from: source + first, count: last - first)
                    let offsets = offsets!
                    for index in first..<last { offsets[entry + index - first] = UInt16(shift + Int(sourceOffsets[index])) }
                    entry += last - first
                }
            }
        }
        item += range.count
    }

    @inline(__always)
    private mutating func write(_ size: Size, at item: Int) {
        if isDense {
            sizes![item] = size
        } else {
            sizes![entry] = size
            offsets![entry] = UInt16(item)
            entry += 1
        }
    }
}

extension Run {
    /// The number of items in `range` (relative to the run) with a size of their own.
    ///
    /// - Complexity: O(range) in a dense run, O(log sized) in a sparse one.
    func sizedCount(in range: Range<Int>) -> Int {
        guard let sizes, !range.isEmpty else { return 0 }
        if sizes.isDense {
            if sizedCount == itemCount { return range.count }
            var count = 0
            for index in range where !sizes.size(at: index).isUnsized { count += 1 }
            return count
        }
        return sizes.firstEntry(atOrAfter: range.upperBound) - sizes.firstEntry(atOrAfter: range.lowerBound)
    }

    /// Calls `body` with the size of each item in `range` (relative to the
    /// run) that has one of its own, in order.
    func forEachSize(in range: Range<Int>, _ body: (Size) -> Void) {
        guard let sizes, !range.isEmpty else { return }
        if sizes.isDense {
            for index in range where !sizes.size(at: index).isUnsized { body(sizes.size(at: index)) }
        } else {
            for index in sizes.firstEntry(atOrAfter: range.lowerBound)..<sizes.firstEntry(atOrAfter: range.upperBound) {
                body(sizes.size(at: index))
            }
        }
    }
}
