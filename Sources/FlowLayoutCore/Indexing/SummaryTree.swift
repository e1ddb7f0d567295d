/// A segment tree over a sequence of leaves, each holding an integer count and a
/// floating-point extent, answering prefix sums and "which leaf holds position p"
/// in O(log n).
///
/// It indexes sections (count = items, extent = the section's extent) and the
/// pages of a section's line blocks (count = items, extent = the pages' advance).
///
/// Every inner node is recomputed from its two children, never adjusted by a
/// delta, so the sums depend only on the current leaves, not on the history of
/// updates: millions of updates cannot make them drift. Prefix sums are always
/// accumulated top-down along the root-to-leaf path, so a prefix read directly
/// and one met while searching are the same floating-point value.
struct SummaryTree: Hashable, Sendable {
    /// Number of leaves in use.
    private(set) var leafCount: Int
    /// Index of the first leaf node; a power of two, at least 1.
    private var base: Int
    /// Node counts; node 1 is the root, node i has children 2i and 2i + 1.
    private var counts: [Int]
    /// Node extents, laid out like `counts`.
    private var extents: [Double]

    /// Creates an empty tree.
    init() {
        self.init(leafCount: 0) { _ in (0, 0) }
    }

    /// Creates a tree of `leafCount` leaves whose values `leaf(i)` returns.
    ///
    /// - Complexity: O(n).
    init(leafCount: Int, leaf: (Int) -> (count: Int, extent: Double)) {
        precondition(leafCount >= 0)
        self.leafCount = leafCount
        var base = 1
        while base < leafCount { base &<<= 1 }
        self.base = base
        counts = [Int](repeating: 0, count: 2 * base)
        extents = [Double](repeating: 0, count: 2 * base)
        for i in 0..<leafCount {
            let value = leaf(i)
            counts[base + i] = value.count
            extents[base + i] = value.extent
        }
        var node = base - 1
        while node >= 1 {
            counts[node] = counts[2 * node] &+ counts[2 * node + 1]
            extents[node] = extents[2 * node] + extents[2 * node + 1]
            node -= 1
        }
    }

    /// The sum of all counts.
    var totalCount: Int { counts[1] }
    /// The sum of all extents.
    var totalExtent: Double { extents[1] }

    /// The count of leaf `i`.
    func count(at i: Int) -> Int { counts[base + i] }
    /// The extent of leaf `i`.
    func extent(at i: Int) -> Double { extents[base + i] }

    /// Sets leaf `i` and recomputes its ancestors.
    ///
    /// - Complexity: O(log n).
    mutating func update(_ i: Int, count: Int, extent: Double) {
        precondition(i >= 0 && i < leafCount, "leaf out of range")
        var node = base + i
        counts[node] = count
        extents[node] = extent
        node >>= 1
        while node >= 1 {
            counts[node] = counts[2 * node] &+ counts[2 * node + 1]
            extents[node] = extents[2 * node] + extents[2 * node + 1]
            node >>= 1
        }
    }

    /// The sums of the leaves before leaf `i` (`i` may equal `leafCount`).
    ///
    /// - Complexity: O(log n).
    func prefix(before i: Int) -> (count: Int, extent: Double) {
        precondition(i >= 0 && i <= leafCount, "leaf out of range")
        if i == leafCount { return (totalCount, totalExtent) }
        var node = 1
        var size = base
        var count = 0
        var extent = 0.0
        // Walk down towards leaf i, adding every left subtree passed on the right.
        while node < base {
            size >>= 1
            if i & size != 0 {
                count &+= counts[2 * node]
                extent += extents[2 * node]
                node = 2 * node + 1
            } else {
                node = 2 * node
            }
        }
        return (count, extent)
    }

    /// The leaf holding position `position` of the concatenated counts: the first
    /// leaf whose cumulative count exceeds `position`, with the sums before it.
    /// Returns `leafCount` when `position >= totalCount`.
    ///
    /// - Complexity: O(log n).
    func leaf(containingCount position: Int) -> (leaf: Int, countBefore: Int, extentBefore: Double) {
        if position >= totalCount { return (leafCount, totalCount, totalExtent) }
        var node = 1
        var count = 0
        var extent = 0.0
        while node < base {
            let left = 2 * node
            if count &+ counts[left] > position {
                node = left
            } else {
                count &+= counts[left]
                extent += extents[left]
                node = left + 1
            }
        }
        return (node - base, count, extent)
    }

    /// The first leaf whose end, `extentBefore + extent`, reaches `offset` (is at
    /// least `offset`), with the sums before it. Returns `leafCount` when no leaf
    /// does. Zero-extent leaves count as reaching an offset equal to their start.
    ///
    /// - Complexity: O(log n).
    func leaf(reachingExtent offset: Double) -> (leaf: Int, countBefore: Int, extentBefore: Double) {
        if leafCount == 0 || !(totalExtent >= offset) { return (leafCount, totalCount, totalExtent) }
        var node = 1
        var count = 0
        var extent = 0.0
        while node < base {
            let left = 2 * node
            if extent + extents[left] >= offset {
                node = left
            } else {
                count &+= counts[left]
                extent += extents[left]
                node = left + 1
            }
        }
        let leaf = node - base
        // Rounding in the partial sums can in principle walk past the last real
        // leaf although the total reaches `offset`; the last leaf then reaches it.
        if leaf >= leafCount {
            let before = prefix(before: leafCount - 1)
            return (leafCount - 1, before.count, before.extent)
        }
        return (leaf, count, extent)
    }
}

extension SummaryTree {
    /// Bytes of heap the tree holds.
    var allocatedBytes: Int {
        64 + counts.capacity * MemoryLayout<Int>.stride + extents.capacity * MemoryLayout<Double>.stride
    }
}
