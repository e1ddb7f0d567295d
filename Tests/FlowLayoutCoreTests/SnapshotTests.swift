import FlowLayoutCore
import Testing

/// The worked examples and rules of `flow-layout.md` 11.1 to 11.4, by hand.
@Suite struct SnapshotTests {
    let configuration: FlowLayoutConfiguration = {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        return configuration
    }()
    let viewport = Size(width: 320, height: 100)

    func snapshot(_ items: [FlowIdentifier], id: FlowIdentifier = 1) -> FlowSnapshot {
        FlowSnapshot(sections: [FlowSnapshot.Section(id: id, items: items)])
    }

    @Test("11.3: [a b c d e] → [a c d e b] moves only b")
    func oneDraggedItemIsOneMove() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3, 4, 5]), viewportSize: viewport)
        let applied = try state.apply(snapshot([1, 3, 4, 5, 2]))
        #expect(
            applied.batch.movedItems == [
                BatchUpdate.ItemMove(from: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: 4, section: 0))
            ])
        #expect(applied.batch.insertedItems.isEmpty && applied.batch.deletedItems.isEmpty)
        #expect(try state.itemIdentifiers(inSection: 0) == [1, 3, 4, 5, 2])
    }

    @Test("11.3: [a b c] → [x a b c] inserts x and moves nothing")
    func prependIsOneInsert() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3]), viewportSize: viewport)
        let applied = try state.apply(snapshot([9, 1, 2, 3]))
        #expect(applied.batch.insertedItems == [BatchUpdate.ItemInsertion(indexPath: FlowIndexPath(item: 0, section: 0))])
        #expect(applied.batch.movedItems.isEmpty && applied.batch.deletedItems.isEmpty)
    }

    @Test("10.4 through a snapshot: three items put before the anchor move it down by 180")
    func anchorThroughSnapshot() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3, 4, 5]), viewportSize: viewport)
        try state.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        let applied = try state.apply(snapshot([7, 8, 9, 1, 2, 3, 4, 5]))
        #expect(applied.result.update.contentOffsetAdjustment == Point(x: 0, y: 180))
        #expect(applied.result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 5, section: 0)))
        // Deleting the anchor: the next item anchors, −60.
        var other = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3, 4, 5]), viewportSize: viewport)
        try other.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        let deleted = try other.apply(snapshot([1, 2, 4, 5]))
        #expect(deleted.result.update.contentOffsetAdjustment == Point(x: 0, y: -60))
    }

    @Test("11.1, 11.2: a measured size follows its item through a move and comes back after it left")
    func sizesBelongToIdentity() throws {
        var selfSizing = configuration
        selfSizing.estimatedItemSize = Size(width: 320, height: 50)
        var state = try FlowLayoutState(configuration: selfSizing, snapshot: snapshot([1, 2, 3]), viewportSize: viewport)
        _ = try state.reportSize(Size(width: 320, height: 77), forItemAt: FlowIndexPath(item: 0, section: 0))
        _ = try state.apply(snapshot([2, 3, 1]))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 2, section: 0)) == Size(width: 320, height: 77))
        _ = try state.apply(snapshot([2, 3]))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == nil)
        _ = try state.apply(snapshot([1, 2, 3]))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == Size(width: 320, height: 77))
        // Reloaded: a self-sizing item becomes unmeasured; with a size, it takes it.
        var reload = snapshot([1, 2, 3])
        reload.sections[0].reloaded = [1]
        _ = try state.apply(reload)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == nil)
        reload.sections[0].sizes = [3: Size(width: 320, height: 31)]
        reload.sections[0].reloaded = []
        _ = try state.apply(reload)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 2, section: 0)) == Size(width: 320, height: 31))
    }

    @Test("11.2: items leaving three sections each leave with their own section's size, and come back with it")
    func departuresReadEachSectionsSizes() throws {
        var selfSizing = configuration
        selfSizing.estimatedItemSize = Size(width: 320, height: 50)
        func sections(_ lists: [[FlowIdentifier]]) -> FlowSnapshot {
            FlowSnapshot(sections: lists.enumerated().map { FlowSnapshot.Section(id: FlowIdentifier(UInt64(100 + $0)), items: $1) })
        }
        var state = try FlowLayoutState(
            configuration: selfSizing, snapshot: sections([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), viewportSize: viewport)
        for (s, height) in [(0, 21.0), (1, 22.0), (2, 23.0)] {
            for item in 0..<3 {
                _ = try state.reportSize(
                    Size(width: 320, height: height + Double(item)), forItemAt: FlowIndexPath(item: item, section: s))
            }
        }
        // Items leave sections 0, 1 and 2 (two from the middle one); the sections stay, in order.
        _ = try state.apply(sections([[1, 3], [4], [7, 8]]))
        #expect(state.sectionIdentifiers == [100, 101, 102])
        // They come back elsewhere: each with the size it had in its own section.
        _ = try state.apply(sections([[9, 1, 3], [6, 4, 2], [5, 7, 8]]))
        #expect(state.sectionIdentifiers == [100, 101, 102])
        let expected: [(FlowIndexPath, Double)] = [
            (FlowIndexPath(item: 0, section: 0), 25), (FlowIndexPath(item: 0, section: 1), 24),
            (FlowIndexPath(item: 2, section: 1), 22), (FlowIndexPath(item: 0, section: 2), 23),
            (FlowIndexPath(item: 1, section: 0), 21), (FlowIndexPath(item: 2, section: 2), 24),
        ]
        for (path, height) in expected {
            #expect(try state.ownSize(ofItemAt: path) == Size(width: 320, height: height), "\(path)")
        }
    }

    @Test("11.2: at least the 1,024 most recent departures are remembered")
    func departuresRemembered() throws {
        var selfSizing = configuration
        selfSizing.estimatedItemSize = Size(width: 320, height: 50)
        let items = (1...1_100).map { FlowIdentifier(UInt64($0)) }
        var first = snapshot(items)
        first.sections[0].sizes = Dictionary(
            uniqueKeysWithValues: items.map { ($0, Size(width: 320, height: Double($0.rawValue % 90) + 1)) })
        var state = try FlowLayoutState(configuration: selfSizing, snapshot: first, viewportSize: viewport)
        // Items 1...1100 leave one after another, first to last.
        for chunk in stride(from: 0, to: 1_100, by: 100) {
            _ = try state.apply(snapshot(Array(items[(chunk + 100)...]) + [5_000]))
        }
        _ = try state.apply(snapshot(items))
        // The first 76 departures were forgotten, the last 1,024 came back.
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == nil)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 76, section: 0)) == Size(width: 320, height: 78))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 1_099, section: 0)) == Size(width: 320, height: Double(1_100 % 90) + 1))
    }

    @Test("11.4: duplicates, and sizes or reloads of identifiers not in the snapshot, are refused; nothing changes")
    func refusals() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3]), viewportSize: viewport)
        let before = state.snapshot()
        #expect(throws: FlowLayoutError.invalidSnapshot(path: "sections[0].items[3]", problem: .duplicateItem(2))) {
            try state.apply(snapshot([1, 2, 3, 2]))
        }
        #expect(throws: FlowLayoutError.invalidSnapshot(path: "sections[1].id", problem: .duplicateSection(1))) {
            try state.apply(FlowSnapshot(sections: [.init(id: 1, items: [1]), .init(id: 1, items: [2])]))
        }
        var unknown = snapshot([1, 2, 3])
        unknown.sections[0].reloaded = [3, 8]
        #expect(throws: FlowLayoutError.invalidSnapshot(path: "sections[0].reloaded[1]", problem: .notInSnapshot(8))) {
            try state.apply(unknown)
        }
        var negative = snapshot([1, 2, 3])
        negative.sections[0].sizes = [2: Size(width: -1, height: 3)]
        // The key is kept as an identifier, not read back from text.
        let sizePath = FieldPath("sections", 0).appending("sizes").appending(identifier: 2).appending("width")
        #expect(sizePath.description == "sections[0].sizes[2].width")
        #expect(throws: FlowLayoutError.invalidValue(path: sizePath, value: -1)) {
            try state.apply(negative)
        }
        // An item kept in place elsewhere, named again in a changed section.
        #expect(throws: FlowLayoutError.self) {
            try state.apply(FlowSnapshot(sections: [.init(id: 1, items: [1, 2, 3]), .init(id: 2, items: [4, 3])]))
        }
        #expect(state.snapshot() == before)
    }

    @Test(
        "11.1: an item moved by index path (interactive movement) keeps its identifier; a batch keeps those it names, drops them when it inserts"
    )
    func moveKeepsIdentifier() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3]), viewportSize: viewport)
        _ = try state.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 2, section: 0))
        #expect(try state.itemIdentifiers(inSection: 0) == [2, 3, 1])
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 0, section: 0)])
        _ = try state.performBatchUpdates(batch)
        #expect(try state.itemIdentifiers(inSection: 0) == [3, 1])
        var insert = BatchUpdate()
        insert.insertItems(at: [FlowIndexPath(item: 0, section: 0)])
        _ = try state.performBatchUpdates(insert)
        #expect(state.sectionIdentifiers == nil)
    }

    @Test("11.2: a surviving section keeps its overrides except those given")
    func overrides() throws {
        var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot([1, 2, 3]), viewportSize: viewport)
        var spaced = snapshot([1, 2, 3])
        spaced.sections[0].minimumLineSpacing = 20
        let applied = try state.apply(spaced)
        #expect(applied.batch.reloadedSections.count == 1)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.minY == 70)
        _ = try state.apply(snapshot([1, 2, 3, 4]))
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.minY == 70)
    }

    @Test("11.2: sections that move, with no overrides given, keep theirs and are not reloaded")
    func movedSectionsKeepOverrides() throws {
        var first = FlowSnapshot(sections: [
            FlowSnapshot.Section(id: 1, items: [1, 2, 3]), FlowSnapshot.Section(id: 2, items: [4, 5, 6]),
        ])
        first.sections[1].minimumLineSpacing = 20
        var state = try FlowLayoutState(configuration: configuration, snapshot: first, viewportSize: viewport)
        let swapped = FlowSnapshot(sections: [
            FlowSnapshot.Section(id: 2, items: [4, 5, 6, 7]), FlowSnapshot.Section(id: 1, items: [1, 2, 3]),
        ])
        let applied = try state.apply(swapped)
        #expect(applied.batch.reloadedSections.isEmpty && applied.batch.insertedSections.isEmpty)
        #expect(applied.batch.movedSections.count == 1)
        // The section with spacing 20 is first now: its second item at 50 + 20,
        // the other section's second item 10 below its first.
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.minY == 70)
        let other = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 1)).frame.minY
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 1)).frame.minY == other + 60)
    }
}
