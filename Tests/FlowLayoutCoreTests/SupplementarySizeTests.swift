import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Headers and footers that size themselves (beyond UIKit): a report replaces
/// the section's reference size, which is the estimate. Against the eager
/// reference with the reported sizes as the sections' reference sizes, over
/// seeded sequences of header and footer reports, item reports, batches and
/// scrolls, with pinning: frames equal, and each report keeps the anchor still.
@Suite("Self-sizing headers and footers")
struct SupplementarySizeTests {
    @Test("the worked example: a header estimated at 40 reports 64")
    func example() throws {
        // Viewport 320 × 200; sections of header 40 (the estimate) and 4 items
        // 320 × 50, spacing 10: section extent 40 + 4 × 50 + 3 × 10 = 270.
        let configuration = FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40))
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 4), FlowSection(itemCount: 4)],
            viewportSize: Size(width: 320, height: 200))
        try state.setVisibleRect(Rect(x: 0, y: 320, width: 320, height: 200))
        // Section 1's header (y 270, 40 tall) reports 64 while V.y = 320: the
        // anchor is section 1's item 0 (y 310), the first element meeting V.
        let update = try state.reportSize(Size(width: 320, height: 64), ofSupplementaryElementOfKind: .header, inSection: 1)
        // Section 1's items move down 24 (item 0 to 334); the adjustment of 24
        // keeps item 0 where it was on screen (10 below V's top).
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 1)).frame.minY == 334)
        #expect(update.contentOffsetAdjustment == Point(x: 0, y: 24))
        #expect(state.contentSize.height == 270 + 294)
        #expect(try state.sizeOfSupplementaryElement(ofKind: .header, inSection: 1) == Size(width: 320, height: 64))
        #expect(try state.sizeOfSupplementaryElement(ofKind: .header, inSection: 0) == Size(width: 320, height: 40))
        // The same extent again changes nothing; zero omits the footer as a zero reference size does.
        let again = try state.reportSize(Size(width: 100, height: 64), ofSupplementaryElementOfKind: .header, inSection: 1)
        #expect(again.contentOffsetAdjustment == .zero && again.contentSizeAdjustment == .zero)
        // Bad input leaves the state unchanged.
        let before = state.contentSize
        #expect(throws: FlowLayoutError.self) {
            try state.reportSize(Size(width: 0, height: -1), ofSupplementaryElementOfKind: .footer, inSection: 0)
        }
        #expect(throws: FlowLayoutError.self) {
            try state.reportSize(Size(width: 0, height: 10), ofSupplementaryElementOfKind: .footer, inSection: 2)
        }
        #expect(state.contentSize == before)
    }

    @Test("seeded sequences of header, footer and item reports, batches and scrolls, with pinning")
    func sequences() throws {
        let failures = try Seeds.failures(150 * LongRuns.factor, from: 16_000) { seed in try Self.run(seed: seed) }
        #expect(failures == [])
    }

    static func run(seed: UInt64) throws -> [String] {
        var input = RandomLayoutCase(seed: seed, maximumSections: 8, maximumItems: 120)
        var random = SeededRandom(seed: seed ^ 0x5EC7_1016)
        input.configuration = RandomPresentation.pinning(input.configuration, random: &random, dyadic: true)
        input.configuration.headerReferenceSize = Size(width: 0, height: Double(random.int(0...4) * 8))
        input.configuration.footerReferenceSize = Size(width: Double(random.int(0...4) * 8), height: Double(random.int(0...2) * 8))
        var state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
        var model = ReferenceModel(configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
        let vertical = input.configuration.scrollDirection == .vertical
        var issues: [String] = []
        for step in 0..<24 {
            let count = state.numberOfSections
            switch random.int(0...9) {
            case 0...4 where count > 0:
                // A header or footer reports; the anchor stays still.
                let section = random.int(0..<count)
                let kind: SupplementaryKind = random.chance(0.6) ? .header : .footer
                let extent = Double(random.int(0...12) * 4)
                let size = vertical ? Size(width: 10, height: extent) : Size(width: extent, height: 10)
                let update = try state.reportSize(size, ofSupplementaryElementOfKind: kind, inSection: section)
                if kind == .header {
                    model.sections[section].section.headerReferenceSize = size
                } else {
                    model.sections[section].section.footerReferenceSize = size
                }
                if let anchor = update.anchor, let old = update.previousAnchorFrame {
                    let now = try frame(of: anchor, in: &state)
                    let moved =
                        vertical
                        ? now.minY - old.minY - update.contentOffsetAdjustment.y
                        : now.minX - old.minX - update.contentOffsetAdjustment.x
                    if moved != 0 { issues.append("step \(step): anchor \(anchor) moved \(moved)") }
                }
            case 5 where state.totalItemCount > 0:
                let path = model.itemPaths[random.int(0..<model.itemPaths.count)]
                let size = Size(width: Double(random.int(1...40) * 4), height: Double(random.int(1...20) * 4))
                _ = try state.reportSize(size, forItemAt: path)
                model.apply([SizeReport(indexPath: path, size: size)])
            case 6:
                let batch = RandomBatch.valid(over: model, operations: random.int(1...5), random: &random, dyadic: true)
                _ = try state.performBatchUpdates(batch)
                model.apply(batch)
            default:
                let content = state.contentSize
                let rect = RandomPresentation.visibleRect(
                    contentSize: content, viewportSize: input.viewportSize, direction: input.configuration.scrollDirection,
                    random: &random, dyadic: true)
                try state.setVisibleRect(rect)
            }
            model.visibleRect = state.visibleRect
            let reference = model.presentation(estimatedItemSize: state.currentEstimatedItemSize)
            let everything = Rect(x: -1, y: -1, width: 1e9, height: 1e9)
            let found = LayoutComparison.differences(
                engine: try state.layoutAttributesForElements(in: everything), reference: reference.elements(in: everything),
                tolerance: 1e-9)
            issues += found.map { "step \(step): \($0)" }
            if !issues.isEmpty { break }
        }
        return issues
    }

    static func frame(of identifier: ElementIdentifier, in state: inout FlowLayoutState) throws -> Rect {
        switch identifier.category {
        case .cell: return try state.layoutAttributesForItem(at: identifier.indexPath).frame
        case .header: return try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: identifier.indexPath)?.frame ?? .zero
        case .footer: return try state.layoutAttributesForSupplementaryElement(ofKind: .footer, at: identifier.indexPath)?.frame ?? .zero
        }
    }
}
