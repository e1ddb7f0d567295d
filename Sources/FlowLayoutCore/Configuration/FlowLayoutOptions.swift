/// Every setting beyond UIKit's flow layout, in one place: how lines align, how
/// updates keep the visible content still, and how estimates evolve. Each
/// defaults to UIKit's behaviour, so `FlowLayoutOptions()` lays out exactly what
/// `UICollectionViewFlowLayout` does.
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

    /// Creates options; each defaults to the UIKit-compatible behaviour.
    public init(
        lineAlignment: LineAlignment = .justified,
        lastLineAlignment: LastLineAlignment = .automatic,
        crossAlignment: CrossAlignment = .center,
        scrollAnchor: ScrollAnchor = .firstVisibleItem,
        estimateRefinement: EstimateRefinement = .off
    ) {
        self.lineAlignment = lineAlignment
        self.lastLineAlignment = lastLineAlignment
        self.crossAlignment = crossAlignment
        self.scrollAnchor = scrollAnchor
        self.estimateRefinement = estimateRefinement
    }
}
