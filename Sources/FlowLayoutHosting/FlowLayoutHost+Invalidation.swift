/// Invalidation (`flow-layout.md` 7, 8.1): bounds changes and self-sizing.
///
/// A scroll changes nothing in the layout (7.3): the host's bounds are taken
/// in (the anchor is read from them) and nothing is invalidated, except the
/// pinned headers and footers, whose frames follow the visible rect (8.1). A
/// size change re-lays out (a change of the extent lines span) and keeps the
/// anchor still. A measured size invalidates the layout only when it differs
/// from the size in use, so a cell measuring itself again never starts a loop.
extension FlowLayoutHost {
    /// UIKit's `shouldInvalidateLayout(forBoundsChange:)`: whether a change of
    /// the collection view's bounds invalidates the layout.
    ///
    /// `false` for a scroll (the new bounds are taken in at once), unless
    /// headers or footers pin; `true` for a size change that moves frames (the
    /// extent lines span, or any size with pinning). Bounds equal to the rect
    /// the layout holds, such as those an adjustment asked for, are nothing new.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` at
    ///   `newBounds.x` ... `newBounds.height`; nothing changes.
    /// - Complexity: O(1).
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) throws(FlowLayoutError) -> Bool {
        try Validation.check(rect: newBounds, path: "newBounds")
        try supplySections(reaching: newBounds)
        if newBounds == bounds && !hasUnreportedSizeChange { return false }
        let config = state.configuration
        let pins = config.sectionHeadersPinToVisibleBounds || config.sectionFootersPinToVisibleBounds
        let relayout = linesExtent(of: newBounds.size) != linesExtent(of: bounds.size)
        // Sections supplied for the new bounds changed the content size: a
        // context must carry the adjustment.
        if relayout || pins || hasUnreportedSizeChange {
            counters.boundsInvalidations += 1
            return true
        }
        let result = try state.performFrame(FrameRequest(visibleRect: newBounds))
        // The frame answered what is in view: the query UIKit makes next reuses it.
        elementsInView = nil
        if result.visibleRect == bounds { remember(result.elements) }
        counters.boundsChangesTakenIn += 1
        return false
    }

    /// UIKit's `invalidationContext(forBoundsChange:)`: takes in the new bounds
    /// and describes what they changed.
    ///
    /// A scroll names the pinned headers and footers meeting the old or new
    /// bounds. A size change applies the new viewport, keeping the anchor still:
    /// the context carries the adjustment, and invalidates everything when
    /// lines were re-broken.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for invalid bounds (at
    ///   `newBounds`) or a width at which the content would pass the limit;
    ///   nothing changes.
    /// - Complexity: O(k) for the k elements in view, plus, for a change of the
    ///   extent lines span, the relayout up to the anchor.
    public func invalidationContext(forBoundsChange newBounds: Rect) throws(FlowLayoutError) -> InvalidationContext {
        try Validation.check(rect: newBounds, path: "newBounds")
        try supplySections(reaching: newBounds)
        let old = bounds
        let supplied = takeUnreportedSizeChange()
        guard newBounds != old else { return InvalidationContext(contentSizeAdjustment: supplied) }
        let relayout = linesExtent(of: newBounds.size) != linesExtent(of: old.size)
        let pinnedBefore = relayout ? [] : pinnedElements(in: old)
        let result: FrameResult
        do throws(FlowLayoutError) {
            result = try state.performFrame(FrameRequest(visibleRect: newBounds))
        } catch {
            throw error.prefixingPath(with: "newBounds")
        }
        elementsInView = nil
        let adjustment = result.update.contentSizeAdjustment
        var context = InvalidationContext(
            invalidateEverything: relayout, contentOffsetAdjustment: result.update.contentOffsetAdjustment,
            contentSizeAdjustment: Size(width: adjustment.width + supplied.width, height: adjustment.height + supplied.height))
        if !relayout {
            var seen = Set<ElementIdentifier>()
            let pinned = (pinnedBefore + pinnedElements(in: result.visibleRect)).filter { seen.insert($0).inserted }
            context.invalidate(pinned.sorted())
        }
        return context
    }

    /// UIKit's `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`:
    /// whether a cell's measured size differs from the size the layout uses
    /// for it. A size equal to it (reported again, or equal to the estimate of
    /// an unmeasured item) returns `false` and records nothing: this is what
    /// keeps self-sizing from looping. Headers and footers keep their reference
    /// sizes (`false`, as in UIKit) unless ``headersAndFootersSizeThemselves``:
    /// then their extent along the scroll axis is compared the same way.
    ///
    /// The size is compared with the item's size before presentation, so pixel
    /// snapping (which rounds frames) never makes a report look new.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path out of
    ///   range (at `preferredAttributes.indexPath`) or a size that is negative,
    ///   NaN or infinite (at `preferredAttributes.frame.width`).
    /// - Complexity: O(log S + log R).
    public func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
        withOriginalAttributes originalAttributes: LayoutAttributes
    ) throws(FlowLayoutError) -> Bool {
        guard preferredAttributes.category == .cell || headersAndFootersSizeThemselves else { return false }
        let size = preferredAttributes.frame.size
        try Validation.check(rect: Rect(origin: .zero, size: size), path: "preferredAttributes.frame")
        let unchanged: Bool
        do throws(FlowLayoutError) {
            if let kind = SupplementaryKind(preferredAttributes.category) {
                // Only the extent along the scroll axis is a header's or footer's own.
                let current = try state.sizeOfSupplementaryElement(
                    ofKind: kind, inSection: preferredAttributes.indexPath.section)
                let direction = state.configuration.scrollDirection
                unchanged = direction.cross(size) == direction.cross(current)
            } else {
                unchanged = try size == state.sizeOfItem(at: preferredAttributes.indexPath)
            }
        } catch {
            throw error.prefixingPath(with: "preferredAttributes")
        }
        if unchanged {
            counters.unchangedSizes += 1
            return false
        }
        counters.sizeChanges += 1
        return true
    }

    /// UIKit's `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`:
    /// applies the measured size (of a cell, or of a header or footer when
    /// ``headersAndFootersSizeThemselves``), re-laying out only what it can move (7.1),
    /// and returns the context that keeps the anchor element still: its
    /// content-offset and content-size adjustments, and every cell, header and
    /// footer in view whose frame changed, the measured cell first.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path or
    ///   size (paths under `preferredAttributes`), or a size that would take the
    ///   content past the limit; nothing changes.
    /// - Complexity: O(log S + log R) plus the lines re-broken, and O(k) for
    ///   the k elements in view, compared before and after (those before are
    ///   the ones last answered, when nothing has changed since).
    public func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
        withOriginalAttributes originalAttributes: LayoutAttributes
    ) throws(FlowLayoutError) -> InvalidationContext {
        let indexPath = preferredAttributes.indexPath
        let kind = SupplementaryKind(preferredAttributes.category)
        if kind != nil && !headersAndFootersSizeThemselves { return InvalidationContext() }
        let before = try currentElementsInView()
        let update: LayoutUpdate
        do throws(FlowLayoutError) {
            let size = preferredAttributes.frame.size
            if let kind {
                update = try state.reportSize(size, ofSupplementaryElementOfKind: kind, inSection: indexPath.section)
            } else {
                update = try state.reportSize(size, forItemAt: indexPath)
            }
        } catch {
            throw error.prefixingPath(with: "preferredAttributes")
        }
        elementsInView = nil
        let after = try currentElementsInView()
        var context = InvalidationContext(
            contentOffsetAdjustment: update.contentOffsetAdjustment, contentSizeAdjustment: update.contentSizeAdjustment)
        let measured = ElementIdentifier(category: preferredAttributes.category, indexPath: indexPath)
        context.invalidate([measured] + Self.changedElements(before: before, after: after).filter { $0 != measured })
        return context
    }

    /// UIKit's `invalidateLayout(with:)`: the host hands back a context this
    /// host made (its change is already applied) or one of its own. Counts it;
    /// a context with ``InvalidationContext/invalidateDataSourceCounts`` is
    /// followed by ``reloadData(sections:)`` (with
    /// ``InvalidationContext/invalidateEverything``) or by
    /// ``prepare(forCollectionViewUpdates:sections:itemSizes:)`` (without):
    /// until then no section content is supplied (the data source already
    /// answers for after the change).
    ///
    /// - Complexity: O(1).
    public func invalidateLayout(with context: InvalidationContext) {
        counters.contextsReceived += 1
        if context.invalidateDataSourceCounts && !context.invalidateEverything { lazySections?.awaitingBatch = true }
    }

    /// UIKit's `invalidateLayout()`: everything is to be queried again. The
    /// engine's answers are always current, so this only counts the call.
    ///
    /// - Complexity: O(1).
    public func invalidateLayout() {
        counters.fullInvalidations += 1
    }

    // MARK: - Implementation

    /// The extent lines span in a viewport of `size`: the width, scrolling vertically.
    func linesExtent(of size: Size) -> Double {
        state.configuration.scrollDirection.main(size)
    }

    /// The headers and footers that pin and meet `rect`.
    func pinnedElements(in rect: Rect) -> [ElementIdentifier] {
        let config = state.configuration
        var found: [ElementIdentifier] = []
        try? state.enumerateElements(in: rect) { element in
            if config.pins(element.category) { found.append(element.identifier) }
            return true
        }
        return found
    }

    /// The elements of `before` and `after` whose frames differ, or that are in
    /// one only, in element order. Both lists are in element order (rect
    /// queries answer in it): one merge walk, no hashing.
    ///
    /// - Complexity: O(k) for the k elements of both.
    static func changedElements(before: [LayoutAttributes], after: [LayoutAttributes]) -> [ElementIdentifier] {
        var changed: [ElementIdentifier] = []
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if j == after.count || (i < before.count && before[i].identifier < after[j].identifier) {
                changed.append(before[i].identifier)
                i += 1
            } else if i == before.count || after[j].identifier < before[i].identifier {
                changed.append(after[j].identifier)
                j += 1
            } else {
                if before[i].frame != after[j].frame { changed.append(after[j].identifier) }
                i += 1
                j += 1
            }
        }
        return changed
    }
}

extension SupplementaryKind {
    /// The kind of a header or footer category; `nil` for a cell.
    init?(_ category: ElementCategory) {
        switch category {
        case .cell: return nil
        case .header: self = .header
        case .footer: self = .footer
        }
    }
}
