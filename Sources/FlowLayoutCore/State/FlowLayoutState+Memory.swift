/// What the engine's state costs in memory.
extension FlowLayoutState {
    /// The bytes of heap the state holds, counted from its structures'
    /// capacities: per-section records, section and block trees, line blocks,
    /// stored sizes, and per-item sizes the host gave (shared with the host's
    /// array until either changes). Allocator overhead is not counted.
    ///
    /// - Complexity: O(S + blocks + stored-size chunks).
    public var memoryFootprint: Int {
        var bytes = 32 + sections.capacity * MemoryLayout<SectionState>.stride
        bytes += sectionTree.allocatedBytes
        bytes += metricsTable.capacity * MemoryLayout<SectionMetrics>.stride
        bytes += geometryTable.capacity * MemoryLayout<DefaultLineGeometry>.stride
        bytes += metricsSources.capacity * MemoryLayout<FlowSection?>.stride
        bytes += (sections.count + 63) / 64 * 8
        for section in sections {
            bytes += section.overrides.allocatedBytes
            if let blocks = section.blocks { bytes += blocks.allocatedBytes }
            if let base = section.baseSizes { bytes += 32 + base.capacity * MemoryLayout<Size>.stride }
        }
        return bytes
    }

    /// The number of sizes stored because items reported a size different from
    /// their default.
    ///
    /// - Complexity: O(S).
    public var storedSizeCount: Int {
        sections.reduce(0) { $0 + $1.overrides.count }
    }
}
