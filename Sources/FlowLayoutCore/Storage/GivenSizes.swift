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
    private(set) var chunks: [[Size]]
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

    /// Lets go of chunk `index` once its sizes are in runs (the chunk
    /// becomes empty; the count stays).
    mutating func release(chunk index: Int) { chunks[index] = [] }

    // MARK: Into runs

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
            release(chunk: index)
        }
        self = GivenSizes([])
        return runs.finish()
    }
}
