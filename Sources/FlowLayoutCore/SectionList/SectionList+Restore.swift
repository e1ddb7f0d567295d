/// The sections of a restored archive (`flow-layout.md` 11.5), built whole.
extension SectionList {
    /// Makes the sections those `content` saved, after the ones there are
    /// (none, for a restore): exactly what applying the saved content as a
    /// snapshot does (sections without overrides, the saved sizes by position
    /// when `withSizes`), straight from the archive's arrays. Each section's
    /// record is made whole, pending (laid out when a query first reaches it),
    /// without a per-item plan or edit. Then checks the content limit and
    /// refines the estimate when due.
    ///
    /// - Throws: ``FlowLayoutError/contentTooLarge(path:extent:)``.
    /// - Complexity: O(n) for n items, plus O(S log S) for S sections.
    mutating func restore(_ content: ArchiveContent, withSizes: Bool) throws(FlowLayoutError) {
        // The estimate refined from measured sizes reads them from runs only.
        let packed = table.settings.refinesEstimate
        var built = records.elements
        built.reserveCapacity(built.count + content.itemCounts.count)
        for (q, count) in content.itemCounts.enumerated() {
            var record = makeRecord(for: FlowSection(itemCount: count), sums: .zero)
            if withSizes && count > 0 {
                record =
                    SectionLayout(
                        restoring: record, savedSizes: content.sizes[q], sizedCount: content.sizedCounts[q],
                        equalWidths: content.equalWidths[q], packed: packed, table: table
                    ).record
            }
            built.append(record)
        }
        setSections(built)
        try enforceContentLimit(path: "")
        refineEstimateIfDue()
    }
}
