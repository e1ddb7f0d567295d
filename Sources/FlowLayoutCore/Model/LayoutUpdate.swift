/// What an update did to the scroll position and the content size.
///
/// Apply ``contentOffsetAdjustment`` to the content offset and the anchor element
/// stays exactly where it was on screen (`flow-layout.md` 7.2).
public struct LayoutUpdate: Hashable, Sendable {
    /// Add this to the content offset to keep the anchor element still. Zero along
    /// the axis that does not scroll.
    public var contentOffsetAdjustment: Point
    /// The content size before the update.
    public var previousContentSize: Size
    /// The content size after the update.
    public var contentSize: Size
    /// The element that was kept still, or `nil` when nothing was visible (no
    /// visible rect was set, or it showed no element).
    public var anchor: ElementIdentifier?
    /// The anchor's frame before the update, in the content coordinates of then:
    /// with its frame after the update and the adjustment, a host can check that
    /// it did not move on screen.
    public var previousAnchorFrame: Rect?

    /// Creates an update description.
    public init(
        contentOffsetAdjustment: Point, previousContentSize: Size, contentSize: Size, anchor: ElementIdentifier?,
        previousAnchorFrame: Rect? = nil
    ) {
        self.contentOffsetAdjustment = contentOffsetAdjustment
        self.previousContentSize = previousContentSize
        self.contentSize = contentSize
        self.anchor = anchor
        self.previousAnchorFrame = previousAnchorFrame
    }

    /// The change of the content size, `contentSize - previousContentSize` per
    /// component: UIKit's `contentSizeAdjustment` of an invalidation context.
    public var contentSizeAdjustment: Size {
        Size(width: contentSize.width - previousContentSize.width, height: contentSize.height - previousContentSize.height)
    }
}
