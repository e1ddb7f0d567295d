import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The examples of `flow-layout.md` 10, worked by hand, and the refusals of 10.6.
@Suite("Batch updates: the spec's examples")
struct BatchUpdateTests {
    /// Spec 10.4's list: items 320 × 50 one a line, spacing 10 (lines every 60),
    /// viewport 320 × 100, V at y = 120 (item 2 is the first visible).
    static func exampleList() throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        configuration.minimumLineSpacing = 10
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 10)], viewportSize: Size(width: 320, height: 100))
        try state.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        return state
    }

    /// One item a line, 320 × 50, spacing 10: item i at y = 60 i.
    static func list(_ count: Int) throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        configuration.minimumInteritemSpacing = 10
        configuration.minimumLineSpacing = 10
        return try FlowLayoutState(
            configuration: configuration,
            sections: [FlowSection(itemSizes: (0..<count).map { Size(width: 320, height: Double(50 + $0 % 2)) })],
            viewportSize: Size(width: 320, height: 100))
    }

    @Test("10.1 delete 1, insert 0, move 4 → 2 turns [a b c d e] into [n a e c d]")
    func indexes() throws {
        // Items told apart by height: a..e are 10...14 high; n is 99.
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 1))
        configuration.minimumLineSpacing = 0
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemSizes: (10...14).map { Size(width: 320, height: Double($0)) })],
            viewportSize: Size(width: 320, height: 1_000))
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 1, section: 0)])
        batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: 320, height: 99))
        batch.moveItem(at: FlowIndexPath(item: 4, section: 0), to: FlowIndexPath(item: 2, section: 0))
        _ = try state.performBatchUpdates(batch)
        let heights = try state.layoutAttributesForElements(in: .infinite).map(\.frame.height)
        #expect(heights == [99, 10, 14, 12, 13])
    }

    @Test("10.4 inserting 3 items above the anchor adjusts by +180")
    func anchorInsert() throws {
        var state = try Self.exampleList()
        var batch = BatchUpdate()
        batch.insertItems(at: (0..<3).map { FlowIndexPath(item: $0, section: 0) })
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.contentOffsetAdjustment == Point(x: 0, y: 180))
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 5, section: 0)))
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 5, section: 0)).frame.minY == 300)
        #expect(state.visibleRect == Rect(x: 0, y: 300, width: 320, height: 100))
    }

    @Test("10.4 deleting the anchor falls to the next surviving element: −60")
    func anchorDelete() throws {
        var state = try Self.exampleList()
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 2, section: 0)])
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.contentOffsetAdjustment == Point(x: 0, y: -60))
        // Item 3 (y 180 before) is item 2 now, at y 120.
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 2, section: 0)))
        #expect(result.update.previousAnchorFrame == Rect(x: 0, y: 180, width: 320, height: 50))
    }

    @Test("10.5 transitions: before frames moved by the adjustment, nil for inserted and deleted")
    func transitions() throws {
        var state = try Self.exampleList()
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 3, section: 0)])
        batch.insertItems(at: [FlowIndexPath(item: 3, section: 0)])
        let result = try state.performBatchUpdates(batch)
        // The anchor (item 2 at y 120) survives: no adjustment. In view before:
        // items 2, 3 (y 120, 180); after: items 2, 3 (new), and old item 3 deleted.
        #expect(result.update.contentOffsetAdjustment == .zero)
        let byPath = Dictionary(grouping: result.transitions) { $0.indexPath }
        let item2 = try #require(byPath[FlowIndexPath(item: 2, section: 0)]?.first)
        #expect(item2.before == Rect(x: 0, y: 120, width: 320, height: 50) && item2.after == item2.before)
        let inserted = result.transitions.first { $0.previousIndexPath == nil }
        #expect(inserted?.indexPath == FlowIndexPath(item: 3, section: 0) && inserted?.after == Rect(x: 0, y: 180, width: 320, height: 50))
        let deleted = result.transitions.first { $0.after == nil }
        #expect(
            deleted?.previousIndexPath == FlowIndexPath(item: 3, section: 0)
                && deleted?.before == Rect(x: 0, y: 180, width: 320, height: 50))
    }

    @Test("10.5 transitions: a last line that moves across into a narrow rect is in view after (3.3 a)")
    func lastLineMovesAcrossIntoView() throws {
        // 320 wide, spacing 10: three lines of one item each, A0 and A 200
        // wide, B 150 wide, so every line is centred (3.3 a): B at x = 85.
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 1, height: 1))
        configuration.minimumLineSpacing = 10
        configuration.minimumInteritemSpacing = 10
        let sizes = [Size(width: 200, height: 100), Size(width: 200, height: 100), Size(width: 150, height: 100)]
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemSizes: sizes)], viewportSize: Size(width: 320, height: 100))
        // A rect narrower than the content: A (x 60...260) meets it, B does not.
        try state.setVisibleRect(Rect(x: 10, y: 150, width: 60, height: 100))
        // Two items above, sharing a line: not every line holds one item any
        // more, so the last line is leading (B at x = 0) and moves into the rect.
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: 100, height: 40))
        batch.insertItem(at: FlowIndexPath(item: 1, section: 0), size: Size(width: 100, height: 40))
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.contentOffsetAdjustment == Point(x: 0, y: 50))
        let b = try #require(result.transitions.first { $0.indexPath == FlowIndexPath(item: 4, section: 0) })
        #expect(b.previousIndexPath == FlowIndexPath(item: 2, section: 0))
        #expect(b.before == Rect(x: 85, y: 270, width: 150, height: 100))
        #expect(b.after == Rect(x: 0, y: 270, width: 150, height: 100))
        let inView = try state.layoutAttributesForElements(in: try #require(state.visibleRect)).map(\.indexPath)
        #expect(Set(result.transitions.compactMap { $0.after == nil ? nil : $0.indexPath }) == Set(inView))
    }

    @Test("10.2 sizes travel: a moved item keeps its measured size; a reloaded self-sizing item is unmeasured again")
    func sizesTravel() throws {
        var configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 320, height: 40))
        configuration.minimumLineSpacing = 0
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 3), FlowSection(itemCount: 3)],
            viewportSize: Size(width: 320, height: 500))
        _ = try state.reportSizes([
            SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 320, height: 77)),
            SizeReport(indexPath: FlowIndexPath(item: 1, section: 0), size: Size(width: 320, height: 66)),
        ])
        var batch = BatchUpdate()
        batch.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 2, section: 1))
        batch.reloadItems(at: [FlowIndexPath(item: 1, section: 0)])
        batch.insertItem(at: FlowIndexPath(item: 0, section: 1), size: Size(width: 320, height: 11))
        _ = try state.performBatchUpdates(batch)
        func height(_ item: Int, _ section: Int) throws -> Double {
            try state.layoutAttributesForItem(at: FlowIndexPath(item: item, section: section)).frame.height
        }
        #expect(try state.numberOfItems(inSection: 0) == 2 && state.numberOfItems(inSection: 1) == 5)
        #expect(try height(0, 0) == 40)  // reloaded: unmeasured again
        #expect(try height(2, 1) == 77)  // moved with its measured size
        #expect(try height(0, 1) == 11)  // inserted with a size
        #expect(try height(1, 1) == 40)
    }

    @Test("10.6 redundant forms UIKit tolerates are dropped: deletes in deleted sections, inserts in inserted ones, duplicate moves")
    func redundantFormsDropped() throws {
        let state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)),
            sections: [FlowSection(itemCount: 3), FlowSection(itemCount: 4)], viewportSize: Size(width: 320, height: 500))
        var plain = BatchUpdate()
        plain.deleteSections([0])
        plain.insertSection(FlowSection(itemCount: 2), at: 1)
        plain.moveItem(at: FlowIndexPath(item: 0, section: 1), to: FlowIndexPath(item: 3, section: 0))
        var redundant = plain
        redundant.deleteItems(at: [FlowIndexPath(item: 2, section: 0), FlowIndexPath(item: 0, section: 0)])
        redundant.insertItem(at: FlowIndexPath(item: 1, section: 1), size: nil)
        redundant.moveItem(at: FlowIndexPath(item: 0, section: 1), to: FlowIndexPath(item: 3, section: 0))
        var withoutRedundant = state
        _ = try withoutRedundant.performBatchUpdates(plain)
        var withRedundant = state
        _ = try withRedundant.performBatchUpdates(redundant)
        #expect(try withRedundant.layoutAttributesForElements(in: .infinite) == withoutRedundant.layoutAttributesForElements(in: .infinite))
        #expect(try withRedundant.numberOfItems(inSection: 0) == 4 && withRedundant.numberOfItems(inSection: 1) == 2)
        // The reference model drops them alike.
        var model = ReferenceModel(
            configuration: state.configuration, sections: [FlowSection(itemCount: 3), FlowSection(itemCount: 4)],
            viewportSize: Size(width: 320, height: 500))
        model.apply(redundant)
        #expect(model.sections.map(\.sizes.count) == [4, 2])
        // A section move given twice is one move.
        var twice = BatchUpdate()
        twice.moveSection(0, toSection: 1)
        twice.moveSection(0, toSection: 1)
        var once = BatchUpdate()
        once.moveSection(0, toSection: 1)
        var movedTwice = state
        var movedOnce = state
        _ = try movedTwice.performBatchUpdates(twice)
        _ = try movedOnce.performBatchUpdates(once)
        #expect(try movedTwice.layoutAttributesForElements(in: .infinite) == movedOnce.layoutAttributesForElements(in: .infinite))
    }

    @Test("10.6 refusals name the operation and change nothing")
    func refusals() throws {
        let state = try Self.list(5)
        func expectRefusal(_ message: String, _ build: (inout BatchUpdate) -> Void) throws {
            var batch = BatchUpdate()
            build(&batch)
            var copy = state
            let before = try copy.layoutAttributesForElements(in: .infinite)
            do {
                _ = try copy.performBatchUpdates(batch)
                Issue.record("accepted: \(message)")
            } catch {
                #expect(error.description == message)
            }
            #expect(try copy.layoutAttributesForElements(in: .infinite) == before)
            #expect(try copy.numberOfItems(inSection: 0) == 5)
        }
        try expectRefusal("insertItems[0].item: 7 is past the end of section 0 (7 items after the batch)") {
            $0.insertItems(at: [FlowIndexPath(item: 0, section: 0), FlowIndexPath(item: 7, section: 0)])
            $0.insertedItems.swapAt(0, 1)
        }
        try expectRefusal("deleteItems[0].item: item 5 of section 0 is out of range: the section has 5 items") {
            $0.deleteItems(at: [FlowIndexPath(item: 5, section: 0)])
        }
        try expectRefusal("reloadItems[0]: names the same position as deleteItems[0]") {
            $0.deleteItems(at: [FlowIndexPath(item: 1, section: 0)])
            $0.reloadItems(at: [FlowIndexPath(item: 1, section: 0)])
        }
        try expectRefusal("moveItems[0].to: names the same position as insertItems[0]") {
            $0.insertItems(at: [FlowIndexPath(item: 2, section: 0)])
            $0.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 2, section: 0))
        }
        // An item delete inside a deleted section and an item insert inside an
        // inserted one are dropped (see below); every other item operation there
        // is still refused.
        try expectRefusal("reloadItems[0].section: section 0 is deleted by the same batch") {
            $0.deleteSections([0])
            $0.reloadItems(at: [FlowIndexPath(item: 0, section: 0)])
        }
        try expectRefusal("moveItems[0].to.section: section 0 is inserted by the same batch") {
            $0.insertSection(FlowSection(itemCount: 2), at: 0)
            $0.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 0, section: 0))
        }
        try expectRefusal("reloadItems[0].section: section 0 is reloaded by the same batch") {
            $0.reloadSection(0, with: FlowSection(itemCount: 2))
            $0.reloadItems(at: [FlowIndexPath(item: 0, section: 0)])
        }
        try expectRefusal("insertItems[0].size.height: must be a finite number >= 0 (got -1.0)") {
            $0.insertItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: 1, height: -1))
        }
        try expectRefusal("deleteSections[0]: section 1 is out of range: the layout has 1 section") {
            $0.deleteSections([1])
        }
        try expectRefusal("insertSections[0].index: 2 is past the end of the sections (2 sections after the batch)") {
            $0.insertSection(FlowSection(itemCount: 1), at: 2)
        }
        try expectRefusal("insertSections[0].section.itemSizes: holds 1 size but the section has 2 items") {
            var section = FlowSection(itemSizes: [Size(width: 1, height: 1)])
            section.itemCount = 2
            $0.insertSection(section, at: 0)
        }
        try expectRefusal("moveItems[0].from.item: item -1 of section 0 is out of range: the section has 5 items") {
            $0.moveItem(at: FlowIndexPath(item: -1, section: 0), to: FlowIndexPath(item: 0, section: 0))
        }
        try expectRefusal("moveItems[0].to.item: -2 is not an index (indexes are 0 or more)") {
            $0.moveItem(at: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: -2, section: 0))
        }
    }
}
