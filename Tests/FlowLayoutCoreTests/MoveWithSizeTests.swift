import FlowLayoutCore
import FlowLayoutReference
import Testing

/// A move that brings a size (`flow-layout.md` 10.2, revised), and the
/// snapshot that moves an item and gives it a new size (11.3, revised).
@Suite("Moves that bring a size")
struct MoveWithSizeTests {
    let viewport = Size(width: 320, height: 200)

    var selfSizing: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 100, height: 50)
        configuration.minimumLineSpacing = 10
        configuration.minimumInteritemSpacing = 10
        return configuration
    }

    /// Every frame of `state` equals the reference's for `model`.
    func expectReferenceFrames(_ state: inout FlowLayoutState, _ model: ReferenceModel, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let engine = try state.layoutAttributesForElements(in: .infinite).filter { $0.category == .cell }
        let reference = model.layout(estimatedItemSize: state.currentEstimatedItemSize).attributes.filter { $0.category == .cell }
        #expect(engine.map(\.frame) == reference.map(\.frame), sourceLocation: sourceLocation)
    }

    @Test("a self-sizing item moved with a size arrives measured at that size")
    func selfSizingMoveBringsItsSize() throws {
        let sections = [FlowSection(itemCount: 6)]
        var state = try FlowLayoutState(configuration: selfSizing, sections: sections, viewportSize: viewport)
        var model = ReferenceModel(configuration: selfSizing, sections: sections, viewportSize: viewport)
        try state.setVisibleRect(Rect(origin: .zero, size: viewport))
        var batch = BatchUpdate()
        batch.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 4, section: 0), size: Size(width: 200, height: 90))
        let result = try state.performBatchUpdates(batch)
        model.apply(batch)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 4, section: 0)) == Size(width: 200, height: 90))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 3, section: 0)) == nil)
        let moved = result.transitions.first { $0.category == .cell && $0.indexPath == FlowIndexPath(item: 4, section: 0) }
        #expect(moved?.previousIndexPath == FlowIndexPath(item: 0, section: 0))
        #expect(moved?.after?.size == Size(width: 200, height: 90))
        try expectReferenceFrames(&state, model)
    }

    @Test("without a size, a moved item keeps the one it had; with one, it takes it in a section of itemSize")
    func givenSizeReplacesTheKeptOne() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 40)
        let sections = [FlowSection(itemCount: 5)]
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        var model = ReferenceModel(configuration: configuration, sections: sections, viewportSize: viewport)
        var batch = BatchUpdate()
        batch.moveItem(at: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: 3, section: 0))
        batch.moveItem(at: FlowIndexPath(item: 4, section: 0), to: FlowIndexPath(item: 0, section: 0), size: Size(width: 300, height: 70))
        _ = try state.performBatchUpdates(batch)
        model.apply(batch)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == Size(width: 300, height: 70))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 3, section: 0)) == nil)
        try expectReferenceFrames(&state, model)
    }

    @Test("a move's size is checked like any other, a dropped duplicate's too, and the state stays as it was")
    func badSizeIsRefused() throws {
        let sections = [FlowSection(itemCount: 4)]
        var state = try FlowLayoutState(configuration: selfSizing, sections: sections, viewportSize: viewport)
        let before = try state.layoutAttributesForElements(in: .infinite)
        var batch = BatchUpdate()
        batch.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 2, section: 0))
        batch.moveItem(at: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: 3, section: 0), size: Size(width: .nan, height: 1))
        #expect(throws: FlowLayoutError.self) { _ = try state.performBatchUpdates(batch) }
        do {
            _ = try state.performBatchUpdates(batch)
        } catch {
            #expect(error.path == "moveItems[1].size.width")
        }
        // An exact duplicate is dropped, but the size it brings is still checked (10.6).
        var duplicate = BatchUpdate()
        let move = BatchUpdate.ItemMove(
            from: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 1, section: 0), size: Size(width: 10, height: -3))
        duplicate.movedItems = [move, move]
        do {
            _ = try state.performBatchUpdates(duplicate)
            Issue.record("a move with a negative height was accepted")
        } catch {
            #expect(error.path == "moveItems[0].size.height")
        }
        #expect(try state.layoutAttributesForElements(in: .infinite) == before)
    }

    @Test("11.3: an item a snapshot moves and gives a new size is moved, the move carrying the size")
    func snapshotMovesWithTheNewSize() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        func snapshot(_ items: [FlowIdentifier], sizes: [FlowIdentifier: Size] = [:], reloaded: [FlowIdentifier] = []) -> FlowSnapshot {
            FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items, sizes: sizes, reloaded: reloaded)])
        }
        var state = try FlowLayoutState(
            configuration: configuration, snapshot: snapshot([1, 2, 3, 4, 5]), viewportSize: Size(width: 320, height: 400))
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 320, height: 400))
        var reloading = state
        let applied = try state.apply(snapshot([1, 3, 4, 5, 2], sizes: [2: Size(width: 320, height: 80)]))
        #expect(
            applied.batch.movedItems == [
                BatchUpdate.ItemMove(
                    from: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: 4, section: 0), size: Size(width: 320, height: 80))
            ])
        #expect(applied.batch.insertedItems.isEmpty && applied.batch.deletedItems.isEmpty)
        // It moves on screen rather than fading out and in: both its frames are known.
        let transition = applied.result.transitions.first { $0.indexPath == FlowIndexPath(item: 4, section: 0) && $0.category == .cell }
        #expect(transition?.before == Rect(x: 0, y: 60, width: 320, height: 50))
        #expect(transition?.after == Rect(x: 0, y: 240, width: 320, height: 80))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 4, section: 0)) == Size(width: 320, height: 80))

        // Moved and reloaded: one batch cannot both move and reload it, so it is deleted and inserted.
        let reloaded = try reloading.apply(snapshot([1, 3, 4, 5, 2], sizes: [2: Size(width: 320, height: 80)], reloaded: [2]))
        #expect(reloaded.batch.movedItems.isEmpty)
        #expect(reloaded.batch.deletedItems == [FlowIndexPath(item: 1, section: 0)])
        #expect(
            reloaded.batch.insertedItems == [
                BatchUpdate.ItemInsertion(indexPath: FlowIndexPath(item: 4, section: 0), size: Size(width: 320, height: 80))
            ])
        #expect(try reloading.layoutAttributesForElements(in: .infinite) == state.layoutAttributesForElements(in: .infinite))
    }
}
