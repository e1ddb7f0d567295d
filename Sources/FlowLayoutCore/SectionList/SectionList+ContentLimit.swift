/// The content limit (`flow-layout.md` 9): content may not extend past
/// ``FlowLayoutLimits/maximumLength`` along the scroll axis. Every section
/// keeps a bound of its extent (its extent once laid out; for a pending one,
/// its extent were every item on a line of its own), so the limit is checked
/// on the sum of the bounds in O(1), and only content near it is laid out to
/// check the exact extent.
extension SectionList {
    /// Whether the content is known to stay within ``FlowLayoutLimits/maximumLength``
    /// however its pending sections lay out.
    var isWithinContentLimit: Bool {
        records.summary.bound <= Offset(FlowLayoutLimits.maximumLength)
    }

    /// Whether the content stays within the limit however its sections lay
    /// out, when their bounds may grow by `growth` in all
    /// (``SectionLayout/possibleGrowth(adding:)``): how a change that knows
    /// that much beforehand is checked before anything changes, and then
    /// needs no copy to undo.
    func staysWithinContentLimit(growingBy growth: Double) -> Bool {
        records.summary.bound.double + growth * (1 + FlowLayoutLimits.boundSlack) <= FlowLayoutLimits.maximumLength
    }

    /// Throws unless the content, laid out, stays within the limit: first by the
    /// sections' bounds (O(1)); when those exceed it, by laying out every
    /// pending section and checking the exact extent (O(n), only then).
    ///
    /// - Throws: ``FlowLayoutError/contentTooLarge(path:extent:)``, naming
    ///   `path` (with `[index]` of the first section past the limit when
    ///   `indexSections`).
    mutating func enforceContentLimit(path: @autoclosure () -> FieldPath, indexSections: Bool = false) throws(FlowLayoutError) {
        guard !isWithinContentLimit else { return }
        layOutAllPendingSections()
        let limit = Offset(FlowLayoutLimits.maximumLength)
        let total = records.summary.extent
        guard total > limit else { return }
        var named = path()
        if indexSections {
            named = named.appending(index: records.find(limit, in: { $0.extent }, rule: .containing).position)
        }
        throw .contentTooLarge(path: named, extent: total.double)
    }
}
