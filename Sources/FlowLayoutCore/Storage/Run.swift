/// A stretch of consecutive items of one section, the unit of item storage: their
/// explicit sizes, if any, and the summary of the lines they form.
///
/// In a laid-out section every run starts where a line starts, so the run's
/// lines can be found again by breaking its own items greedily from its first
/// item (`flow-layout.md` 2.1): nothing per line is stored. The run keeps only
/// how many lines it holds and their *advance*, the sum over its lines of
/// `thickness + lineSpacing`, so that the runs of a section, summed in a
/// ``BTree``, locate any line by item, by line index or by offset.
///
/// In a pending section (never laid out, or invalidated by a viewport width
/// change) runs only hold items; their line counts and advances are zero and
/// mean nothing until the section is laid out again.
///
/// 40 bytes, plus its share of the ``SizeStorage`` of its explicit sizes when it
/// has any.
struct Run: TreeElement, @unchecked Sendable {
    // Sendable in fact: its only reference is an immutable ``SizeStorage``.
    private var storedItemCount: Int32
    private var storedLineCount: Int32
    private var storedSizedCount: Int32
    /// The index of the run's first entry in `storage` (which may hold other
    /// runs' entries before and after).
    private var storedSizesStart: Int32
    /// The sum over the run's lines of `thickness + lineSpacing`.
    var advance: Offset
    private var storage: SizeStorage?

    /// Creates a run of `itemCount` items forming `lineCount` lines.
    init(itemCount: Int, lineCount: Int, advance: Offset, sizes: SizeBuffer? = nil, sizedCount: Int = 0) {
        storedItemCount = Int32(itemCount)
        storedLineCount = Int32(lineCount)
        storedSizedCount = Int32(sizedCount)
        storedSizesStart = Int32(sizes?.start ?? 0)
        self.advance = advance
        storage = sizes?.storage
    }

    /// The explicit sizes of the run's items; `nil` when every item takes the
    /// section's default size.
    @inline(__always)
    var sizes: SizeBuffer? {
        guard let storage else { return nil }
        return SizeBuffer(
            storage, start: Int(storedSizesStart), count: storage.isDense ? Int(storedItemCount) : storage.count)
    }

    /// The sums of the run's explicit sizes.
    var sums: SizeSums {
        guard let sizes else { return .zero }
        return SizeSums(UnsafeBufferPointer(start: sizes.sizes, count: sizes.count))
    }

    /// The number of items.
    @inline(__always)
    var itemCount: Int { Int(storedItemCount) }
    /// The number of lines (0 in a pending section).
    @inline(__always)
    var lineCount: Int { Int(storedLineCount) }
    /// The number of items with a size of their own.
    @inline(__always)
    var sizedCount: Int { Int(storedSizedCount) }

    /// The most items a run with a sparse ``SizeBuffer`` spans: its offsets are 16 bits.
    static let maximumSparseSpan = 65_536
    /// A run takes no further line once it holds this many explicit sizes, so that
    /// finding a line inside it stays a short walk.
    static let sizedCapacity = 32
    /// A run of sizes a host gave, every item sized, takes no further line once it
    /// holds this many: twice ``sizedCapacity``, since such runs are many (a run
    /// costs 40 bytes, 1.2 bytes an item at 32) and are re-broken only where
    /// edits reach them (a window then packs new runs of ``sizedCapacity``).
    static let givenCapacity = 64

    var summary: RunSummary {
        RunSummary(items: itemCount, lines: lineCount, advance: advance, sized: sizedCount)
    }

    /// The size item `item` (relative to the run) has of its own, or `nil`.
    ///
    /// - Complexity: O(1) in a dense run, O(log sized) in a sparse one.
    func explicitSize(ofItem item: Int) -> Size? {
        guard let sizes else { return nil }
        if sizes.isDense {
            let size = sizes.size(at: item)
            return size.isUnsized ? nil : size
        }
        let entry = sizes.firstEntry(atOrAfter: item)
        return entry < sizes.count && sizes.offset(at: entry) == item ? sizes.size(at: entry) : nil
    }

    /// Bytes of heap the run owns beyond its own 40 bytes: its share of its
    /// sizes' storage (``SizeBuffer/allocatedBytes``).
    var allocatedBytes: Int { sizes?.allocatedBytes ?? 0 }
}

/// The sums over a stretch of runs.
struct RunSummary: TreeSummary {
    /// Items.
    var items: Int
    /// Lines (in a laid-out section).
    var lines: Int
    /// The sum of `thickness + lineSpacing` over the lines.
    var advance: Offset
    /// Items with a size of their own.
    var sized: Int

    static let zero = RunSummary(items: 0, lines: 0, advance: .zero, sized: 0)

    @inline(__always)
    static func + (lhs: RunSummary, rhs: RunSummary) -> RunSummary {
        RunSummary(
            items: lhs.items + rhs.items, lines: lhs.lines + rhs.lines, advance: lhs.advance + rhs.advance,
            sized: lhs.sized + rhs.sized)
    }

    /// Exact unless `whole`'s advance saturated (every part of an unsaturated
    /// sum is below it, so the subtraction undoes the addition exactly).
    @inline(__always)
    static func difference(_ whole: RunSummary, less last: RunSummary) -> RunSummary? {
        guard whole.advance < Offset.limit else { return nil }
        return RunSummary(
            items: whole.items - last.items, lines: whole.lines - last.lines, advance: whole.advance - last.advance,
            sized: whole.sized - last.sized)
    }
}

/// A piece of an item sequence, as line breaking reads it.
enum ItemSegment: Hashable, Sendable {
    /// This many consecutive items of the section's default size (`itemSize`, or
    /// the estimate for self-sizing items not measured).
    case defaults(Int)
    /// One item with a size of its own.
    case sized(Size)

    /// One item: `.sized` with the size it keeps of its own, or one of the
    /// default size when it keeps none.
    init(item storedSize: Size?) {
        self = storedSize.map { .sized($0) } ?? .defaults(1)
    }

    /// The number of items.
    var count: Int {
        switch self {
        case .defaults(let count): count
        case .sized: 1
        }
    }
}

/// A sequence of items read front to back, as segments. Consecutive default
/// items always come as one segment: a `.defaults` segment is followed by a
/// `.sized` one or by the end.
protocol ItemSource {
    /// The next segment, or `nil` at the end.
    mutating func next() -> ItemSegment?
    /// Appends the next few segments to `buffer`; returns `false` when there are
    /// none left. (Each source reads as far ahead as pays for itself.)
    mutating func fill(_ buffer: inout [ItemSegment]) -> Bool
}

/// The items of one run, from a given item on.
struct RunReader: ItemSource {
    let run: Run
    /// The next item to read, relative to the run.
    private(set) var item: Int
    /// The next entry of a sparse buffer.
    private var entry: Int
    private let end: Int
    private let count: Int
    private let isDense: Bool
    private let sizes: UnsafePointer<Size>?
    private let offsets: UnsafePointer<UInt16>?

    /// A reader of `run` from item `start` (relative to the run) to its end.
    init(_ run: Run, from start: Int = 0) {
        self.run = run
        item = start
        end = run.itemCount
        if let buffer = run.sizes {
            count = buffer.count
            isDense = buffer.isDense
            sizes = buffer.sizes
            offsets = buffer.isDense ? nil : buffer.offsets
            entry = buffer.isDense ? 0 : buffer.firstEntry(atOrAfter: start)
        } else {
            count = 0
            isDense = false
            sizes = nil
            offsets = nil
            entry = 0
        }
    }

    mutating func next() -> ItemSegment? {
        guard item < end else { return nil }
        guard let sizes else {
            defer { item = end }
            return .defaults(end - item)
        }
        if isDense {
            let size = sizes[item]
            if !size.isUnsized {
                item += 1
                return .sized(size)
            }
            var stop = item + 1
            while stop < end && sizes[stop].isUnsized { stop += 1 }
            defer { item = stop }
            return .defaults(stop - item)
        }
        let nextSized = entry < count ? Int(offsets![entry]) : end
        if nextSized > item {
            defer { item = nextSized }
            return .defaults(nextSized - item)
        }
        let size = sizes[entry]
        entry += 1
        item += 1
        return .sized(size)
    }

    /// Appends every remaining segment of the run at once.
    mutating func fill(_ buffer: inout [ItemSegment]) -> Bool {
        guard item < end else { return false }
        while let segment = next() { buffer.append(segment) }
        return true
    }
}
