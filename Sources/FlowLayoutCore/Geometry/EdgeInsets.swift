/// Margins on the four edges of a section, in points.
///
/// The engine's own counterpart of `UIEdgeInsets`, used for `sectionInset`.
public struct EdgeInsets: Hashable, Sendable {
    /// The margin above the section's lines.
    public var top: Double
    /// The margin before the start of every line (vertical scrolling).
    public var left: Double
    /// The margin below the section's lines.
    public var bottom: Double
    /// The margin after the end of every line (vertical scrolling).
    public var right: Double

    /// Creates insets from their four edges.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of the same value on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No margins: UIKit's default `sectionInset`.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
