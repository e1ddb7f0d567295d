import FlowLayoutCore
import FlowLayoutDescription
import FlowLayoutReference
import FlowLayoutTestSupport

/// A JSON layout description as a fuzz input: the parser must never crash, and
/// what it accepts the engine must lay out as the reference does.
///
/// The steps:
/// 1. Decode; an input the parser refuses ends here (refusing is its job).
/// 2. Create the engine's state; a description it refuses (bad values, content
///    past 10¹⁵ points, `flow-layout.md` 9) ends here too.
/// 3. When the layout is small enough to lay out eagerly, compare every frame
///    and the content size with the reference.
/// 4. Four rect queries a viewport long at places drawn from the input: every
///    element returned meets the rect; when small, they are the reference's.
/// 5. Up to 23 size reports drawn from the input, with a visible rect set: the
///    engine accepts them (or refuses them only for the content limit), keeps
///    its anchor still, and, when small, agrees with the reference again.
///
/// Values in descriptions are arbitrary decimals, so frames are compared within
/// 1e-9 of the content extent.
enum DescriptionInput {
    /// Layouts up to this many items and sections are compared with the reference.
    static let smallItemCount = 3_000
    static let smallSectionCount = 200

    /// Checks one description; see the type's summary.
    static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        // 1, 2. Decode and create.
        guard let description = try? LayoutDescription.decode(bytes) else { return }
        guard
            var state = try? FlowLayoutState(
                configuration: description.configuration, sections: description.sections,
                viewportSize: description.viewportSize)
        else { return }
        var model = ReferenceModel(
            configuration: description.configuration, sections: description.sections,
            viewportSize: description.viewportSize)
        // Choices below are drawn from the input, so a crash replays from it.
        var seed = UInt64(bytes.count)
        for byte in bytes.prefix(64) { seed = seed &* 31 &+ UInt64(byte) }
        var random = SeededRandom(seed: seed)
        let small = state.totalItemCount <= smallItemCount && state.numberOfSections <= smallSectionCount

        // 3. Every frame.
        if small { try compare(&state, with: model, step: "after creation") }

        // 4. Rect queries.
        let viewport = description.viewportSize
        let vertical = description.configuration.scrollDirection == .vertical
        let extent = vertical ? state.contentSize.height : state.contentSize.width
        for _ in 0..<4 {
            let offset = random.unit() * max(extent, 1)
            let rect =
                vertical
                ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
                : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
            let elements: [LayoutAttributes]
            do {
                elements = try state.layoutAttributesForElements(in: rect)
            } catch {
                throw FuzzFailure("the rect query \(rect) was refused: \(error)")
            }
            for element in elements where !element.frame.touches(rect) {
                throw FuzzFailure("\(element) does not meet the rect \(rect) it was returned for")
            }
            if small {
                let reference = model.layout()
                let tolerance = LayoutComparison.tolerance(contentSize: reference.contentSize)
                let differences = LayoutComparison.rectQueryDifferences(
                    engine: elements, reference: reference.elements(in: rect), rect: rect, tolerance: tolerance)
                if let first = differences.first { throw FuzzFailure("rect query \(rect): \(first)") }
            }
        }

        // 5. Size reports, with the first viewport in view.
        guard state.numberOfSections > 0 else { return }
        var reports: [SizeReport] = []
        for _ in 0..<random.int(0..<24) {
            let section = random.int(0..<state.numberOfSections)
            guard let count = try? state.numberOfItems(inSection: section), count > 0 else { continue }
            let size = Size(width: Double(random.int(0..<2_000)) / 4, height: Double(random.int(0..<2_000)) / 4)
            reports.append(SizeReport(indexPath: FlowIndexPath(item: random.int(0..<count), section: section), size: size))
        }
        do {
            try state.setVisibleRect(Rect(origin: .zero, size: viewport))
        } catch {
            throw FuzzFailure("the visible rect \(viewport) was refused: \(error)")
        }
        let update: LayoutUpdate
        do {
            update = try state.reportSizes(reports)
        } catch {
            // Reports may only be refused for taking the content past the limit.
            guard case .contentTooLarge = error else { throw FuzzFailure("valid reports were refused: \(error)") }
            return
        }
        model.apply(reports)
        if small {
            try compare(&state, with: model, step: "after \(reports.count) reports")
            try AnchorCheck.keptEdge(
                update, state: &state, tolerance: LayoutComparison.tolerance(contentSize: state.contentSize),
                step: "reports")
        }
    }

    /// Throws unless every frame and the content size agree with the reference
    /// within 1e-9 of the content extent.
    static func compare(_ state: inout FlowLayoutState, with model: ReferenceModel, step: String) throws(FuzzFailure) {
        let reference = model.layout(estimatedItemSize: state.currentEstimatedItemSize)
        let size = state.exactContentSize()
        let tolerance = LayoutComparison.tolerance(contentSize: reference.contentSize)
        guard
            LayoutComparison.close(size.width, reference.contentSize.width, tolerance),
            LayoutComparison.close(size.height, reference.contentSize.height, tolerance)
        else { throw FuzzFailure("\(step): content size \(size) ≠ reference \(reference.contentSize)") }
        let all: [LayoutAttributes]
        do {
            all = try state.layoutAttributesForElements(in: .infinite)
        } catch {
            throw FuzzFailure("\(step): the query of everything was refused: \(error)")
        }
        let differences = LayoutComparison.differences(engine: all, reference: reference.attributes, tolerance: tolerance)
        if let first = differences.first { throw FuzzFailure("\(step): \(first)") }
    }
}
