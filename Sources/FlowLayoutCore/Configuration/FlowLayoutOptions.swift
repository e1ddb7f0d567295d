/// Every setting beyond UIKit's flow layout properties, in one place: how lines
/// align, how updates keep the visible content still, how estimates evolve, and
/// how frames are presented (direction, pixel snapping, where scrolling comes to
/// rest). Each defaults to UIKit's behaviour, so `FlowLayoutOptions()` lays out
/// exactly what `UICollectionViewFlowLayout` does. (Pinned headers and footers
/// are UIKit properties, so they live in ``FlowLayoutConfiguration``.)
public struct FlowLayoutOptions: Hashable, Sendable {
    /// Which visible element an update keeps fixed on screen (`flow-layout.md` 7.2).
    public enum ScrollAnchor: Hashable, Sendable {
        /// The first visible element keeps its leading edge (top, or left when
        /// scrolling horizontally) where it was: content above it may change
        /// without moving what the user sees. The default.
        case firstVisibleItem
        /// The last visible element keeps its trailing edge (bottom, or right)
        /// where it was: for bottom-anchored, chat-style lists.
        case lastVisibleItem
    }

    /// How the size assumed for self-sizing items that have not reported evolves.
    public enum EstimateRefinement: Hashable, Sendable {
        /// Unmeasured items always count as `estimatedItemSize`. The default.
        case off
        /// Unmeasured items count as the mean of the sizes reported so far. The
        /// estimate is refreshed each time the number of measured items doubles
        /// (after 1, 2, 4, 8, ... reports), so its cost stays logarithmic in the
        /// number of reports while the content size converges.
        case meanOfReportedSizes
    }

    /// The direction lines run in (`flow-layout.md` 8.2).
    public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
        /// Left to right: UIKit's layout. The default.
        case leftToRight
        /// Right to left: the left-to-right layout mirrored, `x' = contentWidth −
        /// x − width`, as UIKit mirrors a flow layout in a right-to-left interface.
        /// Scrolling horizontally, section 0 is at the right end of the content.
        case rightToLeft
    }

    /// Where a scroll gesture comes to rest (`flow-layout.md` 8.5): the candidates
    /// ``FlowLayoutState/targetContentOffset(forProposedContentOffset:velocity:)``
    /// chooses among.
    public enum ScrollSnapping: String, Hashable, Sendable, CaseIterable {
        /// Anywhere: the proposed offset, UIKit's default.
        case none
        /// At the leading edge of a line or a header.
        case lineStart
        /// With an item's centre at the viewport's centre (carousels).
        case itemCenter
        /// At a multiple of the viewport's extent (paging).
        case page
    }

    /// Where content shorter than the viewport sits along the scroll axis
    /// (`flow-layout.md` 8.6).
    public enum ContentAlignment: String, Hashable, Sendable, CaseIterable {
        /// At the start: the top (the left, scrolling horizontally; the right
        /// in a right-to-left layout). UIKit's behaviour, the default.
        case start
        /// At the end: while the content is shorter than the viewport, every
        /// element moves along the scroll axis so that the content ends where
        /// the viewport does, and the content size is the viewport's; a chat's
        /// first messages sit at the bottom. Longer content is not moved.
        case end
    }

    /// How items sit along lines that are not a section's last (`flow-layout.md`
    /// 3.4). Default: ``LineAlignment/justified``, UIKit's behaviour.
    public var lineAlignment: LineAlignment
    /// How items sit along a section's last line. Default:
    /// ``LastLineAlignment/automatic``, UIKit's behaviour.
    public var lastLineAlignment: LastLineAlignment
    /// How items sit across their line. Default: ``CrossAlignment/center``,
    /// UIKit's behaviour.
    public var crossAlignment: CrossAlignment
    /// Which visible element updates keep fixed. Default: ``ScrollAnchor/firstVisibleItem``.
    public var scrollAnchor: ScrollAnchor
    /// How estimates evolve. Default: ``EstimateRefinement/off``.
    public var estimateRefinement: EstimateRefinement
    /// The direction lines run in. Default: ``LayoutDirection/leftToRight``.
    public var layoutDirection: LayoutDirection
    /// The screen's pixels per point for pixel rounding (`flow-layout.md` 8.3):
    /// each element's origin is rounded to the nearest pixel, half away from
    /// zero, as UIKit does; sizes and the content size are not rounded. `0`,
    /// the default, is off (the engine has no screen; `FlowLayoutHost` rounds at
    /// the screen's scale by default). Must be finite and not negative.
    public var displayScale: Double
    /// Where scrolling comes to rest. Default: ``ScrollSnapping/none``.
    public var snapping: ScrollSnapping
    /// Whether updates keep V at the end of the content while it is there
    /// (`flow-layout.md` 7.4): when, before an update, the content is longer
    /// than V and V's trailing edge along the scroll axis is within half a
    /// point of the content's end (or past it), the update's adjustment is the
    /// change of the content's extent, instead of the anchor's (the update
    /// reports no anchor). For chats and logs: an appended message, a reply
    /// streaming in, an image finishing its load keep the user at the end;
    /// once they scroll up, the anchor holds what they read. Size reports,
    /// viewport changes, frames, batches and snapshots follow; a change of
    /// configuration or options keeps the anchor. With content at the end
    /// (``contentAlignment``), content shorter than the viewport is at its
    /// end, and follows it as it grows past the viewport. Off by default. Whether V is
    /// at the end needs the content's exact extent: with this option on, an
    /// update first lays out the sections a width change left pending.
    public var followsEnd: Bool
    /// Where content shorter than the viewport sits (`flow-layout.md` 8.6):
    /// `.start` (UIKit's) or `.end`.
    public var contentAlignment: ContentAlignment

    /// Creates options; each defaults to the UIKit-compatible behaviour.
    public init(
        lineAlignment: LineAlignment = .justified,
        lastLineAlignment: LastLineAlignment = .automatic,
        crossAlignment: CrossAlignment = .center,
        scrollAnchor: ScrollAnchor = .firstVisibleItem,
        estimateRefinement: EstimateRefinement = .off,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Double = 0,
        snapping: ScrollSnapping = .none,
        followsEnd: Bool = false,
        contentAlignment: ContentAlignment = .start
    ) {
        self.lineAlignment = lineAlignment
        self.lastLineAlignment = lastLineAlignment
        self.crossAlignment = crossAlignment
        self.scrollAnchor = scrollAnchor
        self.estimateRefinement = estimateRefinement
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.snapping = snapping
        self.followsEnd = followsEnd
        self.contentAlignment = contentAlignment
    }
}
