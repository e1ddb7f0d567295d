/// Headers and footers that size themselves, beyond UIKit (whose flow layout
/// ignores a header's or footer's preferred size; `flow-layout.md` 4.2, 7):
/// a section's reference size is the estimate, and the size a header or
/// footer reports replaces it, as a measured item's size replaces the item
/// estimate.
///
/// Only the extent along the scroll axis matters (a header spans the line
/// extent across it). A report is kept as the section's own reference size, so
/// it travels as the section does: kept through moves and changes of the
/// layout's properties, forgotten when the section is reloaded. Lines never
/// re-break (a header does not take part in them): the section's extent and
/// every later offset change, and the anchor element stays still.
extension FlowLayoutState {
    /// The size the header or footer of `section` is laid out at: the
    /// reported size, else the section's or the layout's reference size, with
    /// the line extent across the scroll axis (zero along it when omitted).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)`` at `section`.
    /// - Complexity: O(log S).
    public func sizeOfSupplementaryElement(ofKind kind: SupplementaryKind, inSection section: Int) throws(FlowLayoutError)
        -> Size
    {
        try checkSection(section, path: "section")
        return sectionMetrics(sections[section].metricsIndex).size(of: kind.category, direction: configuration.scrollDirection)
    }

    /// Applies the size a header or footer reported, keeping the anchor still.
    ///
    /// A size whose extent along the scroll axis equals the one in use changes
    /// nothing. Zero omits the element, as a zero reference size does.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   at `section`; ``FlowLayoutError/invalidValue(path:value:)`` at
    ///   `size.width` or `size.height` for a negative, NaN or infinite value;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)`` at `size`. The state
    ///   is unchanged.
    /// - Complexity: O(log S), plus O(k) for the elements in view (the anchor).
    public mutating func reportSize(_ size: Size, ofSupplementaryElementOfKind kind: SupplementaryKind, inSection section: Int)
        throws(FlowLayoutError) -> LayoutUpdate
    {
        try checkSection(section, path: "section")
        try Self.validate(size: size, path: "size")
        let record = sections[section]
        let extent = configuration.scrollDirection.cross(size)
        guard extent != sectionMetrics(record.metricsIndex).extent(of: kind.category) else {
            return LayoutUpdate(
                contentOffsetAdjustment: .zero, previousContentSize: contentSize, contentSize: contentSize, anchor: nil,
                previousAnchorFrame: nil)
        }
        let update = try changeAtomically { (next) throws(FlowLayoutError) in
            let previousContentSize = next.contentSize
            let anchor = next.captureAnchor(startsHold: false)
            var overrides = next.metrics.overrides[Int(record.metricsIndex)] ?? MetricOverrides()
            if kind == .header { overrides.headerReferenceSize = size } else { overrides.footerReferenceSize = size }
            let index = next.metrics.index(
                for: overrides, configuration: next.configuration, viewportSize: next.viewportSize,
                defaultSize: next.defaultItemSize)
            let resolved = next.resolved(index)
            next.modifySection(section) { $0.setMetrics(index, resolved: resolved) }
            try next.enforceContentLimit(path: "size")
            return next.finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
        }
        checkInvariants()
        return update
    }
}
