/// The item identifiers of one section, in order (`flow-layout.md` 11.1): chunks
/// of up to ``chunkCapacity`` identifiers indexed by their start positions, so
/// that an insertion or a removal in the middle of a million items shifts at most
/// one chunk, never everything after it.
///
/// Costs 8 bytes per identifier, plus a chunk's array header (32 bytes) and its
/// index entry (8 bytes) per chunk of 256 to 1,024 identifiers: under 8.2 bytes
/// per item for a list built whole, and at most twice that while chunks grow.
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

    /// The number of identifiers.
    var count: Int { starts[starts.count - 1] }

    /// The chunk holding position `position` (`0 ..< count`).
    ///
    /// - Complexity: O(log chunks).
    @inline(__always)
    func chunk(holding position: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
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

    /// Removes the identifiers at `removed` (positions before, ascending), then
    /// inserts `placed` at their positions after (ascending), like a batch
    /// (`flow-layout.md` 10.1).
    ///
    /// - Complexity: O(removed · (log chunks + chunk) + placed · chunks) plus
    ///   O(chunks) to re-index.
    mutating func edit(removing removed: [Int], placing placed: [(position: Int, identifier: FlowIdentifier)]) {
        guard !removed.isEmpty || !placed.isEmpty else { return }
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
        // Insertions last first, each at its position among the items that are
        // there before the earlier insertions: (position after) − (rank).
        for rank in placed.indices.reversed() {
            let position = placed[rank].position - rank
            if chunks.isEmpty {
                chunks.append([placed[rank].identifier])
                starts = [0, 0]
                continue
            }
            let c = position >= count ? chunks.count - 1 : chunk(holding: position)
            chunks[c].insert(placed[rank].identifier, at: position - starts[c])
            // Later chunks start one later (kept exact: the search reads them).
            for later in (c + 1)..<starts.count { starts[later] += 1 }
            if chunks[c].count > Self.chunkCapacity {
                let half = chunks[c].count / 2
                let tail = ContiguousArray(chunks[c][half...])
                chunks[c] = ContiguousArray(chunks[c][..<half])
                chunks.insert(tail, at: c + 1)
                starts.insert(starts[c] + half, at: c + 1)
            }
        }
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
            precondition(!chunk.isEmpty && chunk.count <= Self.chunkCapacity, "chunk \(c) size")
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
