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

    /// Creates options; each defaults to the UIKit-compatible behaviour.
    public init(
        lineAlignment: LineAlignment = .justified,
        lastLineAlignment: LastLineAlignment = .automatic,
        crossAlignment: CrossAlignment = .center,
        scrollAnchor: ScrollAnchor = .firstVisibleItem,
        estimateRefinement: EstimateRefinement = .off,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Double = 0,
        snapping: ScrollSnapping = .none
    ) {
        self.lineAlignment = lineAlignment
        self.lastLineAlignment = lastLineAlignment
        self.crossAlignment = crossAlignment
        self.scrollAnchor = scrollAnchor
        self.estimateRefinement = estimateRefinement
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.snapping = snapping
    }
}
