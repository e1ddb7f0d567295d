/// The per-item sizes a host gave for a section, kept as it gave them (one
/// array, or the chunks of ``FlowSection/itemSizeChunks``), shared with the
/// host's arrays, until the section is first laid out or edited.
///
/// Laying the section out (``laidOut(geometry:)``) or packing it for an edit
/// (``packed()``) consumes the sizes chunk by chunk: each chunk is let go as
/// soon as its sizes are in runs, so that when the host no longer holds the
/// chunks the sizes are never in memory twice (the runs' buffers are a copy).
/// With one array the peak is the array plus the runs, as before.
struct GivenSizes: RandomAccessCollection, Sendable {
    /// The chunks, in order, none empty.
    private var chunks: [[Size]]
    /// The index of each chunk's first item, then the count (empty for one chunk
    /// or none: `chunks[0]` is then the whole).
    private var starts: [Int]
    /// The number of sizes.
    private(set) var count: Int

    /// The sizes of `chunks`, in order (empty chunks are dropped).
    ///
    /// - Complexity: O(number of chunks).
    init(_ chunks: [[Size]]) {
        let kept = chunks.contains(where: \.isEmpty) ? chunks.filter { !$0.isEmpty } : chunks
        self.chunks = kept
        var starts: [Int] = []
        var total = 0
        if kept.count > 1 {
            starts.reserveCapacity(kept.count + 1)
            for chunk in kept {
                starts.append(total)
                total += chunk.count
            }
            starts.append(total)
        } else {
            total = kept.first?.count ?? 0
        }
        self.starts = starts
        count = total
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The size of item `item`.
    ///
    /// - Complexity: O(1) with one chunk, O(log chunks) otherwise.
    subscript(item: Int) -> Size {
        if starts.isEmpty { return chunks[0][item] }
        precondition(item >= 0 && item < count, "item out of range")
        // The last chunk whose first item is at or before `item`.
        let chunk = partitionPoint(in: 1..<Swift.max(chunks.count, 1)) { starts[$0] > item } - 1
        return chunks[chunk][item - starts[chunk]]
    }

    /// Reads the sizes chunk after chunk.
    struct Iterator: IteratorProtocol {
        let chunks: [[Size]]
        var chunk = 0
        var item = 0

        mutating func next() -> Size? {
            while chunk < chunks.count {
                if item < chunks[chunk].count {
                    defer { item += 1 }
                    return chunks[chunk][item]
                }
                chunk += 1
                item = 0
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// The sums of the sizes; the census counted only when all are equal
    /// (``SizeSums/init(given:)``).
    ///
    /// - Complexity: O(n).
    var givenSums: SizeSums { SizeSums(givenChunks: chunks) }

    /// The sums of the sizes with the census counted (``SizeSums/init(_:)``).
    ///
    /// - Complexity: O(n).
    var countedSums: SizeSums {
        var sums = SizeSums.zero
        for chunk in chunks {
            sums.add(chunk.withUnsafeBufferPointer { SizeSums($0) })
        }
        return sums
    }

    /// Bytes of heap the sizes hold (shared with the host's arrays until either
    /// changes).
    var allocatedBytes: Int {
        // Each array: a 32-byte header and its elements.
        var bytes = chunks.count == 1 ? 0 : 32 + chunks.count * 8 + (starts.isEmpty ? 0 : 32 + starts.capacity * 8)
        for chunk in chunks { bytes += 32 + chunk.capacity * MemoryLayout<Size>.stride }
        return bytes
    }

    // MARK: Into runs

    /// The runs of a section whose items have these sizes, laid out under
    /// `geometry`: the one full-layout loop, reading each chunk in place and
    /// letting it go once its sizes are in runs. Runs close at the first line
    /// start after ``Run/givenCapacity`` items; a line or a run may span
    /// chunks. The runs' sizes are copied into shared storages
    /// (``SizeStorage/shared(_:initialize:)``), and the runs go straight into
    /// the tree (``BTree/Builder``). Leaves the sizes empty.
    ///
    /// - Complexity: O(n).
    mutating func laidOut(geometry: LineGeometry) -> BTree<Run> {
        if chunks.count == 1 {
            // One array (the common case): no line or run can span chunks, so
            // its lines come straight from the buffer.
            let sizes = chunks[0]
            self = GivenSizes([])
            return Self.laidOut(sizes, geometry: geometry)
        }
        var runs = RunCollector()
        var line = OpenLine()
        for index in chunks.indices {
            let isLast = index == chunks.count - 1
            chunks[index].withUnsafeBufferPointer { sizes in
                let n = sizes.count
                var p = 0
                while true {
                    while p < n && line.take(sizes[p], in: geometry) { p += 1 }
                    guard p < n || isLast else { break }  // the line goes on in the next chunk
                    runs.closeLine(thickness: line.thickness, geometry: geometry)
                    line = OpenLine()
                    if runs.openItems(upTo: p) >= Run.givenCapacity || p == n {
                        runs.closeRun(sizes, upTo: p, lineSpacing: geometry.lineSpacingOffset)
                    }
                    if p == n { break }
                }
                runs.endChunk(sizes, isLast: isLast)
            }
            chunks[index] = []
        }
        self = GivenSizes([])
        return runs.finish()
    }

    /// The runs of a section whose items have the sizes of one array, laid out
    /// under `geometry`, its lines broken in place by ``DenseLines``. Runs close
    /// as in ``laidOut(geometry:)``.
    ///
    /// - Complexity: O(n).
    private static func laidOut(_ given: [Size], geometry: LineGeometry) -> BTree<Run> {
        var runs = RunCollector()
        given.withUnsafeBufferPointer { sizes in
            var lines = DenseLines(sizes)
            while let line = lines.next(in: geometry) {
                runs.closeLine(thickness: line.thickness, geometry: geometry)
                let end = line.items.upperBound
                if runs.openItems(upTo: end) >= Run.givenCapacity || end == sizes.count {
                    runs.closeRun(sizes, upTo: end, lineSpacing: geometry.lineSpacingOffset)
                }
            }
            runs.endChunk(sizes, isLast: true)
        }
        return runs.finish()
    }

    /// The runs of these sizes, ``Run/sizedCapacity`` to a run, without lines:
    /// the items of a pending section about to be edited. Each chunk is let go
    /// once its sizes are in runs. Leaves the sizes empty.
    ///
    /// - Complexity: O(n).
    mutating func packed() -> BTree<Run> {
        var runs = RunCollector()
        for index in chunks.indices {
            let isLast = index == chunks.count - 1
            chunks[index].withUnsafeBufferPointer { sizes in
                var p = 0
                while true {
                    p = Swift.min(sizes.count, p + Run.sizedCapacity - runs.openItems(upTo: p))
                    guard runs.openItems(upTo: p) == Run.sizedCapacity || (isLast && p == sizes.count) else { break }
                    runs.closeRun(sizes, upTo: p, lineSpacing: .zero)
                    if p == sizes.count { break }
                }
                runs.endChunk(sizes, isLast: isLast)
            }
            chunks[index] = []
        }
        self = GivenSizes([])
        return runs.finish()
    }
}

/// The runs built from given sizes, chunk by chunk, every item sized. Runs are
/// closed into a pending group; once the group holds ``SizeStorage/sharedItems``
/// items (or at the last item) its sizes are copied into one storage that its
/// runs share, and the runs go into the tree. At a chunk's end the items not
/// yet in a storage (the pending runs' and the open run's) are carried over,
/// copied, so that the chunk can be let go; the storages are therefore the
/// same whatever the chunks, as for one array.
private struct RunCollector {
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
