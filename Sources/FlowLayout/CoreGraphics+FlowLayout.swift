#if canImport(Foundation)
import Foundation

/// Conversions between the core's geometry and Core Graphics' (`CGPoint`,
/// `CGSize`, `CGRect`, `CGFloat`), which Foundation provides on every platform.
///
/// The core keeps its own `Double` types so that it depends on no framework;
/// a UIKit host converts at its boundary with these initializers, each exact
/// where `CGFloat` is a `Double` (every 64-bit platform).
extension Point {
    /// The point of a Core Graphics point.
    ///
    /// - Complexity: O(1).
    public init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }

    /// This point as a Core Graphics point.
    public var cgPoint: CGPoint { CGPoint(x: CGFloat(x), y: CGFloat(y)) }
}

/// Conversions between ``/FlowLayoutCore/Size`` and `CGSize`.
extension Size {
    /// The size of a Core Graphics size.
    ///
    /// - Complexity: O(1).
    public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }

    /// This size as a Core Graphics size.
    public var cgSize: CGSize { CGSize(width: CGFloat(width), height: CGFloat(height)) }
}

/// Conversions between ``/FlowLayoutCore/Rect`` and `CGRect`.
extension Rect {
    /// The rect of a Core Graphics rect, taken as it is (not standardized): a
    /// negative size stays negative, and the engine refuses it where a rect is
    /// validated. `CGRect.infinite` becomes ``/FlowLayoutCore/Rect/infinite``.
    ///
    /// - Complexity: O(1).
    public init(_ rect: CGRect) {
        if rect.isInfinite {
            self = .infinite
        } else {
            self.init(origin: Point(rect.origin), size: Size(rect.size))
        }
    }

    /// This rect as a Core Graphics rect; ``/FlowLayoutCore/Rect/infinite``
    /// becomes `CGRect.infinite`.
    public var cgRect: CGRect {
        self == .infinite ? .infinite : CGRect(origin: origin.cgPoint, size: size.cgSize)
    }
}

/// ``/FlowLayoutCore/EdgeInsets`` as Core Graphics values, for `UIEdgeInsets`.
extension EdgeInsets {
    /// The top, left, bottom and right insets as Core Graphics values, in
    /// `UIEdgeInsets`' order: `UIEdgeInsets(top:left:bottom:right:)` takes them
    /// as they are.
    public var cgValues: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (CGFloat(top), CGFloat(left), CGFloat(bottom), CGFloat(right))
    }

}
#endif
