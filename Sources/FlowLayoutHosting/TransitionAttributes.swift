/// Where an appearing or disappearing element's animation starts or ends:
/// UIKit's initial and final layout attributes, a frame and an alpha
/// (`flow-layout.md` 10.5).
///
/// An element that exists on both sides of a batch update moves from its frame
/// before (alpha 1) to its frame after; an inserted element fades in at its
/// frame after (alpha 0 to 1); a deleted one fades out at its frame before
/// (alpha 1 to 0). Frames before the update are in the content coordinates of
/// after: moved by the update's content-offset adjustment, so an element that
/// stays still on screen does not animate.
public struct TransitionAttributes: Hashable, Sendable {
    /// The element, and the frame its animation starts from (appearing) or ends
    /// at (disappearing).
    public var attributes: LayoutAttributes
    /// The element's opacity there: 0 for an inserted or deleted element, else 1.
    public var alpha: Double

    /// Creates transition attributes.
    public init(attributes: LayoutAttributes, alpha: Double) {
        self.attributes = attributes
        self.alpha = alpha
    }

    /// The frame, in the content coordinates of after the update.
    public var frame: Rect { attributes.frame }
}
