import FlowLayoutCore

/// Collects the sizes of an `itemSizes` array whose length is known only at its
/// end, in chunks, and hands them over as chunks
/// (`FlowSection.itemSizeChunks`), never as one array.
///
/// Appending to one array would double its buffer as it grows: the final array
/// would hold up to twice the memory it needs, and each doubling briefly holds
/// the old buffer and the new one; copying chunks into one array at the end
/// would hold the array and a chunk. Instead the sizes go into fixed chunks of
/// 256 KiB, each allocated once at its full size and handed over as it is (the
/// last one trimmed to its count): the sizes are in memory once, and a
/// `FlowLayoutState` given the chunks lets each one go as soon
/// as it has laid its sizes out.
///
/// The state copies a chunk's sizes into its runs before it lets the chunk go,
/// so a chunk is briefly in memory twice: the smaller the chunk, the smaller
/// that step at the peak (1 MiB chunks cost `layout FILE --rect` about 0.7 MB
/// more). Each chunk is mapped on its own by malloc (it is above its mapping
/// threshold), so it is unmapped as soon as it is let go.
struct SizeAccumulator {
    /// Sizes in one chunk: 16,381, so that with the array's 32-byte header and
    /// malloc's 16-byte one a chunk fills exactly 64 pages of 4 KiB (16,384
    /// would touch a 65th page of its mapping).
    static let chunkCapacity = 16_381

    /// The full chunks, in order.
    private var chunks: [[Size]] = []
    /// The chunk being filled.
    private var current: [Size] = []

    /// The number of sizes collected.
    var count: Int { chunks.count * Self.chunkCapacity + current.count }

    /// Appends a size.
    ///
    /// - Complexity: amortized O(1).
    @inline(__always)
    mutating func append(_ size: Size) {
        if current.count == Self.chunkCapacity {
            chunks.append(current)
            current = []
            current.reserveCapacity(Self.chunkCapacity)
        }
        current.append(size)
    }

    /// The sizes collected, in chunks of ``chunkCapacity`` but the last, which
    /// holds the rest (no chunk at all for no size). The last chunk is copied to
    /// an array of exactly its count when it leaves more than a quarter of its
    /// buffer unused.
    ///
    /// - Complexity: O(number of chunks), plus O(``chunkCapacity``) for the last.
    consuming func finish() -> [[Size]] {
        var last = current
        current = []
        if last.isEmpty { return chunks }
        if last.capacity - last.count > last.capacity / 4 {
            last = Array(unsafeUninitializedCapacity: last.count) { buffer, initialized in
                _ = buffer.initialize(from: last)
                initialized = last.count
            }
        }
        chunks.append(last)
        return chunks
    }
}
