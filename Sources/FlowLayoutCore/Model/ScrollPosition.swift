/// Where ``FlowLayoutState/contentOffset(forItemAt:position:)`` puts an item in
/// the visible rect (`flow-layout.md` 8.4): UIKit's
/// `UICollectionView.ScrollPosition`, named along the scroll axis, so `top` is
/// the leading edge whichever way the content scrolls.
public enum ScrollPosition: String, Hashable, Sendable, CaseIterable {
    /// The item's leading edge at the visible rect's leading edge (top, or left
    /// when scrolling horizontally; right in a right-to-left horizontal layout),
    /// below its section's pinned header when headers pin.
    case top
    /// The item's centre at the visible rect's centre.
    case center
    /// The item's trailing edge at the visible rect's trailing edge.
    case bottom
    /// The least scroll that shows the item whole: none if it already is, else
    /// `top` or `bottom`, whichever is nearer.
    case nearest
}
