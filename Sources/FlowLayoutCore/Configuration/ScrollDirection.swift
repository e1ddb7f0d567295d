/// The axis along which the content scrolls: UIKit's `UICollectionView.ScrollDirection`.
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
    /// Lines run left to right and stack top to bottom; the content scrolls vertically.
    case vertical
    /// Lines run top to bottom and stack left to right; the content scrolls horizontally.
    case horizontal
}
