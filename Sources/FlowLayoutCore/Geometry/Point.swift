/// A location in a two-dimensional coordinate system, in points.
///
/// The engine's own counterpart of `CGPoint`: the core depends on no framework.
public struct Point: Hashable, Sendable {
    /// The x-coordinate.
    public var x: Double
    /// The y-coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at the origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

extension Point: CustomStringConvertible {
    /// The point written as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
