/// Which item is under a point: UIKit's `indexPathForItem(at:)`, which an
/// interactive movement asks at every move of the finger.
extension FlowLayoutState {
    /// The index path of the cell whose presented frame holds `point` (edges
    /// included; the first in element order where two touch), or `nil` over a
    /// gap, a header or a footer.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` at `point.x` or
    ///   `point.y` for a NaN or infinite component.
    /// - Complexity: O(log S + log R + k) for the k elements touching the point
    ///   (the rect query of a zero-size rect), once the sections before it are
    ///   laid out.
    public mutating func indexPathForItem(at point: Point) throws(FlowLayoutError) -> FlowIndexPath? {
        var found: FlowIndexPath?
        do throws(FlowLayoutError) {
            try enumerateElements(in: Rect(origin: point, size: .zero)) { element in
                guard element.category == .cell else { return true }
                found = element.indexPath
                return false
            }
        } catch {
            throw .invalidValue(path: point.x.isFinite ? "point.y" : "point.x", value: point.x.isFinite ? point.y : point.x)
        }
        return found
    }
}
