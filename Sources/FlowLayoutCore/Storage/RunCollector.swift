/// The runs built from given sizes (``GivenSizes``), chunk by chunk, every
/// item sized: for a section's first layout (`GivenSizes+Layout.swift`) and
/// for packing a pending section before an edit (``GivenSizes/packed()``). Runs are
/// closed into a pending group; once the group holds ``SizeStorage/sharedItems``
/// items (or at the last item) its sizes are copied into one storage that its
/// runs share, and the runs go into the tree. At a chunk's end the items not
/// yet in a storage (the pending runs' and the open run's) are carried over,
/// copied, so that the chunk can be let go; the storages are therefore the
/// same whatever the chunks, as for one array.
struct RunCollector {
    var tree = BTree<Run>.Builder()
    /// Items of earlier chunks not yet in a storage: the pending runs', then
    /// the open run's (`openCarried` of them).
    var carried: [Size] = []
    var openCarried = 0
    /// The first item of the current chunk not yet in a storage.
    var groupStart = 0
    /// The open run's first item in the current chunk (0 when it started in
    /// an earlier one).
    var start = 0
    /// The open run's lines, and their advance: `advance` holds the lines
    /// summed one by one, `fixedSum` and `fixedLines` those whose thickness is
    /// a multiple of 2⁻⁶ (see ``closeLine(thickness:geometry:)``).
    var lines = 0
    var advance = Offset.zero
    /// The thicknesses of `fixedLines` of the open run's lines, in 64ths of a
    /// point: each such line's advance is its thickness plus the line spacing.
    var fixedSum: Int64 = 0
    var fixedLines = 0
    /// The runs closed but not yet given a storage: items, lines, advance.
    var pending: [(items: Int, lines: Int, advance: Offset)] = []
    var pendingItems = 0

    /// The open run's items if it ends before item `end` of the current chunk.
    @inline(__always)
    func openItems(upTo end: Int) -> Int { openCarried + end - start }

    /// Adds a line that closed, of this thickness, to the open run.
    ///
    /// A thickness that is a multiple of 2⁻⁶ below 2⁴⁶ (text on half points,
    /// photos on whole ones) is summed as a whole number of 64ths, and the sum
    /// converted once when the run closes: its `Offset` is exactly the sum of
    /// the lines' `Offset`s, since every such thickness converts exactly and
    /// the sums stay far below the ±2⁶² where `Offset` saturates (a run has at
    /// most ``Run/givenCapacity`` lines of at most 2⁴⁶ points; with a negative
    /// line spacing, whose partial sums could in principle saturate in another
    /// order, every line is summed one by one).
    @inline(__always)
    mutating func closeLine(thickness: Double, geometry: LineGeometry) {
        lines += 1
        let scaled = thickness * 0x1p6
        if scaled >= 0 && scaled < 0x1p52 && !geometry.lineSpacingOffset.isNegative {
            let whole = Int64(scaled)
            if Double(whole) == scaled {
                fixedSum &+= whole
                fixedLines += 1
                return
            }
        }
        advance += Offset(thickness) + geometry.lineSpacingOffset
    }

    /// The open run's advance: its lines summed one by one and those summed in 64ths.
    @inline(__always)
    func runAdvance(lineSpacing: Offset) -> Offset {
        guard fixedLines > 0 else { return advance }
        let fixed = Offset(high: fixedSum >> 6, low: UInt64(fixedSum & 0x3f) << 58)
        return advance + fixed + lineSpacing * fixedLines
    }

    /// Closes the open run before item `end` of the current chunk; its lines
    /// are `lineSpacing` apart (the geometry's, or zero when it has none).
    mutating func closeRun(_ sizes: UnsafeBufferPointer<Size>, upTo end: Int, lineSpacing: Offset) {
        let items = openItems(upTo: end)
        guard items > 0 else { return }
        pending.append((items, lines, runAdvance(lineSpacing: lineSpacing)))
        pendingItems += items
        openCarried = 0
        start = end
        lines = 0
        advance = .zero
        fixedSum = 0
        fixedLines = 0
        if pendingItems >= SizeStorage.sharedItems { flush(sizes) }
    }

    /// Gives the pending runs their storage, which they share, and puts them in
    /// the tree.
    private mutating func flush(_ sizes: UnsafeBufferPointer<Size>) {
        guard !pending.isEmpty else { return }
        let own = start - groupStart
        precondition(carried.count + own == pendingItems, "the pending runs' items")
        let storage = SizeStorage.shared(pendingItems) { elements in
            carried.withUnsafeBufferPointer { carried in
                if let base = carried.baseAddress { Self.copy(base, count: carried.count, to: elements) }
            }
            if own > 0 { Self.copy(sizes.baseAddress! + groupStart, count: own, to: elements + carried.count) }
        }
        var first = 0
        for run in pending {
            tree.append(
                Run(
                    itemCount: run.items, lineCount: run.lines, advance: run.advance,
                    sizes: SizeBuffer(storage, start: first, count: run.items), sizedCount: run.items))
            first += run.items
        }
        pending.removeAll(keepingCapacity: true)
        pendingItems = 0
        carried.removeAll(keepingCapacity: true)
        groupStart = start
    }

    /// Copies `count` sizes in pieces of 1 KiB. (One copy of 16 KiB would be a
    /// `rep movsb`, which callgrind counts as one instruction a byte: sixteen
    /// times what the same copy in pieces costs, for the same time.)
    @inline(__always)
    private static func copy(_ source: UnsafePointer<Size>, count: Int, to destination: UnsafeMutablePointer<Size>) {
        var done = 0
        while done < count {
            let piece = Swift.min(64, count - done)
            (destination + done).initialize(from: source + done, count: piece)
            done += piece
        }
    }

    /// At the end of a chunk: its items not yet in a storage are carried to
    /// the next; after the last, the pending runs get their storage.
    mutating func endChunk(_ sizes: UnsafeBufferPointer<Size>, isLast: Bool) {
        if isLast {
            precondition(start == sizes.count, "items left after the last run")
            flush(sizes)
            return
        }
        if groupStart < sizes.count { carried.append(contentsOf: sizes[groupStart...]) }
        openCarried += sizes.count - start
        start = 0
        groupStart = 0
    }

    /// The runs, in a tree.
    consuming func finish() -> BTree<Run> {
        precondition(carried.isEmpty && pending.isEmpty, "items left after the last run")
        return tree.finish()
    }
}
