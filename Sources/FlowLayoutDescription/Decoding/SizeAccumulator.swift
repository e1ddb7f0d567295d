import FlowLayoutCore

/// Collects the sizes of an `itemSizes` array whose length is known only at its
/// end, and hands them over as one array of exactly that length.
///
/// Appending to one array would double its buffer as it grows: the final array
/// would hold up to twice the memory it needs, and each doubling briefly holds
/// the old buffer and the new one. Instead the sizes go into fixed chunks of
/// 1 MiB, copied at the end into an array of exactly the count, each chunk freed
/// as soon as it is copied: the peak is the final array plus one chunk.
struct SizeAccumulator {
    /// Sizes in one chunk: 1 MiB.
    static let chunkCapacity = 65_536

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

    /// The sizes collected, in an array whose capacity is their count.
    ///
    /// - Complexity: O(n).
    consuming func finish() -> [Size] {
        let total = count
        if chunks.isEmpty && current.capacity == total { return current }
        return [Size](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for index in chunks.indices {
                let chunk = chunks[index]
                chunks[index] = []
                chunk.withUnsafeBufferPointer { source in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + source.count)]).initialize(from: source)
                }
                offset += chunk.count
            }
            let last = current
            current = []
            last.withUnsafeBufferPointer { source in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + source.count)]).initialize(from: source)
            }
            initialized = total
        }
    }
}
