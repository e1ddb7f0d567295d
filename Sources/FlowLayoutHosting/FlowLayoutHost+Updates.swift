/// Batch updates (`flow-layout.md` 10): UIKit's update items become one
/// ``/FlowLayoutCore/BatchUpdate``, applied atomically with the anchor kept
/// still (10.4); the frames before and after of what is in view (10.5) answer
/// the appearing and disappearing attributes until the update is finalized.
extension FlowLayoutHost {
    /// UIKit's `prepare(forCollectionViewUpdates:)`: applies the update items
    /// as one batch.
    ///
    /// UIKit's layout reads what an update inserts from the collection view;
    /// the host answers the same questions through `sections` and `itemSizes`.
    ///
    /// - Parameters:
    ///   - updateItems: the changes, with UIKit's index conventions: deletions,
    ///     reloads and move sources before the update, insertions and move
    ///     destinations after it (10.1).
    ///   - sections: the content of a section inserted or reloaded, by its
    ///     index after the update (its item count, with sizes and overrides if
    ///     the host has them).
    ///   - itemSizes: the size of an item inserted or reloaded, by its index
    ///     path after the update, or `nil` (the estimate while self-sizing,
    ///     else `itemSize`; 10.2).
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first refused
    ///   change by its update item (`updateItems[3].indexPathAfterUpdate.item`;
    ///   content at `updateItems[3].sectionContent`); nothing is applied.
    /// - Complexity: that of ``/FlowLayoutCore/FlowLayoutState/performBatchUpdates(_:)``:
    ///   what the batch can move, and O(k) for the k elements in view.
    public func prepare(
        forCollectionViewUpdates updateItems: [UpdateItem], sections: (Int) -> FlowSection,
        itemSizes: (FlowIndexPath) -> Size? = { _ in nil }
    ) throws(FlowLayoutError) {
        lazySections?.awaitingBatch = false
        let updateItems = lazySections == nil ? updateItems : insteadOfUnsuppliedMoves(updateItems)
        let translation = UpdateTranslation(updateItems, sections: sections, itemSizes: itemSizes)
        let result: BatchUpdateResult
        do throws(FlowLayoutError) {
            result = try state.performBatchUpdates(translation.batch)
        } catch {
            throw translation.translating(error)
        }
        counters.batchUpdates += 1
        carrySuppliedSections(through: updateItems)
        // Sections the update brought into view or before it (moved up from
        // unsupplied content) are supplied now, keeping the anchor, so the
        // offset answered next holds it.
        try supplySections(reaching: bounds, keepingAnchor: true)
        elementsInView = nil
        transitions = UpdateTransitions(result.transitions, configuration: state.configuration)
    }

    /// UIKit's `finalizeCollectionViewUpdates()`: the update's animations are
    /// set up; its transition frames are dropped.
    ///
    /// - Complexity: O(1).
    public func finalizeCollectionViewUpdates() {
        transitions = nil
    }

    /// UIKit's `initialLayoutAttributesForAppearingItem(at:)`: where the cell
    /// at `itemIndexPath` (after the update) starts its animation. A cell that
    /// was in view before starts at its frame before (moved by the update's
    /// adjustment), alpha 1; an inserted cell fades in at its frame after,
    /// alpha 0. `nil` outside an update and for cells in view neither before
    /// nor after it (UIKit then starts them at their final attributes).
    ///
    /// - Complexity: O(1).
    public func initialLayoutAttributesForAppearingItem(at itemIndexPath: FlowIndexPath) -> TransitionAttributes? {
        transitions?.appearing[ElementIdentifier(category: .cell, indexPath: itemIndexPath)]
    }

    /// UIKit's `finalLayoutAttributesForDisappearingItem(at:)`: where the cell
    /// at `itemIndexPath` (before the update) ends its animation. A cell that
    /// survives ends at its frame after, alpha 1; a deleted one fades out where
    /// it was (its frame before, moved by the adjustment), alpha 0. `nil`
    /// outside an update and for cells in view neither before nor after it.
    ///
    /// - Complexity: O(1).
    public func finalLayoutAttributesForDisappearingItem(at itemIndexPath: FlowIndexPath) -> TransitionAttributes? {
        transitions?.disappearing[ElementIdentifier(category: .cell, indexPath: itemIndexPath)]
    }

    /// UIKit's `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`:
    /// as ``initialLayoutAttributesForAppearingItem(at:)-(FlowIndexPath)``, for a header or
    /// footer (index path: its section after the update, item 0).
    ///
    /// - Complexity: O(1).
    public func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: SupplementaryKind, at elementIndexPath: FlowIndexPath
    ) -> TransitionAttributes? {
        transitions?.appearing[ElementIdentifier(category: elementKind.category, indexPath: elementIndexPath)]
    }

    /// UIKit's `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`:
    /// as ``finalLayoutAttributesForDisappearingItem(at:)-(FlowIndexPath)``, for a header or
    /// footer (index path: its section before the update, item 0).
    ///
    /// - Complexity: O(1).
    public func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: SupplementaryKind, at elementIndexPath: FlowIndexPath
    ) -> TransitionAttributes? {
        transitions?.disappearing[ElementIdentifier(category: elementKind.category, indexPath: elementIndexPath)]
    }
}

/// The transition frames of one batch update, by the element's identity after
/// the update (appearing) and before it (disappearing).
struct UpdateTransitions {
    /// Start of the animation of each element in view after the update, or in
    /// view before it and still present.
    var appearing: [ElementIdentifier: TransitionAttributes] = [:]
    /// End of the animation of each element in view before the update.
    var disappearing: [ElementIdentifier: TransitionAttributes] = [:]

    /// Indexes `transitions` (`flow-layout.md` 10.5).
    init(_ transitions: [ElementTransition], configuration: FlowLayoutConfiguration) {
        // Headers and footers keep zIndex 10, pinned or not (8.1), as the
        // attributes of the layout give it.
        func zIndex(_ category: ElementCategory) -> Int? { nil }
        for transition in transitions {
            let category = transition.category
            if let after = transition.after {
                let start = transition.before ?? after
                appearing[ElementIdentifier(category: category, indexPath: transition.indexPath)] = TransitionAttributes(
                    attributes: LayoutAttributes(
                        category: category, indexPath: transition.indexPath, frame: start, zIndex: zIndex(category)),
                    alpha: transition.before == nil ? 0 : 1)
            }
            if let previous = transition.previousIndexPath, let before = transition.before {
                let end = transition.after ?? before
                disappearing[ElementIdentifier(category: category, indexPath: previous)] = TransitionAttributes(
                    attributes: LayoutAttributes(category: category, indexPath: previous, frame: end, zIndex: zIndex(category)),
                    alpha: transition.after == nil ? 0 : 1)
            }
        }
    }
}
