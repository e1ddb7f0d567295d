/// The sizes of one section's items that differ from the size the section would
/// otherwise give them (its per-item sizes, or its default size): in practice
/// the real sizes reported by self-sizing items.
///
/// Storage is sparse and compact. Items are grouped in chunks of 64, each a
/// 64-bit occupancy mask plus the sizes of its occupied items, packed in item
/// order; chunks are grouped 64 to a group of 4,096 items, allocated on the first
/// write into it. A fully measured chunk costs 16 bytes an item plus about 1 for
/// the index; an item never measured costs nothing.
struct SizeOverrides: Hashable, Sendable {
    private struct Chunk: Hashable, Sendable {
        var mask: UInt64 = 0
        var sizes: ContiguousArray<Size> = []
    }

    /// Groups of 64 chunks; an empty group has never been written.
    private var groups: [ContiguousArray<Chunk>] = []
    /// Number of stored sizes.
    private(set) var count = 0

    private static let chunkShift = 6
    private static let groupShift = 12

    /// Creates an empty store.
    init() {}

    /// Whether no size is stored.
    var isEmpty: Bool { count == 0 }

    /// The stored size of item `i`, or `nil`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    subscript(i: Int) -> Size? {
        let g = i >> SizeOverrides.groupShift
        guard g < groups.count else { return nil }
        let group = groups[g]
        let c = (i >> SizeOverrides.chunkShift) & 63
        if c >= group.count { return nil }
        let chunk = group[c]
        let bit = UInt64(1) << UInt64(i & 63)
        if chunk.mask & bit == 0 { return nil }
        return chunk.sizes[(chunk.mask & (bit &- 1)).nonzeroBitCount]
    }

    /// Stores `size` for item `i`, or removes the stored size when `size` is `nil`.
    /// Returns the size stored before.
    ///
    /// - Complexity: O(64) at most, to keep a chunk packed.
    @discardableResult
    mutating func set(_ size: Size?, at i: Int) -> Size? {
        let g = i >> SizeOverrides.groupShift
        if g >= groups.count {
            guard size != nil else { return nil }
            groups.append(contentsOf: repeatElement([], count: g + 1 - groups.count))
        }
        if groups[g].isEmpty {
            guard size != nil else { return nil }
            // A group has room for the chunks it can need: all 64, or as many as
            // reach item `i` in a small section's last group, growing later.
            groups[g] = ContiguousArray(repeating: Chunk(), count: ((i >> SizeOverrides.chunkShift) & 63) + 1)
        }
        let c = (i >> SizeOverrides.chunkShift) & 63
        if c >= groups[g].count {
            groups[g].append(contentsOf: repeatElement(Chunk(), count: c + 1 - groups[g].count))
        }
        let bit = UInt64(1) << UInt64(i & 63)
        let slot = (groups[g][c].mask & (bit &- 1)).nonzeroBitCount
        let present = groups[g][c].mask & bit != 0
        let old = present ? groups[g][c].sizes[slot] : nil
        switch (present, size) {
        case (true, let new?):
            groups[g][c].sizes[slot] = new
        case (true, nil):
            groups[g][c].sizes.remove(at: slot)
            groups[g][c].mask &= ~bit
            count -= 1
            if groups[g][c].mask == 0 { groups[g][c].sizes = [] }
        case (false, let new?):
            groups[g][c].sizes.insert(new, at: slot)
            groups[g][c].mask |= bit
            count += 1
        case (false, nil):
            break
        }
        return old
    }

    /// The smallest item at or after `i` that has a stored size, or `nil`.
    ///
    /// - Complexity: O(chunks and groups skipped); an unwritten group of 4,096
    ///   items is skipped in one step.
    func next(atOrAfter i: Int) -> Int? {
        if count == 0 { return nil }
        var g = i >> SizeOverrides.groupShift
        var c = (i >> SizeOverrides.chunkShift) & 63
        var mask = ~UInt64(0) << UInt64(i & 63)
        while g < groups.count {
            let group = groups[g]
            if !group.isEmpty {
                while c < group.count {
                    let hits = group[c].mask & mask
                    if hits != 0 {
                        return (g << SizeOverrides.groupShift) | (c << SizeOverrides.chunkShift) | hits.trailingZeroBitCount
                    }
                    c += 1
                    mask = ~0
                }
            }
            g += 1
            c = 0
            mask = ~0
        }
        return nil
    }

    /// Calls `body` with every stored item and size, in item order.
    func forEach(_ body: (Int, Size) -> Void) {
        for (g, group) in groups.enumerated() where !group.isEmpty {
            for (c, chunk) in group.enumerated() where chunk.mask != 0 {
                var mask = chunk.mask
                var slot = 0
                while mask != 0 {
                    let bit = mask.trailingZeroBitCount
                    body((g << SizeOverrides.groupShift) | (c << SizeOverrides.chunkShift) | bit, chunk.sizes[slot])
                    slot += 1
                    mask &= mask &- 1
                }
            }
        }
    }

    /// Bytes of heap the store holds, for memory accounting: array headers,
    /// chunk records and packed sizes (capacity, not just count).
    var allocatedBytes: Int {
        let header = 32
        var bytes = groups.isEmpty ? 0 : header + groups.capacity * MemoryLayout<ContiguousArray<Chunk>>.stride
        for group in groups where !group.isEmpty {
            bytes += header + group.capacity * MemoryLayout<Chunk>.stride
            for chunk in group where chunk.sizes.capacity > 0 {
                bytes += header + chunk.sizes.capacity * MemoryLayout<Size>.stride
            }
        }
        return bytes
    }
}
