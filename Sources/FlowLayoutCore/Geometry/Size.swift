/// A width and a height, in points.
///
/// The engine's own counterpart of `CGSize`. Item, header and footer sizes, the
/// viewport and the content size are all `Size` values.
public struct Size: Hashable, Sendable {
    /// The extent along the x-axis.
    public var width: Double
    /// The extent along the y-axis.
    public var height: Double

    /// Creates a size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both zero.
    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    /// The size written as `width × height`.
    public var description: String { "\(width) × \(height)" }
}
