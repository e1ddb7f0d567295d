/// The item identifiers of one section, in order (`flow-layout.md` 11.1): chunks
/// of up to ``chunkCapacity`` identifiers indexed by their start positions, so
/// that an insertion or a removal in the middle of a million items shifts at most
/// one chunk, never everything after it; or, after a snapshot, the snapshot's
/// own array of the section, shared with the host (``init(sharing:)``), cut into
/// chunks at the first edit.
///
/// Costs 8 bytes per identifier, plus a chunk's array header (32 bytes) and its
/// index entry (8 bytes) per chunk of up to 1,024 identifiers: under 8.2 bytes
/// per item for a list built whole; a chunk that takes insertions is rebuilt
/// at its exact size (removals leave their room in the chunk until it is
/// rebuilt).
struct IdentifierList: Sendable {
    /// The most identifiers one chunk holds before it is split.
    static let chunkCapacity = 1_024
    /// How many identifiers a chunk of a list built whole holds.
    static let buildChunk = 1_000

    /// The chunks, in order; none is empty.
    private(set) var chunks: [ContiguousArray<FlowIdentifier>] = []
    /// The position of each chunk's first identifier, and then the count.
    private(set) var starts: [Int] = [0]

    /// An empty list.
    init() {}

    /// A list of `identifiers`, in order.
    ///
    /// - Complexity: O(n).
    init<C: Collection>(_ identifiers: C) where C.Element == FlowIdentifier {
        chunks.reserveCapacity((identifiers.count + Self.buildChunk - 1) / Self.buildChunk)
        var start = identifiers.startIndex
        while start != identifiers.endIndex {
            // Each chunk copied whole (a slice of an array: one copy of memory).
            let end = identifiers.index(start, offsetBy: Self.buildChunk, limitedBy: identifiers.endIndex) ?? identifiers.endIndex
            chunks.append(ContiguousArray(identifiers[start..<end]))
            start = end
        }
        reindex()
    }

    /// A list that holds `array`'s storage itself, as one chunk of any length,
    /// when the array has little spare capacity (a snapshot's section, kept as
    /// the host handed it: no copy, and the host's next snapshot is known
    /// unchanged if it hands the same array, by ``shares(_:)``); `nil` otherwise.
    /// The first edit cuts it into chunks.
    ///
    /// - Complexity: O(1).
    init?(sharing array: [FlowIdentifier]) {
        guard !array.isEmpty, array.capacity <= array.count + array.count / 32 + 4 else { return nil }
        // Array and ContiguousArray share one buffer type: this is no copy.
        chunks = [ContiguousArray(array)]
        starts = [0, array.count]
    }

    /// Whether the list is `array`'s own storage, unchanged (see ``init(sharing:)``).
    ///
    /// - Complexity: O(1).
    func shares(_ array: [FlowIdentifier]) -> Bool {
        guard chunks.count == 1, chunks[0].count == array.count else { return false }
        return chunks[0].withUnsafeBufferPointer { mine in
            array.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

    /// The number of identifiers.
    var count: Int { starts[starts.count - 1] }

    /// The chunk holding position `position` (`0 ..< count`).
    ///
    /// - Complexity: O(log chunks).
    @inline(__always)
    func chunk(holding position: Int) -> Int {
        // The last chunk whose first position is at or before `position`.
        partitionPoint(in: 1..<Swift.max(chunks.count, 1)) { starts[$0] > position } - 1
    }

    /// The identifier at `position`.
    ///
    /// - Complexity: O(log chunks).
    subscript(position: Int) -> FlowIdentifier {
        let c = chunk(holding: position)
        return chunks[c][position - starts[c]]
    }

    /// Every identifier, in order: O(n), for tests and archives.
    var all: [FlowIdentifier] {
        var result: [FlowIdentifier] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk) }
        return result
    }

    /// The position of `identifier`, found by comparison.
    ///
    /// - Complexity: O(n).
    func firstPosition(of identifier: FlowIdentifier) -> Int? {
        for (c, chunk) in chunks.enumerated() {
            if let found = chunk.firstIndex(of: identifier) { return starts[c] + found }
        }
        return nil
    }

    /// Removes the identifiers at `removed` (positions before, ascending), then
    /// inserts `placed` at their positions after (ascending), like a batch
    /// (`flow-layout.md` 10.1).
    ///
    /// - Complexity: O(removed · (log chunks + chunk) + placed) plus the
    ///   chunks placements land in, plus O(chunks) to re-index.
    mutating func edit(removing removed: [Int], placing placed: [(position: Int, identifier: FlowIdentifier)]) {
        guard !removed.isEmpty || !placed.isEmpty else { return }
        // A list kept whole as a snapshot handed it is cut into chunks first.
        if chunks.count == 1 && chunks[0].count > Self.chunkCapacity { self = IdentifierList(chunks[0]) }
        // Removals last first: each leaves the positions before it valid.
        for position in removed.reversed() {
            let c = chunk(holding: position)
            chunks[c].remove(at: position - starts[c])
            if chunks[c].isEmpty {
                chunks.remove(at: c)
                starts.remove(at: c)
            }
        }
        reindex()
        guard !placed.isEmpty else { return }
        if chunks.isEmpty {
            self = IdentifierList(placed.map(\.identifier))
            return
        }
        place(placed)
    }

    /// Inserts `placed` at their positions after (ascending), into a list
    /// not empty: each placement goes before the item that is at (position
    /// after) − (rank), or at the end; the chunk holding that item is rebuilt
    /// once with all of its placements (split in halves or more when it grows
    /// past the capacity), the others are kept.
    private mutating func place(_ placed: [(position: Int, identifier: FlowIdentifier)]) {
        let total = count
        var rebuilt: [ContiguousArray<FlowIdentifier>] = []
        rebuilt.reserveCapacity(chunks.count + placed.count / (Self.chunkCapacity / 2) + 1)
        var k = 0
        for c in chunks.indices {
            let end = c == chunks.count - 1 ? total + 1 : starts[c + 1]
            let first = k
            while k < placed.count && placed[k].position - k < end { k += 1 }
            guard k > first else {
                rebuilt.append(chunks[c])
                continue
            }
            var merged = ContiguousArray<FlowIdentifier>()
            merged.reserveCapacity(chunks[c].count + (k - first))
            // The chunk's items between placements are copied a run at a time.
            var copied = 0
            for r in first..<k {
                let before = placed[r].position - r - starts[c]
                merged.append(contentsOf: chunks[c][copied..<before])
                merged.append(placed[r].identifier)
                copied = before
            }
            merged.append(contentsOf: chunks[c][copied...])
            if merged.count <= Self.chunkCapacity {
                rebuilt.append(merged)
                continue
            }
            let pieces = (merged.count + Self.buildChunk - 1) / Self.buildChunk
            var from = 0
            for piece in 0..<pieces {
                let length = merged.count / pieces + (piece < merged.count % pieces ? 1 : 0)
                rebuilt.append(ContiguousArray(merged[from..<(from + length)]))
                from += length
            }
        }
        chunks = rebuilt
        reindex()
    }

    /// Recomputes the start positions.
    private mutating func reindex() {
        starts.removeAll(keepingCapacity: true)
        var total = 0
        for chunk in chunks {
            starts.append(total)
            total += chunk.count
        }
        starts.append(total)
    }

    /// Bytes of heap the list holds.
    var allocatedBytes: Int {
        var bytes = 32 + chunks.capacity * 8 + 32 + starts.capacity * 8
        for chunk in chunks { bytes += 32 + chunk.capacity * MemoryLayout<FlowIdentifier>.stride }
        return bytes
    }

    /// Checks the index against the chunks.
    func checkStructure() {
        precondition(starts.count == chunks.count + 1, "one start per chunk")
        var total = 0
        for (c, chunk) in chunks.enumerated() {
            precondition(!chunk.isEmpty && (chunk.count <= Self.chunkCapacity || chunks.count == 1), "chunk \(c) size")
            precondition(starts[c] == total, "start of chunk \(c)")
            total += chunk.count
        }
        precondition(starts.last == total, "count")
    }
}

/// Sequential reading of an ``IdentifierList`` with random steps: the chunk of
/// the last read is kept, so reading in order costs O(1) per identifier.
struct IdentifierCursor {
    let list: IdentifierList
    private var chunk = 0

    init(_ list: IdentifierList) {
        self.list = list
    }

    /// The identifier at `position`.
    @inline(__always)
    mutating func callAsFunction(_ position: Int) -> FlowIdentifier {
        let starts = list.starts
        if position < starts[chunk] || position >= starts[chunk + 1] {
            if position >= starts[chunk + 1], chunk + 2 < starts.count, position < starts[chunk + 2] {
                chunk += 1
            } else {
                chunk = list.chunk(holding: position)
            }
        }
        return list.chunks[chunk][position - starts[chunk]]
    }
}
