import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport

/// The presentation operations of a program (`flow-layout.md` 8), opcode bytes
/// 240 to 255: option and pinning changes (each an update that must keep its
/// anchor still), scrolls to items (after which the engine holds the item while
/// the host stays there), resting-offset queries, and visible rects with their
/// pinned headers and footers, all compared with ``ReferencePresentation``.
extension EngineProgram {
    /// The categories that pin under the current configuration.
    var pinnedCategories: Set<ElementCategory> {
        var categories: Set<ElementCategory> = []
        if state.configuration.sectionHeadersPinToVisibleBounds { categories.insert(.header) }
        if state.configuration.sectionFootersPinToVisibleBounds { categories.insert(.footer) }
        return categories
    }

    /// One presentation operation, `code` from 0 to 15: mod 6, 0 options, 1
    /// pinning, 2 a scroll to an item, 3 resting offsets, 4 a visible rect and
    /// its pinned elements, 5 a scroll to an item and a frame measuring items there.
    mutating func presentationOperation(_ code: Int) throws(FuzzFailure) -> Bool {
        switch code % 6 {
        case 0: try changeOptions()
        case 1: try changePinning()
        case 2: try jump()
        case 3: try rest()
        case 4: try pinnedScroll()
        default:
            try jump()
            return try frameInPlace()
        }
        return false
    }

    /// Option 0: new presentation options from one byte: bit 0 right to left,
    /// bits 1–2 the display scale (0 to 3), bits 3–4 the snapping mode.
    mutating func changeOptions() throws(FuzzFailure) {
        let bits = reader.byte()
        var options = state.options
        options.layoutDirection = bits & 1 == 0 ? .leftToRight : .rightToLeft
        options.displayScale = Double(bits >> 1 & 3)
        options.snapping = FlowLayoutOptions.ScrollSnapping.allCases[bits >> 3 & 3]
        let previous = state.options
        let visible = state.visibleRect
        let update: LayoutUpdate
        do {
            update = try state.setOptions(options)
        } catch {
            throw failure("the valid options \(options) were refused: \(error)")
        }
        model.options = options
        modelChanged()
        try checkUpdate(update, visibleBefore: visible, label: "options \(options)", previousOptions: previous)
    }

    /// Option 1: pinning from one byte: bit 0 headers, bit 1 footers; bits 2
    /// and 3 give headers and footers a new size (two lengths each) first;
    /// in a waterfall program, bit 4 gives the layout new columns (bit 5: none,
    /// else ``ByteReader/columns()``), which assigns their items again (12.3 b).
    mutating func changePinning() throws(FuzzFailure) {
        let bits = reader.byte()
        var configuration = state.configuration
        configuration.sectionHeadersPinToVisibleBounds = bits & 1 != 0
        configuration.sectionFootersPinToVisibleBounds = bits & 2 != 0
        if bits & 4 != 0 { configuration.headerReferenceSize = reader.size() }
        if bits & 8 != 0 { configuration.footerReferenceSize = reader.size() }
        if reader.waterfallDirection != nil && bits & 16 != 0 {
            configuration.waterfall = bits & 32 != 0 ? nil : reader.columns()
        }
        let pinnedBefore = pinnedCategories
        let visible = state.visibleRect
        let update: LayoutUpdate
        do {
            update = try state.setConfiguration(configuration)
        } catch {
            throw failure("the valid configuration \(configuration) was refused: \(error)")
        }
        model.configuration = configuration
        modelChanged()
        try checkUpdate(update, visibleBefore: visible, label: "pinning \(bits & 3)", pinnedBefore: pinnedBefore)
    }

    /// Option 2: the offset that shows an item at a position, as the
    /// reference finds it; the host goes there unless the next byte is odd, and
    /// then the engine holds the item.
    mutating func jump() throws(FuzzFailure) {
        guard let path = anyItem() else { return }
        let position = ScrollPosition.allCases[reader.byte() % 4]
        let origin = (state.visibleRect ?? Rect(origin: .zero, size: state.viewportSize)).origin
        let offset: Point
        do {
            offset = try state.contentOffset(forItemAt: path, position: position)
        } catch {
            throw failure("the scroll to item \(path) was refused: \(error)")
        }
        // Clamped to the content size the host has: sections past the item may
        // still count at their estimates.
        let expected = reference().contentOffset(forItemAt: path, position: position, hostContentSize: state.contentSize)
        guard PresentationComparison.close(offset, expected.offset, tolerance() + visibleExtentRounding) else {
            throw failure("the offset for item \(path) at \(position) is \(offset), the reference's \(expected.offset)")
        }
        var rect = state.visibleRect ?? Rect(origin: .zero, size: state.viewportSize)
        if reader.byte() % 2 == 0 { rect.origin = offset }
        // Off the exact grid, an item whose edge touches the view's within the
        // tolerance is whole in view or just outside it by a rounding: `nearest`
        // leaves the offset where it was (within the tolerance) and may hold
        // either edge.
        holdEdgeIsAmbiguous = position == .nearest && !isExact && PresentationComparison.close(offset, origin, tolerance())
        hold = rect.origin == offset ? (path, expected.kept) : nil
        do {
            try state.setVisibleRect(rect)
        } catch {
            throw failure("the visible rect \(rect) was refused: \(error)")
        }
        statistics.jumps += 1
    }

    /// After a jump: a frame in place that measures up to 3 items, which must
    /// keep the held item still.
    mutating func frameInPlace() throws(FuzzFailure) -> Bool {
        // A visible rect of any size may be set, but only one of a valid
        // viewport's size may be a frame's.
        guard let rect = state.visibleRect, Validity.isSize(rect.size) else { return false }
        let reports = validReports(limit: 1 + reader.byte() % 3)
        let result: FrameResult
        do {
            result = try state.performFrame(FrameRequest(visibleRect: rect, sizeReports: reports))
        } catch {
            throw failure("the valid frame \(rect) with \(reports) was refused: \(error)")
        }
        model.apply(reports)
        model.viewportSize = rect.size  // a visible rect of its own size resizes the viewport
        modelChanged()
        if hold != nil, result.update.anchor != nil { statistics.heldUpdates += 1 }
        try checkUpdate(result.update, visibleBefore: rect, label: "frame after a jump")
        try checkElements(result.elements, in: result.visibleRect, label: "frame after a jump")
        return false
    }

    /// How far offsets computed from the visible rect's extent may differ by
    /// the order of their roundings: a few ulps of that extent (a visible rect
    /// may be any finite size, 2e15 points wide too, where an ulp is 0.25).
    var visibleExtentRounding: Double {
        guard let rect = state.visibleRect else { return 0 }
        return 4 * Swift.max(rect.width, rect.height).ulp
    }

    /// Option 3: resting offsets for two proposals (a whole point from 100
    /// before the content to 100 after it) at a velocity of each sign and 0.
    mutating func rest() throws(FuzzFailure) {
        let reference = reference()
        let tolerance = tolerance() + visibleExtentRounding
        let vertical = state.configuration.scrollDirection == .vertical
        let extent = vertical ? reference.contentSize.height : reference.contentSize.width
        for _ in 0..<2 {
            let along = Double(reader.byte() * (Int(extent.rounded(.up)) + 200) / 255 - 100) + Double(reader.byte() % 8) / 8
            let speed = Double(reader.byte() % 3) - 1
            let proposed = vertical ? Point(x: 0, y: along) : Point(x: along, y: 0)
            let velocity = vertical ? Point(x: 0, y: speed) : Point(x: speed, y: 0)
            let offset: Point
            do {
                offset = try state.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
            } catch {
                throw failure("the proposal \(proposed) was refused: \(error)")
            }
            func resting(shiftedBy shift: Double) -> Point {
                let shifted = vertical ? Point(x: 0, y: along + shift) : Point(x: along + shift, y: 0)
                return reference.targetContentOffset(
                    forProposedContentOffset: shifted, velocity: velocity, hostContentSize: state.contentSize)
            }
            let expected = resting(shiftedBy: 0)
            // Off the exact grid a candidate may present up to the tolerance away from
            // the reference's, which is the same as a proposal that far off: it may then
            // fall on the other side of the proposal, and the rest on the next candidate.
            let explained =
                PresentationComparison.close(offset, expected, tolerance)
                || (tolerance > 0
                    && (PresentationComparison.close(offset, resting(shiftedBy: -tolerance), tolerance)
                        || PresentationComparison.close(offset, resting(shiftedBy: tolerance), tolerance)))
            guard explained else {
                throw failure("\(state.options.snapping) rests \(proposed) at \(velocity) at \(offset), the reference at \(expected)")
            }
            statistics.restingOffsets += 1
        }
    }

    /// Option 4: a visible rect, then the header and footer of every section
    /// meeting it, one by one, as the reference pins them.
    mutating func pinnedScroll() throws(FuzzFailure) {
        let rect = visibleRect()
        if rect.origin != state.visibleRect?.origin { hold = nil }
        do {
            try state.setVisibleRect(rect)
        } catch {
            throw failure("the valid visible rect \(rect) was refused: \(error)")
        }
        let reference = reference()
        let tolerance = tolerance()
        for expected in reference.elements(in: rect) where expected.category != .cell {
            let kind: SupplementaryKind = expected.category == .header ? .header : .footer
            let actual: LayoutAttributes?
            do {
                actual = try state.layoutAttributesForSupplementaryElement(ofKind: kind, at: expected.indexPath)
            } catch {
                throw failure("the query of the \(kind) of section \(expected.indexPath.section) was refused: \(error)")
            }
            guard let actual, LayoutComparison.same(actual, expected, tolerance: tolerance) else {
                throw failure("\(kind) \(String(describing: actual)) ≠ reference \(expected) for \(rect)")
            }
            if pinnedCategories.contains(actual.category) { statistics.pinnedElements += 1 }
        }
        try checkElements(try elements(in: rect), in: rect, label: "pinned rect query")
    }

    /// The engine's elements in `rect`.
    mutating func elements(in rect: Rect) throws(FuzzFailure) -> [LayoutAttributes] {
        do {
            return try state.layoutAttributesForElements(in: rect)
        } catch {
            throw failure("the rect query \(rect) was refused: \(error)")
        }
    }
}
