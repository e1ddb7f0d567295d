/// A rectangle: an origin and a size, in points.
///
/// The engine's own counterpart of `CGRect`. Frames are never normalised: a rect
/// the engine produces always has a non-negative size.
public struct Rect: Hashable, Sendable {
    /// The top-left corner (for the engine's y-down coordinates).
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rect from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its four components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rect at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The rect that covers every point: Core Graphics' `CGRect.infinite`
    /// (origin at minus half the largest `Double`, size the largest `Double`).
    /// A query with it returns every element of the layout.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The smallest x-coordinate.
    public var minX: Double { origin.x }
    /// The smallest y-coordinate.
    public var minY: Double { origin.y }
    /// The largest x-coordinate, `minX + width`.
    public var maxX: Double { origin.x + size.width }
    /// The largest y-coordinate, `minY + height`.
    public var maxY: Double { origin.y + size.height }
    /// The x-coordinate of the centre, `minX + width / 2`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y-coordinate of the centre, `minY + height / 2`.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }

    /// Whether the two rects share at least one point, edges included.
    ///
    /// This is the intersection rule of "elements in rect" (`flow-layout.md` 6.1):
    /// rects that merely touch intersect, and so does a zero-size rect lying on
    /// the other's edge.
    public func touches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}

extension Rect: CustomStringConvertible {
    /// The rect written as `(x, y, width, height)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
