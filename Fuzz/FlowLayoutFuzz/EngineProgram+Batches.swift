import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport

/// Batch updates in a program (`flow-layout.md` 10): the batch is built from
/// the bytes (``BatchBuilder``) and judged from the model (``BatchValidity``)
/// before the engine sees it. Then:
/// - an invalid batch must be refused, leaving every frame, the visible rect,
///   the estimate and the counts exactly as they were (10.6);
/// - a valid one must be accepted; afterwards every frame equals the reference
///   layout of the model with the batch applied (10.3), the anchor is the first
///   element in view before that survives in place, and it kept its edge (10.4),
///   and the transitions hold the before and after frames of everything in view
///   before or after (10.5).
extension EngineProgram {
    /// Opcodes 6, 7: a batch update.
    mutating func batch() throws(FuzzFailure) -> Bool {
        var batch = BatchBuilder.batch(from: &reader, over: model)
        BatchBuilder.corruptSometimes(&batch, reader: &reader, model: model)
        do {
            if let problem = BatchValidity.problem(in: batch, over: model) {
                try refuse(batch, because: problem)
            } else {
                try accept(batch)
            }
        } catch {
            throw FuzzFailure("\(error.message)\n  batch: \(batch.summary)")
        }
        return true
    }

    /// Performs a batch the engine must refuse, and checks that nothing changed.
    mutating func refuse(_ batch: BatchUpdate, because problem: String) throws(FuzzFailure) {
        let before = try allElements()
        let visible = state.visibleRect
        let estimate = state.currentEstimatedItemSize
        let counts = (0..<state.numberOfSections).map { try? state.numberOfItems(inSection: $0) }
        do {
            _ = try state.performBatchUpdates(batch)
        } catch {
            guard try allElements() == before else { throw failure("the refused batch (\(error)) changed frames") }
            guard state.visibleRect == visible, state.currentEstimatedItemSize == estimate,
                (0..<state.numberOfSections).map({ try? state.numberOfItems(inSection: $0) }) == counts
            else { throw failure("the refused batch (\(error)) changed the visible rect, the estimate or the counts") }
            statistics.refusedBatches += 1
            return
        }
        throw failure("an invalid batch was accepted: \(problem)")
    }

    /// Performs a batch the engine must accept, applies it to the model, and
    /// checks the layout, the anchor and the transitions.
    mutating func accept(_ batch: BatchUpdate) throws(FuzzFailure) {
        let oldModel = model
        let oldReference = reference()
        let visible = state.visibleRect
        let result: BatchUpdateResult
        do {
            result = try state.performBatchUpdates(batch)
        } catch {
            throw failure("a valid batch was refused: \(error)")
        }
        model.apply(batch)
        modelChanged()
        hold = nil  // a batch ends the hold of a scroll to an item (8.4)
        statistics.acceptedBatches += 1
        if result.update.anchor != nil { statistics.anchoredBatches += 1 }
        // 10.3: the layout from scratch.
        try compareEverything()
        // 10.4: the anchor kept its edge and moved the visible rect along.
        try checkUpdate(result.update, visibleBefore: visible, label: "batch")
        guard let visible else {
            guard result.update.anchor == nil, result.transitions.isEmpty else {
                throw failure("an anchor or transitions without a visible rect")
            }
            return
        }
        // Near a rect's edge, which elements meet it is a matter of the last
        // bits when frames are not exact: the choice of anchor is checked
        // only when they are.
        if isExact { try checkAnchorChoice(result.update, batch: batch, oldModel: oldModel, old: oldReference, visible: visible) }
        try checkTransitions(result, old: oldReference, visible: visible)
    }

    /// Throws unless the batch's anchor is the one 10.4 names: the first element
    /// meeting the visible rect before the batch (the last, anchoring the last
    /// visible item) that survives in place, found from the model's identities;
    /// its previous frame is its frame before.
    mutating func checkAnchorChoice(
        _ update: LayoutUpdate, batch: BatchUpdate, oldModel: ReferenceModel, old: ReferencePresentation, visible: Rect
    ) throws(FuzzFailure) {
        let movedItems = Set(batch.movedItems.map { oldModel.itemIDs[$0.from.section][$0.from.item] })
        let movedSections = Set(batch.movedSections.map { oldModel.sectionIDs[$0.from] })
        var newCells: [Int: FlowIndexPath] = [:]
        for (section, ids) in model.itemIDs.enumerated() {
            for (item, id) in ids.enumerated() { newCells[id] = FlowIndexPath(item: item, section: section) }
        }
        let newSections = Dictionary(uniqueKeysWithValues: model.sectionIDs.enumerated().map { ($1, $0) })
        let newElements = Set(reference().attributes.map(\.identifier))
        var candidates = old.elements(in: visible)
        if state.options.scrollAnchor == .lastVisibleItem { candidates.reverse() }
        var expected: (old: LayoutAttributes, new: ElementIdentifier)?
        for candidate in candidates where !old.isPinned(candidate.category) {
            let sectionID = oldModel.sectionIDs[candidate.indexPath.section]
            guard !movedSections.contains(sectionID), let section = newSections[sectionID] else { continue }
            let identifier: ElementIdentifier
            if candidate.category == .cell {
                let id = oldModel.itemIDs[candidate.indexPath.section][candidate.indexPath.item]
                guard !movedItems.contains(id), let path = newCells[id] else { continue }
                identifier = ElementIdentifier(category: .cell, indexPath: path)
            } else {
                identifier = ElementIdentifier(category: candidate.category, indexPath: FlowIndexPath(item: 0, section: section))
            }
            guard newElements.contains(identifier) else { continue }
            expected = (candidate, identifier)
            break
        }
        guard update.anchor == expected?.new, update.previousAnchorFrame == expected?.old.frame else {
            throw failure(
                "the anchor is \(AnchorCheck.name(update.anchor)) from \(String(describing: update.previousAnchorFrame)), "
                    + "expected \(AnchorCheck.name(expected?.new)) from \(String(describing: expected?.old.frame))")
        }
    }

    /// Throws unless the transitions (10.5) give every element's frame after the
    /// batch as the reference lays it out, its frame before as the reference laid
    /// it out moved by the adjustment, and cover every element in view before
    /// or after.
    mutating func checkTransitions(_ result: BatchUpdateResult, old: ReferencePresentation, visible: Rect) throws(FuzzFailure) {
        let new = reference()
        let tolerance = tolerance()
        let adjustment = result.update.contentOffsetAdjustment
        func moved(_ frame: Rect) -> Rect {
            Rect(x: frame.minX + adjustment.x, y: frame.minY + adjustment.y, width: frame.width, height: frame.height)
        }
        func close(_ a: Rect, _ b: Rect?) -> Bool {
            guard let b else { return false }
            return LayoutComparison.close(a.minX, b.minX, tolerance) && LayoutComparison.close(a.minY, b.minY, tolerance)
                && LayoutComparison.close(a.width, b.width, tolerance) && LayoutComparison.close(a.height, b.height, tolerance)
        }
        let oldFrames = Dictionary(old.attributes.map { ($0.identifier, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let newFrames = Dictionary(new.attributes.map { ($0.identifier, $0.frame) }, uniquingKeysWith: { a, _ in a })
        var previous = Set<ElementIdentifier>()
        var current = Set<ElementIdentifier>()
        for transition in result.transitions {
            let identifier = ElementIdentifier(category: transition.category, indexPath: transition.indexPath)
            if let after = transition.after {
                guard close(after, newFrames[identifier]) else {
                    throw failure("transition \(transition): after ≠ reference \(String(describing: newFrames[identifier]))")
                }
                current.insert(identifier)
            }
            if let path = transition.previousIndexPath {
                let oldIdentifier = ElementIdentifier(category: transition.category, indexPath: path)
                if let before = transition.before {
                    guard close(before, oldFrames[oldIdentifier].map(moved)) else {
                        throw failure(
                            "transition \(transition): before ≠ reference \(String(describing: oldFrames[oldIdentifier])) moved by \(adjustment)"
                        )
                    }
                }
                previous.insert(oldIdentifier)
            } else if transition.before != nil {
                throw failure("transition \(transition): a frame before without an index path before")
            }
            if transition.before == nil && transition.after == nil {
                throw failure("transition \(transition) has neither frame")
            }
        }
        func nearEdge(_ element: LayoutAttributes, of rect: Rect) -> Bool {
            tolerance > 0 && LayoutComparison.nearEdge(element.frame, of: rect, tolerance: tolerance)
        }
        for element in old.elements(in: visible) where !previous.contains(element.identifier) && !nearEdge(element, of: visible) {
            throw failure("no transition for \(element), in view before")
        }
        let after = Rect(origin: Point(x: visible.minX + adjustment.x, y: visible.minY + adjustment.y), size: visible.size)
        for element in new.elements(in: after) where !current.contains(element.identifier) && !nearEdge(element, of: after) {
            throw failure("no transition for \(element), in view after")
        }
    }
}
