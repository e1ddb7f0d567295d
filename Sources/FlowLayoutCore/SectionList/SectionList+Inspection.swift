/// What the sections cost in memory, and their consistency checks.
extension SectionList {
    /// The bytes of heap the sections hold, counted from their structures'
    /// capacities: the section tree and its records, each section's run tree,
    /// runs and size buffers, the metrics table, and per-item sizes the host gave
    /// (shared with the host's array until either changes). Allocator overhead is
    /// not counted.
    ///
    /// - Complexity: O(S + runs).
    var memoryFootprint: Int {
        var bytes = records.allocatedBytes + table.allocatedBytes
        records.forEach(from: 0, before: .zero) { record, _ in
            bytes += record.allocatedBytes
            return true
        }
        return bytes
    }

    /// The number of items that have a size of their own: reported sizes and
    /// per-item sizes the host gave.
    ///
    /// - Complexity: O(S).
    var storedSizeCount: Int {
        var count = 0
        records.forEach(from: 0, before: .zero) { record, _ in
            count += record.sizedCount
            return true
        }
        return count
    }

    /// With internal checks (`-DFLOWLAYOUT_INTERNAL_CHECKS`), verifies that every
    /// cached value equals a recomputation:
    /// - the section tree's structure and sums (``BTree/checkStructure()``);
    /// - the metrics table (``MetricsTable/checkInvariants()``);
    /// - each section's own (``SectionLayout/checkInvariants(section:)``): a
    ///   laid-out section's extent equals the one its items give, and its bound
    ///   equals its extent; a pending section's extent and bound equal the
    ///   estimate and the bound its items give; its runs' lines equal its items
    ///   broken afresh;
    /// - the content within its limit.
    ///
    /// They read every section and every item a section keeps, so on a large
    /// layout they run at one call in several (``InternalChecks``).
    func checkInvariants() {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        guard InternalChecks.runNow(reading: checkedItems) else { return }
        records.checkStructure()
        table.checkInvariants()
        for q in 0..<records.count {
            let record = records[q]
            precondition(Int(record.metricsIndex) < table.overrides.count, "metrics index of section \(q)")
            section(of: record).checkInvariants(section: q)
        }
        precondition(isWithinContentLimit, "content past the limit")
        #endif
    }
}

#if FLOWLAYOUT_INTERNAL_CHECKS
extension SectionList {
    /// What ``checkInvariants()`` reads: one for each section, and each item of
    /// a section that keeps items (its runs are broken afresh).
    ///
    /// - Complexity: O(S).
    private var checkedItems: Int {
        var count = 0
        records.forEach(from: 0, before: .zero) { record, _ in
            count += record.store == nil ? 1 : 1 + record.itemCount
            return true
        }
        return count
    }
}
#endif
