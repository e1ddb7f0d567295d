import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// Archives of waterfall sections (`flow-layout.md` 11.5, 12.4): every saved
/// item takes back its column by identity under the same fingerprint and
/// columns, the items not saved are assigned as if inserted, and archives of
/// earlier versions restore without columns.
@Suite("Waterfall archives (12.4)")
struct WaterfallArchiveTests {
    static let viewport = WaterfallSectionTests.viewport
    static let items = (1...40).map { FlowIdentifier(UInt64($0)) }

    /// Two columns of self-sizing items (estimate 100 × 100) on the examples' layout.
    static func configuration(columns: Int = 2) -> FlowLayoutConfiguration {
        var configuration = ReferenceWaterfallTests.configuration
        configuration.estimatedItemSize = Size(width: 100, height: 100)
        configuration.waterfall = .count(columns)
        return configuration
    }

    /// Item `j`'s reported size: 155 wide (the column's width), of varied height.
    static func size(_ j: Int) -> Size { Size(width: 155, height: Double(40 + (j * 37) % 90)) }

    /// Forty self-sizing items that went round the two columns and were then
    /// measured (their columns are not what assigning their sizes gives),
    /// scrolled so that item 21 is 7 points into view.
    static func saved() throws -> FlowLayoutState {
        var state = try FlowLayoutState(
            configuration: configuration(), snapshot: FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items)]),
            viewportSize: viewport)
        _ = try state.reportSizes((0..<40).map { SizeReport(indexPath: FlowIndexPath(item: $0, section: 0), size: size($0)) })
        let item21 = try state.layoutAttributesForItem(at: FlowIndexPath(item: 21, section: 0)).frame.minY
        try state.setVisibleRect(Rect(x: 0, y: item21 - 7, width: 320, height: 400))
        return state
    }

    /// ``saved()`` and its archive.
    static func savedArchive() throws -> (state: FlowLayoutState, archive: [UInt8]) {
        var state = try saved()
        let archive = state.archive()
        return (state, try #require(archive))
    }

    /// The forty items of ``saved()`` at their measured sizes, assigned
    /// afresh (12.3 b) in `columns` columns: what a restore gives when no
    /// column is kept.
    static func assignedAfresh(columns: Int = 2) throws -> FlowLayoutState {
        try FlowLayoutState(
            configuration: configuration(columns: columns), sections: [FlowSection(itemSizes: (0..<40).map(size))],
            viewportSize: viewport)
    }

    static func snapshot(_ items: [FlowIdentifier]) -> FlowSnapshot {
        FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items)])
    }

    @Test("12.4: the same content comes back with every column as saved, and the anchor where it was")
    func sameContent() throws {
        var (state, archive) = try Self.savedArchive()
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: Self.snapshot(Self.items), configuration: Self.configuration(), viewportSize: Self.viewport)
        #expect(restored.reattachedSizeCount == 40)
        let cells = try WaterfallSectionTests.cells(&state)
        #expect(try WaterfallSectionTests.cells(&restored.state) == cells)
        // Assigning the measured sizes again (12.3 b) gives other columns: the columns were kept, not recomputed.
        var fresh = try Self.assignedAfresh()
        #expect(try WaterfallSectionTests.cells(&fresh) != cells)
        // The anchor, the first item in view when saved, sits at its saved distance from V's top (11.5).
        let anchor = try #require(restored.anchor)
        let before = try state.layoutAttributesForItem(at: anchor.indexPath).frame.minY - (state.visibleRect?.minY ?? 0)
        let after = try restored.state.layoutAttributesForItem(at: anchor.indexPath).frame.minY
        #expect(after - (restored.state.visibleRect?.minY ?? 0) == before)
        #expect(restored.anchorDistance == before)
    }

    @Test("12.4: saved items keep their columns wherever they are now; new items are assigned in index order as if inserted")
    func changedContent() throws {
        var state = try Self.saved()
        let savedColumns = try WaterfallSectionTests.cells(&state).map { $0.minX == 0 ? 0 : 1 }
        let saved = state.archive()
        let archive = try #require(saved)
        // Two new items first, item 5 gone, item 30 moved to index 3, item 12 to the end, a new one after it.
        var order = Self.items.filter { $0 != 5 && $0 != 30 && $0 != 12 }
        order.insert(30, at: 1)
        order = [101, 102] + order + [12, 103]
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: Self.snapshot(order), configuration: Self.configuration(), viewportSize: Self.viewport)
        #expect(restored.reattachedSizeCount == 39)
        // Expected: saved columns by identity, the others by (a) in index order, over the sizes in use.
        let lengths = order.map { identifier -> Double in
            let saved = Int(identifier.rawValue) - 1
            return saved < 40 ? Self.size(saved).height : 155
        }
        let given = order.map { identifier -> Int? in
            let saved = Int(identifier.rawValue) - 1
            return saved < 40 ? savedColumns[saved] : nil
        }
        let columns = ReferenceWaterfall.assignArrivals(given, lengths: lengths, count: 2, lineSpacing: 10)
        let (offsets, _) = ReferenceWaterfall.offsets(lengths: lengths, columns: columns, count: 2, lineSpacing: 10)
        var cells: [Rect] = []
        for j in order.indices {
            cells.append(try restored.state.layoutAttributesForItem(at: FlowIndexPath(item: j, section: 0)).frame)
        }
        #expect(cells.map { $0.minX == 0 ? 0 : 1 } == columns)
        #expect(cells.map(\.minY) == offsets)
        // The moved items kept their columns: a snapshot alone would have assigned them again.
        #expect(columns[3] == savedColumns[29] && columns[order.count - 2] == savedColumns[11])
    }

    @Test("12.4: another column count or width keeps no column, a section of the same identifier only with its own")
    func otherColumns() throws {
        let archive = try Self.savedArchive().archive
        // Three columns under the same fingerprint: the sizes re-attach, and every item is assigned by 12.3 b.
        var three = try FlowLayoutState.restoring(
            archive, snapshot: Self.snapshot(Self.items), configuration: Self.configuration(columns: 3),
            viewportSize: Self.viewport)
        #expect(three.fingerprintMatched && three.reattachedSizeCount == 40)
        var fresh = try Self.assignedAfresh(columns: 3)
        #expect(try WaterfallSectionTests.cells(&three.state) == WaterfallSectionTests.cells(&fresh))
        // A wider viewport: another fingerprint, so neither sizes nor columns come back.
        let wide = Size(width: 400, height: 400)
        var wider = try FlowLayoutState.restoring(
            archive, snapshot: Self.snapshot(Self.items), configuration: Self.configuration(), viewportSize: wide)
        #expect(!wider.fingerprintMatched)
        var round = try FlowLayoutState(
            configuration: Self.configuration(), snapshot: Self.snapshot(Self.items), viewportSize: wide)
        #expect(try WaterfallSectionTests.cells(&wider.state) == WaterfallSectionTests.cells(&round))
    }

    @Test("11.5: a version 2 archive of a waterfall still restores: its sizes, assigned by 12.3 b")
    func versionTwo() throws {
        let archive = try Self.savedArchive().archive
        // Version 3 ends its body with the columns: 1 section, its ordinal, count, width and 40 columns.
        let version2 = ArchiveBytes.resealed(Array(archive[..<(archive.count - 8 - (1 + 1 + 1 + 8 + 40))]), version: 2)
        var restored = try FlowLayoutState.restoring(
            version2, snapshot: Self.snapshot(Self.items), configuration: Self.configuration(), viewportSize: Self.viewport)
        #expect(restored.reattachedSizeCount == 40)
        var fresh = try Self.assignedAfresh()
        #expect(try WaterfallSectionTests.cells(&restored.state) == WaterfallSectionTests.cells(&fresh))
    }

    @Test("11.5: columns that contradict the archive are refused, and nothing is restored")
    func refusals() throws {
        let archive = try Self.savedArchive().archive
        let body = Array(archive[..<(archive.count - 8)])
        let countAt = body.count - 40 - 8 - 1
        #expect(body[countAt] == 2)
        func refusal(_ bytes: [UInt8]) -> ArchiveProblem? {
            do {
                _ = try FlowLayoutState.restoring(
                    ArchiveBytes.resealed(bytes, version: 3), snapshot: Self.snapshot(Self.items),
                    configuration: Self.configuration(), viewportSize: Self.viewport)
                return nil
            } catch {
                guard case .invalidArchive(let problem) = error else { return nil }
                return problem
            }
        }
        var past = body
        past[body.count - 1] = 2
        #expect(refusal(past) == .malformed("an item's column past the section's 2 columns"))
        var none = body
        none[countAt] = 0
        #expect(refusal(none) == .malformed("a column count of 0"))
        #expect(refusal(Array(body.dropLast())) == .truncated)
        var section = body
        section[countAt - 1] = 1
        #expect(refusal(section) == .malformed("a waterfall section's ordinal 1 is more than there can be"))
    }
}
