import Testing

@testable import FlowLayoutCore

/// The anchor an archive saves is the one an update keeps (`flow-layout.md`
/// 7.2, 11.5): with `lastVisibleItem`, the last element of V by its trailing
/// edge; and an archive of the first version, which saved no edge, still
/// restores by the leading edge.
@Suite struct ArchiveAnchorTests {
    let viewport = Size(width: 320, height: 200)

    func configuration() -> FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 320, height: 40)
        configuration.minimumLineSpacing = 10
        return configuration
    }

    func chat(_ items: [UInt64]) -> FlowSnapshot {
        FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items.map { FlowIdentifier($0) })])
    }

    /// Items 1...40 measured at 30.5 + id, V placed so that item `last`'s
    /// bottom is `gap` points above V's bottom; and its archive.
    func saved(
        options: FlowLayoutOptions, last: Int = 25, gap: Double = 7
    ) throws -> (state: FlowLayoutState, archive: [UInt8]) {
        var state = try FlowLayoutState(
            configuration: configuration(), snapshot: chat(Array(1...40)), viewportSize: viewport, options: options)
        for item in 0..<40 {
            _ = try state.reportSize(Size(width: 320, height: 30.5 + Double(item + 1)), forItemAt: FlowIndexPath(item: item, section: 0))
        }
        let bottom = try state.layoutAttributesForItem(at: FlowIndexPath(item: last - 1, section: 0)).frame.maxY
        try state.setVisibleRect(Rect(x: 0, y: bottom + gap - viewport.height, width: 320, height: viewport.height))
        let archive = state.archive()
        return (state, try #require(archive))
    }

    /// How far above V's bottom item `id`'s bottom is.
    func gapBelow(_ state: inout FlowLayoutState, _ id: UInt64) throws -> Double {
        let path = try #require(state.indexPath(ofItem: FlowIdentifier(id)))
        let rect = try #require(state.visibleRect)
        let bottom = try state.layoutAttributesForItem(at: path).frame.maxY
        return rect.maxY - bottom
    }

    @Test("lastVisibleItem: the archive keeps the last item of V by its bottom, and restores it there")
    func lastVisibleItemIsSaved() throws {
        let options = FlowLayoutOptions(scrollAnchor: .lastVisibleItem)
        let (_, archive) = try saved(options: options)
        // New items before it, others deleted: the last visible item's bottom stays 7 points above V's.
        let next: [UInt64] = [100, 101, 102] + Array(1...40).filter { $0 % 4 != 0 }
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: chat(next), configuration: configuration(), viewportSize: viewport, options: options)
        #expect(restored.anchorEdge == .bottom)
        #expect(restored.anchorDistance == 7)
        #expect(restored.anchor?.indexPath.item == next.firstIndex(of: 25))
        #expect(try gapBelow(&restored.state, 25) == 7)
    }

    @Test("the first visible item (the default) is saved by its top, whatever the restoring layout's option")
    func firstVisibleItemIsSaved() throws {
        let (state, archive) = try saved(options: FlowLayoutOptions())
        var copy = state
        let visible = try #require(copy.visibleRect)
        let inView = try copy.layoutAttributesForElements(in: visible)
        let first = try #require(inView.first)
        var restored = try FlowLayoutState.restoring(
            archive, snapshot: chat(Array(1...40)), configuration: configuration(), viewportSize: viewport,
            options: FlowLayoutOptions(scrollAnchor: .lastVisibleItem))
        #expect(restored.anchorEdge == .top)
        #expect(restored.anchor == first.identifier)
        let rect = try #require(restored.state.visibleRect)
        let top = try restored.state.layoutAttributesForItem(at: first.indexPath).frame.minY
        #expect(top - rect.minY == first.frame.minY - visible.minY)
    }

    @Test("an archive of version 1 (no kept edge saved) restores its anchor by the leading edge")
    func versionOneRestores() throws {
        let (state, archive) = try saved(options: FlowLayoutOptions())
        let version1 = try #require(Self.versionOne(of: archive))
        let restored = try FlowLayoutState.restoring(
            version1, snapshot: chat(Array(1...40)), configuration: configuration(), viewportSize: viewport)
        #expect(restored.fingerprintMatched)
        #expect(restored.reattachedSizeCount == 40)
        #expect(restored.anchorEdge == .top)
        #expect(restored.state.visibleRect == state.visibleRect)
    }

    /// `archive` (version 3, with an anchor, no waterfall section) written as
    /// version 1 wrote it: the anchor without its kept-edge byte, no columns
    /// (the last byte of the body, a count of 0), the body's length and the
    /// checksum written again.
    static func versionOne(of archive: [UInt8]) -> [UInt8]? {
        guard archive[16 + 8] != 0 else { return nil }  // the anchor's kind, after the fingerprint
        guard archive[archive.count - 9] == 0 else { return nil }  // no waterfall section's columns
        // The ordinal's varint, then the edge byte.
        var position = 16 + 8 + 1
        while archive[position] & 0x80 != 0 { position += 1 }
        let edge = position + 1
        guard archive[edge] == KeptEdge.leading.archiveCode else { return nil }
        return ArchiveBytes.resealed(Array(archive[..<edge]) + Array(archive[(edge + 1)..<(archive.count - 9)]), version: 1)
    }
}
