import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport

/// The operations of a program other than batch updates: size reports,
/// viewport and visible-rect changes, frames, queries, and bad input. Each
/// reads its operands from the bytes, applies itself to the engine and (if it
/// changes data) to the model, checks what it can at once, and returns whether
/// it compared every frame already.
extension EngineProgram {
    // MARK: - Operands

    /// An item that exists, drawn from the bytes, or `nil` when there is none.
    mutating func anyItem() -> FlowIndexPath? {
        let nonEmpty = model.sections.indices.filter { !model.sections[$0].sizes.isEmpty }
        guard !nonEmpty.isEmpty else { return nil }
        let section = nonEmpty[reader.below(nonEmpty.count)]
        return FlowIndexPath(item: reader.below(model.sections[section].sizes.count), section: section)
    }

    /// A size to report: one byte in eight the size the engine assumes already
    /// (which changes nothing, and keeps a uniform section uniform), else two lengths.
    mutating func reportedSize() -> Size {
        guard reader.byte() % 8 != 0 else {
            return state.configuration.isSelfSizing ? state.currentEstimatedItemSize : state.configuration.itemSize
        }
        return reader.size()
    }

    /// Up to `limit` reports of items that exist.
    mutating func validReports(limit: Int) -> [SizeReport] {
        (0..<limit).compactMap { _ in anyItem().map { SizeReport(indexPath: $0, size: reportedSize()) } }
    }

    /// A visible rect from the bytes: anywhere from 100 points before the
    /// content to 100 after it along the scroll axis (in whole points), a little
    /// off across it, the viewport's size or one of its own.
    mutating func visibleRect() -> Rect {
        let vertical = state.configuration.scrollDirection == .vertical
        let extent = vertical ? state.contentSize.height : state.contentSize.width
        let along = Double(reader.byte() * (Int(extent.rounded(.up)) + 200) / 255 - 100)
        let across = Double(reader.byte() % 5 * 16) - 32
        let size = reader.flag(0) ? Size(width: reader.length() * 8, height: reader.length() * 8) : state.viewportSize
        return vertical
            ? Rect(x: across, y: along, width: size.width, height: size.height)
            : Rect(x: along, y: across, width: size.width, height: size.height)
    }

    // MARK: - Checks

    /// Throws unless `update` kept its anchor still (``AnchorCheck``) and moved
    /// the visible rect by its adjustment.
    mutating func checkUpdate(
        _ update: LayoutUpdate, visibleBefore: Rect?, label: String, previousOptions: FlowLayoutOptions? = nil,
        pinnedBefore: Set<ElementCategory>? = nil
    ) throws(FuzzFailure) {
        let tolerance = tolerance()
        try AnchorCheck.keptEdge(
            update, state: &state, tolerance: tolerance, step: "step \(step) \(label)", previousOptions: previousOptions,
            pinnedBefore: pinnedBefore ?? pinnedCategories, hold: hold, eitherHeldEdge: holdEdgeIsAmbiguous)
        if let before = visibleBefore {
            let expected = Point(
                x: before.minX + update.contentOffsetAdjustment.x, y: before.minY + update.contentOffsetAdjustment.y)
            guard let after = state.visibleRect, after.size == before.size,
                LayoutComparison.close(after.minX, expected.x, tolerance),
                LayoutComparison.close(after.minY, expected.y, tolerance)
            else {
                throw failure(
                    "\(label): the visible rect is \(String(describing: state.visibleRect)), expected \(before) moved to \(expected)")
            }
        }
    }

    /// Throws unless `elements` are the reference's elements in `rect`.
    mutating func checkElements(_ elements: [LayoutAttributes], in rect: Rect, label: String) throws(FuzzFailure) {
        let differences = LayoutComparison.rectQueryDifferences(
            engine: elements, reference: reference().elements(in: rect), rect: rect, tolerance: tolerance())
        if let first = differences.first { throw failure("\(label) in \(rect): \(first)") }
    }

    /// Applies reports that the engine must accept, to both sides.
    mutating func apply(_ reports: [SizeReport], label: String) throws(FuzzFailure) {
        let visible = state.visibleRect
        let update: LayoutUpdate
        do {
            update = try state.reportSizes(reports)
        } catch {
            throw failure("valid \(label) \(reports) were refused: \(error)")
        }
        model.apply(reports)
        modelChanged()
        try checkUpdate(update, visibleBefore: visible, label: label)
    }

    // MARK: - Operations

    /// Opcodes 0, 1: one size report.
    mutating func reportOne() throws(FuzzFailure) -> Bool {
        guard let path = anyItem() else { return false }
        try apply([SizeReport(indexPath: path, size: reportedSize())], label: "report")
        return false
    }

    /// Opcode 2: up to 8 reports in one call; one call in eight also holds a
    /// report the engine must refuse (an item that does not exist, a bad size),
    /// and then nothing changes.
    mutating func reportSeveral() throws(FuzzFailure) -> Bool {
        var reports = validReports(limit: 1 + reader.byte() % 8)
        guard reader.byte() >= 224 else {
            if !reports.isEmpty { try apply(reports, label: "reports") }
            return false
        }
        let counts = model.sections.map(\.sizes.count)
        let bad: SizeReport
        switch reader.byte() % 3 {
        case 0:
            bad = SizeReport(indexPath: FlowIndexPath(item: 0, section: counts.count + reader.byte() % 2), size: reader.size())
        case 1 where !counts.isEmpty:
            let section = reader.below(counts.count)
            let item = reader.flag(0) ? -1 : counts[section] + reader.byte() % 2
            bad = SizeReport(indexPath: FlowIndexPath(item: item, section: section), size: reader.size())
        default:
            let path = anyItem() ?? FlowIndexPath(item: 0, section: 0)
            bad = SizeReport(indexPath: path, size: Size(width: reader.oddLength(), height: 1))
        }
        reports.insert(bad, at: reader.below(reports.count + 1))
        let valid = reports.allSatisfy { report in
            counts.indices.contains(report.indexPath.section)
                && (0..<counts[report.indexPath.section]).contains(report.indexPath.item)
                && Validity.isSize(report.size)
        }
        if valid {
            try apply(reports, label: "reports")
            return false
        }
        try refused("reports \(reports)") { (state) throws(FlowLayoutError) in _ = try state.reportSizes(reports) }
        return true
    }

    /// Opcode 3: a viewport change.
    mutating func changeViewport() throws(FuzzFailure) -> Bool {
        let size = Self.viewport(from: &reader)
        try setViewport(size)
        return false
    }

    /// Sets a valid viewport on both sides.
    mutating func setViewport(_ size: Size) throws(FuzzFailure) {
        let visible = state.visibleRect
        let update: LayoutUpdate
        do {
            update = try state.setViewportSize(size)
        } catch {
            throw failure("the valid viewport \(size) was refused: \(error)")
        }
        model.viewportSize = size
        modelChanged()
        try checkUpdate(update, visibleBefore: visible, label: "viewport \(size)")
    }

    /// Opcode 4: a scroll to a visible rect, and a rect query there.
    mutating func scroll() throws(FuzzFailure) -> Bool {
        let rect = visibleRect()
        if rect.origin != state.visibleRect?.origin { hold = nil }
        let elements: [LayoutAttributes]
        do {
            try state.setVisibleRect(rect)
            elements = try state.layoutAttributesForElements(in: rect)
        } catch {
            throw failure("the valid visible rect \(rect) was refused: \(error)")
        }
        try checkElements(elements, in: rect, label: "rect query")
        return false
    }

    /// Opcode 5: a frame: a visible rect (a viewport change when its size
    /// differs) and up to 3 reports, answered with the elements to show.
    mutating func frame() throws(FuzzFailure) -> Bool {
        let rect = visibleRect()
        if rect.origin != state.visibleRect?.origin { hold = nil }
        let reports = validReports(limit: reader.byte() % 4)
        let result: FrameResult
        do {
            result = try state.performFrame(FrameRequest(visibleRect: rect, sizeReports: reports))
        } catch {
            throw failure("the valid frame \(rect) with \(reports) was refused: \(error)")
        }
        model.apply(reports)
        model.viewportSize = rect.size
        modelChanged()
        try checkUpdate(result.update, visibleBefore: rect, label: "frame")
        guard result.visibleRect == state.visibleRect else {
            throw failure("the frame shows \(result.visibleRect), the visible rect is \(String(describing: state.visibleRect))")
        }
        try checkElements(result.elements, in: result.visibleRect, label: "frame")
        return false
    }

    /// Opcode 8: an item's attributes, and a section's header and footer.
    mutating func query() throws(FuzzFailure) -> Bool {
        let reference = reference()
        let tolerance = tolerance()
        if let path = anyItem() {
            let attributes: LayoutAttributes
            do {
                attributes = try state.layoutAttributesForItem(at: path)
            } catch {
                throw failure("the query of item \(path) was refused: \(error)")
            }
            let expected = reference.attributes.first { $0.category == .cell && $0.indexPath == path }
            guard let expected, LayoutComparison.same(attributes, expected, tolerance: tolerance) else {
                throw failure("item \(attributes) ≠ reference \(String(describing: expected))")
            }
        }
        guard !model.sections.isEmpty else { return false }
        let section = reader.below(model.sections.count)
        for kind in SupplementaryKind.allCases {
            let path = FlowIndexPath(item: 0, section: section)
            let attributes: LayoutAttributes?
            do {
                attributes = try state.layoutAttributesForSupplementaryElement(ofKind: kind, at: path)
            } catch {
                throw failure("the query of the \(kind) of section \(section) was refused: \(error)")
            }
            let expected = reference.attributes.first { $0.category == kind.category && $0.indexPath == path }
            let same =
                switch (attributes, expected) {
                case (nil, nil): true
                case let (a?, b?): LayoutComparison.same(a, b, tolerance: tolerance)
                default: false
                }
            guard same else {
                throw failure("\(kind) \(String(describing: attributes)) ≠ reference \(String(describing: expected))")
            }
        }
        return false
    }

    /// Opcode 9: a call with bad input (`flow-layout.md` 9), which must be
    /// refused and change nothing; or, for odd values that are valid (−0, 0,
    /// a rect past 10¹⁵), accepted.
    mutating func refuseBadInput() throws(FuzzFailure) -> Bool {
        switch reader.byte() % 4 {
        case 0:
            let size = reader.flag(0) ? Size(width: reader.oddLength(), height: 100) : Size(width: 100, height: reader.oddLength())
            guard !Validity.isSize(size) else {
                try setViewport(size)
                return false
            }
            try refused("viewport \(size)") { (state) throws(FlowLayoutError) in _ = try state.setViewportSize(size) }
        case 1:
            // A rect's origin may be any finite value; its size any finite value
            // that is not negative, however large.
            var rect = state.visibleRect ?? Rect(origin: .zero, size: state.viewportSize)
            let value = reader.oddLength()
            let component = reader.byte() % 4
            switch component {
            case 0: rect.origin.x = value
            case 1: rect.origin.y = value
            case 2: rect.size.width = value
            default: rect.size.height = value
            }
            let valid = component < 2 ? value.isFinite : value >= 0 && value.isFinite
            if valid {
                if rect.origin != state.visibleRect?.origin { hold = nil }
                do {
                    try state.setVisibleRect(rect)
                } catch {
                    throw failure("the valid visible rect \(rect) was refused: \(error)")
                }
                return false
            }
            try refused("visible rect \(rect)") { (state) throws(FlowLayoutError) in try state.setVisibleRect(rect) }
            try refused("rect query \(rect)") { (state) throws(FlowLayoutError) in
                _ = try state.layoutAttributesForElements(in: rect)
            }
        case 2:
            let counts = model.sections.map(\.sizes.count)
            let section = counts.isEmpty ? 0 : reader.below(counts.count + 1)
            let item = counts.indices.contains(section) ? counts[section] + reader.byte() % 2 : 0
            let report = SizeReport(indexPath: FlowIndexPath(item: item, section: section), size: reader.size())
            try refused("report \(report)") { (state) throws(FlowLayoutError) in _ = try state.reportSizes([report]) }
        default:
            let counts = model.sections.map(\.sizes.count)
            let section = counts.count + reader.byte() % 2
            try refused("item query") { (state) throws(FlowLayoutError) in
                _ = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: section))
            }
            try refused("header query") { (state) throws(FlowLayoutError) in
                _ = try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: section))
            }
            if let nonEmpty = counts.indices.first(where: { counts[$0] > 0 }) {
                let path = FlowIndexPath(item: reader.flag(0) ? -1 : counts[nonEmpty], section: nonEmpty)
                try refused("item query \(path)") { (state) throws(FlowLayoutError) in
                    _ = try state.layoutAttributesForItem(at: path)
                }
            }
        }
        try compareEverything()
        return true
    }

    /// Throws unless `call` throws, leaving the visible rect and the content
    /// size as they were (the caller compares every frame next).
    mutating func refused(
        _ label: String, _ call: (inout FlowLayoutState) throws(FlowLayoutError) -> Void
    ) throws(FuzzFailure) {
        let visible = state.visibleRect
        let contentSize = state.contentSize
        do {
            try call(&state)
        } catch {
            guard state.visibleRect == visible, state.contentSize == contentSize else {
                throw failure("refusing \(label) changed the visible rect or the content size")
            }
            return
        }
        throw failure("\(label) was accepted, but is invalid")
    }
}
