/// One item's size as the layout holds it: what a host compares a measured
/// size with before reporting it (`flow-layout.md` 7.1), so that a report
/// that would change nothing is never made.
extension FlowLayoutState {
    /// The size an item has of its own, given with its section or reported, or
    /// `nil` when it takes the default: `itemSize`, or
    /// ``currentEstimatedItemSize`` while a self-sizing item is unmeasured.
    ///
    /// Presented frames may differ from it (pixel snapping rounds their edges);
    /// this is the size before presentation.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R).
    public func ownSize(ofItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> Size? {
        try checkItem(indexPath, path: "indexPath")
        return explicitSize(ofItem: indexPath.item, in: sections[indexPath.section])
    }

    /// The size the layout uses for an item: its own size, else the default
    /// (`itemSize`, or ``currentEstimatedItemSize`` while self-sizing).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R).
    public func sizeOfItem(at indexPath: FlowIndexPath) throws(FlowLayoutError) -> Size {
        try ownSize(ofItemAt: indexPath) ?? defaultItemSize
    }
}
