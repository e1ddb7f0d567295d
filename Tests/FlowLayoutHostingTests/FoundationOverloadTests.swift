import FlowLayoutHosting
import Foundation
import Testing

/// The `IndexPath` and Core Graphics overloads of the state, the actor and the
/// host (issue 13 item 6): each answers what its core-typed twin answers, and
/// a malformed index path is refused with its path.
@Suite("IndexPath and Core Graphics overloads")
struct FoundationOverloadTests {
    static let configuration = FlowLayoutConfiguration(
        itemSize: Size(width: 100, height: 40), headerReferenceSize: Size(width: 0, height: 30))
    static let sections = [FlowSection(itemCount: 30), FlowSection(itemCount: 12)]

    @Test("geometry converts both ways, exactly; CGRect.infinite is Rect.infinite")
    func geometry() {
        let rect = CGRect(x: 1.5, y: -2.25, width: 320, height: 0.125)
        #expect(Rect(rect) == Rect(x: 1.5, y: -2.25, width: 320, height: 0.125))
        #expect(Rect(rect).cgRect == rect)
        #expect(Rect(CGRect.infinite) == .infinite)
        #expect(Rect.infinite.cgRect.isInfinite)
        #expect(Point(CGPoint(x: 3, y: 4)) == Point(x: 3, y: 4))
        #expect(Size(width: 5, height: 6).cgSize == CGSize(width: 5, height: 6))
        #expect(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4).cgValues == (1, 2, 3, 4))
        #expect(FlowIndexPath(IndexPath(indexes: [2, 7])) == FlowIndexPath(item: 7, section: 2))
        #expect(FlowIndexPath(IndexPath(indexes: [2])) == nil)
        #expect(FlowIndexPath(item: 7, section: 2).indexPath == IndexPath(indexes: [2, 7]))
    }

    @Test("the state: IndexPath and CGRect queries equal the core-typed ones")
    func state() throws {
        var state = try FlowLayoutState(
            configuration: Self.configuration, sections: Self.sections, viewportSize: Size(width: 320, height: 480))
        let indexPath = IndexPath(indexes: [1, 4])
        #expect(try state.layoutAttributesForItem(at: indexPath) == state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 1)))
        #expect(try state.layoutAttributesForItem(at: indexPath).foundationIndexPath == indexPath)
        #expect(
            try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(indexes: [1, 0]))?.frame.minY
                == 520)
        let cgRect = CGRect(x: 0, y: 100, width: 320, height: 200)
        #expect(try state.layoutAttributesForElements(in: cgRect) == state.layoutAttributesForElements(in: Rect(cgRect)))
        #expect(try state.layoutAttributesForElements(in: CGRect.infinite).count == 42 + 2)
        #expect(try state.contentOffset(forItemAt: IndexPath(indexes: [0, 9]), position: .top) == CGPoint(x: 0, y: 180))
        try state.setVisibleRect(CGRect(x: 0, y: 130, width: 320, height: 480))
        #expect(state.visibleRect == Rect(x: 0, y: 130, width: 320, height: 480))
        let update = try state.reportSize(CGSize(width: 100, height: 90), forItemAt: IndexPath(indexes: [0, 0]))
        #expect(update.contentSizeAdjustment.height == 50)
        #expect(try state.setViewportSize(CGSize(width: 320, height: 400)).contentOffsetAdjustment == .zero)
        #expect(
            try state.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 20), velocity: CGPoint(x: 0, y: 1))
                == CGPoint(x: 0, y: 20))
    }

    @Test("a malformed IndexPath is refused with its path, the state unchanged")
    func malformed() throws {
        var state = try FlowLayoutState(
            configuration: Self.configuration, sections: Self.sections, viewportSize: Size(width: 320, height: 480))
        #expect(throws: FlowLayoutError.invalidCount(path: "indexPath.count", count: 3)) {
            try state.layoutAttributesForItem(at: IndexPath(indexes: [0, 1, 2]))
        }
        #expect(throws: FlowLayoutError.invalidCount(path: "indexPath.count", count: 1)) {
            try state.reportSize(CGSize(width: 1, height: 1), forItemAt: IndexPath(indexes: [0]))
        }
        #expect(
            throws: FlowLayoutError.itemOutOfRange(path: "indexPath", indexPath: FlowIndexPath(item: 12, section: 1), itemCount: 12)
        ) {
            try state.layoutAttributesForItem(at: IndexPath(indexes: [1, 12]))
        }
        #expect(state.storedSizeCount == 0)
    }

    @Test("the actor: IndexPath and Core Graphics calls equal the core-typed ones")
    func engine() async throws {
        let engine = try FlowLayoutEngine(
            configuration: Self.configuration, sections: Self.sections, viewportSize: Size(width: 320, height: 480))
        let item = try await engine.layoutAttributesForItem(at: IndexPath(indexes: [1, 4]))
        #expect(try await item == engine.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 1)))
        #expect(try await engine.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(indexes: [0, 0]))?.frame.minY == 0)
        #expect(try await engine.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 100)).count == 7)
        #expect(try await engine.contentOffset(forItemAt: IndexPath(indexes: [0, 9]), position: .top) == CGPoint(x: 0, y: 180))
        try await engine.setVisibleRect(CGRect(x: 0, y: 130, width: 320, height: 480))
        #expect(
            try await engine.reportSize(CGSize(width: 100, height: 90), forItemAt: IndexPath(indexes: [0, 0])).contentSizeAdjustment.height
                == 50)
        #expect(try await engine.setViewportSize(CGSize(width: 320, height: 400)).contentOffsetAdjustment == .zero)
        #expect(
            try await engine.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 20), velocity: .zero)
                == CGPoint(x: 0, y: 20))
        await #expect(throws: FlowLayoutError.invalidCount(path: "indexPath.count", count: 0)) {
            try await engine.layoutAttributesForItem(at: IndexPath())
        }
    }

    @Test("the host: UIKit's types, element kind strings and update items from IndexPath")
    func host() throws {
        let host = try FlowLayoutHost(
            configuration: Self.configuration, sections: Self.sections, bounds: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(try host.layoutAttributesForItem(at: IndexPath(indexes: [0, 3])).frame.minY == 80)
        #expect(try host.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 100)).count == 7)
        let header = try host.layoutAttributesForSupplementaryView(
            ofKind: FlowLayoutHost.elementKindSectionHeader, at: IndexPath(indexes: [1, 0]))
        #expect(header?.category == .header)
        #expect(try host.layoutAttributesForSupplementaryView(ofKind: "decoration", at: IndexPath(indexes: [1, 0])) == nil)
        #expect(try !host.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 50, width: 320, height: 480)))
        #expect(try host.invalidationContext(forBoundsChange: CGRect(x: 0, y: 50, width: 320, height: 480)).isEmpty)
        #expect(try !host.shouldInvalidateLayout(forPreferredSize: CGSize(width: 100, height: 40), ofItemAt: IndexPath(indexes: [0, 3])))
        #expect(try host.shouldInvalidateLayout(forPreferredSize: CGSize(width: 100, height: 41), ofItemAt: IndexPath(indexes: [0, 3])))
        let context = try host.invalidationContext(forPreferredSize: CGSize(width: 100, height: 41), ofItemAt: IndexPath(indexes: [0, 3]))
        #expect(context.contentSizeAdjustment.height == 1)
        #expect(
            try host.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 9), withScrollingVelocity: CGPoint.zero)
                == CGPoint(x: 0, y: 9))
        #expect(host.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 9)) == CGPoint(x: 0, y: 9))
        // UIKit marks a section operation with an item of NSNotFound.
        let insert = UpdateItem(
            updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(indexes: [1, NSNotFound]))
        #expect(insert == .insertSection(1))
        #expect(
            UpdateItem(updateAction: .delete, indexPathBeforeUpdate: IndexPath(indexes: [0]), indexPathAfterUpdate: nil)
                == .deleteSection(0))
        #expect(UpdateItem(updateAction: .delete, indexPathBeforeUpdate: IndexPath(indexes: [0, 1, 2]), indexPathAfterUpdate: nil) == nil)
        try host.prepare(forCollectionViewUpdates: [try #require(insert)]) { _ in FlowSection(itemCount: 1) }
        #expect(host.initialLayoutAttributesForAppearingItem(at: IndexPath(indexes: [0, 0]))?.alpha == 1)
        #expect(host.finalLayoutAttributesForDisappearingItem(at: IndexPath(indexes: [0, 0]))?.alpha == 1)
        // In view at 50: section 1's header, at 521 (item 3's line grew by 1).
        // The inserted section 1 (header 30, one line of 40) fades in there;
        // the old one, section 2 now, moves down 70.
        let appearing = host.initialLayoutAttributesForAppearingSupplementaryElement(
            ofKind: FlowLayoutHost.elementKindSectionHeader, at: IndexPath(indexes: [1, 0]))
        #expect(appearing?.alpha == 0 && appearing?.frame.minY == 521)
        let disappearing = host.finalLayoutAttributesForDisappearingSupplementaryElement(
            ofKind: FlowLayoutHost.elementKindSectionHeader, at: IndexPath(indexes: [1, 0]))
        #expect(disappearing?.alpha == 1 && disappearing?.frame.minY == 591)
        #expect(
            host.finalLayoutAttributesForDisappearingSupplementaryElement(
                ofKind: FlowLayoutHost.elementKindSectionFooter, at: IndexPath(indexes: [0, 0])) == nil)
        host.finalizeCollectionViewUpdates()
        #expect(host.state.numberOfSections == 3)
    }
}
