/// What the engine's state costs in memory.
extension FlowLayoutState {
    /// The bytes of heap the state holds, counted from its structures'
    /// capacities: the section tree and its records, each section's run tree,
    /// runs and size buffers, the metrics table, and per-item sizes the host gave
    /// (shared with the host's array until either changes). Allocator overhead is
    /// not counted.
    ///
    /// - Complexity: O(S + runs).
    public var memoryFootprint: Int {
        var bytes = sections.allocatedBytes + metrics.allocatedBytes + (identity?.allocatedBytes ?? 0)
        sections.forEach(from: 0, before: .zero) { record, _ in
            bytes += record.allocatedBytes
            return true
        }
        return bytes
    }

    /// The number of items that have a size of their own: reported sizes and
    /// per-item sizes the host gave.
    ///
    /// - Complexity: O(S).
    public var storedSizeCount: Int {
        var count = 0
        sections.forEach(from: 0, before: .zero) { record, _ in
            count += record.sizedCount
            return true
        }
        return count
    }
}
