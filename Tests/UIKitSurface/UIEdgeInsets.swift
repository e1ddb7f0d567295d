import Foundation

/// UIKit's `UIEdgeInsets`, as the iOS SDK imports it: a C struct of four
/// `CGFloat` fields in the order top, left, bottom, right.
public struct UIEdgeInsets: Equatable, Sendable {
    /// The inset at the top.
    public var top: CGFloat
    /// The inset at the left.
    public var left: CGFloat
    /// The inset at the bottom.
    public var bottom: CGFloat
    /// The inset at the right.
    public var right: CGFloat

    /// Insets of zero (the C struct's zero initializer).
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// Insets of the given values.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of zero on every edge.
    public static let zero = UIEdgeInsets()
}
