/// Internal consistency checks, compiled in with `-DFLOWLAYOUT_INTERNAL_CHECKS`
/// and called at the end of every mutating entry point. Without the flag
/// ``checkInvariants()`` is an empty inlined function.
extension FlowLayoutState {
    #if FLOWLAYOUT_INTERNAL_CHECKS
    /// Verifies that every cached value equals a recomputation:
    /// - the section tree's structure and sums (``BTree/checkStructure()``);
    /// - each laid-out section's extent equals the one its runs give, and its
    ///   bound equals its extent; each pending section's extent and bound equal
    ///   the estimate and the bound its items give;
    /// - every run tree's structure and sums, and each run's line count and
    ///   advance equal its own items broken afresh
    ///   (``SectionLayout/checkInvariants(section:)``);
    /// - in a laid-out section every run starts where a line of the whole
    ///   section, broken afresh from its first item, starts.
    func checkInvariants() {
        sections.checkStructure()
        precondition(metrics.metrics.count == metrics.overrides.count, "metrics table")
        precondition(metrics.geometry.count == metrics.overrides.count, "geometry table")
        for q in 0..<sections.count {
            let record = sections[q]
            precondition(Int(record.metricsIndex) < metrics.overrides.count, "metrics index of section \(q)")
            section(of: record).checkInvariants(section: q)
        }
        precondition(isWithinContentLimit, "content past the limit")
    }

    #else
    /// Compiled out: build with `-DFLOWLAYOUT_INTERNAL_CHECKS` to enable.
    @inline(__always)
    func checkInvariants() {}
    #endif
}
