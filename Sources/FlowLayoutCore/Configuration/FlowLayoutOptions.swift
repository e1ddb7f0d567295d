/// Engine behaviour beyond UIKit's flow layout: how updates keep the visible content
/// still, and how estimates evolve.
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

    /// Which visible element updates keep fixed. Default: ``ScrollAnchor/firstVisibleItem``.
    public var scrollAnchor: ScrollAnchor
    /// How estimates evolve. Default: ``EstimateRefinement/off``.
    public var estimateRefinement: EstimateRefinement

    /// Creates options; each defaults to the UIKit-compatible behaviour.
    public init(scrollAnchor: ScrollAnchor = .firstVisibleItem, estimateRefinement: EstimateRefinement = .off) {
        self.scrollAnchor = scrollAnchor
        self.estimateRefinement = estimateRefinement
    }
}
