import FlowLayoutCore
import Testing

/// Save and restore (`flow-layout.md` 11.5): the anchor comes back at its saved
/// distance from V's leading edge, sizes re-attach by identity under the same
/// configuration, and any damaged archive is refused whole.
@Suite struct ArchiveTests {
    var configuration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 320, height: 40)
        configuration.minimumLineSpacing = 10
        return configuration
    }
    let viewport = Size(width: 320, height: 200)

    func chat(_ items: [UInt64], sizes: [UInt64: Double] = [:]) -> FlowSnapshot {
        var section = FlowSnapshot.Section(id: 1, items: items.map { FlowIdentifier($0) })
        for (id, height) in sizes { section.sizes[FlowIdentifier(id)] = Size(width: 320, height: height) }
        return FlowSnapshot(sections: [section])
    }

    /// A layout of items 1...40 each measured at 30 + id, scrolled so that
    /// item 20 is 5 points below V's top; and its archive.
    func saved() throws -> (state: FlowLayoutState, archive: [UInt8]) {
        let items = Array(UInt64(1)...40)
        var state = try FlowLayoutState(configuration: configuration, snapshot: chat(items), viewportSize: viewport)
        for item in 0..<40 {
            _ = try state.reportSize(Size(width: 320, height: 30.5 + Double(item + 1)), forItemAt: FlowIndexPath(item: item, section: 0))
        }
        let top = try state.layoutAttributesForItem(at: FlowIndexPath(item: 19, section: 0)).frame.minY
        try state.setVisibleRect(Rect(x: 0, y: top - 5, width: 320, height: 200))
        let archive = state.archive()
        return (state, try #require(archive))
    }

    func top(_ state: inout FlowLayoutState, _ item: UInt64) throws -> Double {
        let path = try #require(state.indexPath(ofItem: FlowIdentifier(item)))
        return try state.layoutAttributesForItem(at: path).frame.minY - (state.visibleRect?.minY ?? 0)
    }

    @Test("the same data: every size re-attaches and the anchor is where it was")
    func sameData() throws {
        let (_, archive) = try saved()
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: chat(Array(1...40)), configuration: configuration, viewportSize: viewport)
        #expect(restored.fingerprintMatched)
        #expect(restored.reattachedSizeCount == 40)
        #expect(try top(&restored.state, 20) == 5)
        #expect(try restored.state.ownSize(ofItemAt: FlowIndexPath(item: 5, section: 0)) == Size(width: 320, height: 36.5))
        #expect(archive.count < 40 * 12 + 64)
    }

    @Test("new items before it and deleted ones: the anchor does not move on screen")
    func changedData() throws {
        let (_, archive) = try saved()
        let next: [UInt64] = [100, 101] + Array(1...40).filter { $0 % 3 != 0 } + [102]
        var restored = try FlowLayoutState.restoring(archive, snapshot: chat(next), configuration: configuration, viewportSize: viewport)
        #expect(restored.reattachedSizeCount == 27)
        #expect(try top(&restored.state, 20) == 5)
    }

    @Test("the anchor deleted: the first survivor after it in the saved order takes its place")
    func anchorDeleted() throws {
        let (_, archive) = try saved()
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: chat(Array(1...19) + Array(22...40)), configuration: configuration, viewportSize: viewport)
        #expect(try top(&restored.state, 22) == 5)
        // Everything after it gone: the last one before it.
        var before = try FlowLayoutState.restoring(
            archive, snapshot: chat(Array(1...18)), configuration: configuration, viewportSize: viewport)
        #expect(before.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 17, section: 0)))
        // Clamped (8.4): the content ends before V could.
        let content = before.state.contentSize.height
        #expect(before.state.visibleRect?.minY == max(0, content - 200))
        _ = try top(&before.state, 18)
    }

    @Test("the data reordered: sizes follow identity")
    func reordered() throws {
        let (_, archive) = try saved()
        let next = Array(UInt64(1)...40).reversed().map { $0 }
        var restored = try FlowLayoutState.restoring(archive, snapshot: chat(next), configuration: configuration, viewportSize: viewport)
        #expect(restored.reattachedSizeCount == 40)
        #expect(try restored.state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == Size(width: 320, height: 70.5))
        #expect(try top(&restored.state, 20) == 5)
    }

    @Test("an archive from another configuration: no size re-attaches, the anchor still does")
    func otherConfiguration() throws {
        let (_, archive) = try saved()
        var wider = try FlowLayoutState.restoring(
            archive, snapshot: chat(Array(1...40)), configuration: configuration, viewportSize: Size(width: 400, height: 200))
        #expect(!wider.fingerprintMatched)
        #expect(wider.reattachedSizeCount == 0)
        #expect(try wider.state.ownSize(ofItemAt: FlowIndexPath(item: 5, section: 0)) == nil)
        #expect(try top(&wider.state, 20) == 5)
    }

    @Test("truncated, bit-flipped, foreign and future archives are refused")
    func corrupt() throws {
        let (_, archive) = try saved()
        let snapshot = chat(Array(1...40))
        func refusal(_ bytes: [UInt8]) -> ArchiveProblem? {
            do {
                _ = try FlowLayoutState.restoring(bytes, snapshot: snapshot, configuration: configuration, viewportSize: viewport)
                return nil
            } catch {
                guard case .invalidArchive(let problem) = error else { return .malformed("not an archive error: \(error)") }
                return problem
            }
        }
        for length in 0..<archive.count {
            #expect(refusal(Array(archive[..<length])) != nil, "truncated to \(length)")
        }
        for bit in 0..<(archive.count * 8) {
            var flipped = archive
            flipped[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            #expect(refusal(flipped) != nil, "bit \(bit) flipped")
        }
        #expect(refusal(Array("not an archive".utf8)) == .notAnArchive)
        var future = archive
        future[4] = UInt8(FlowLayoutState.archiveVersion + 1)
        #expect(refusal(future) == .unknownVersion(FlowLayoutState.archiveVersion + 1))
        var none = archive
        none[4] = 0
        #expect(refusal(none) == .unknownVersion(0))
        var body = archive
        body[20] ^= 0x10
        #expect(refusal(body) == .checksumMismatch)
        #expect(refusal(archive + [0]) != nil)
    }
}
