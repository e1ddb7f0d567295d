import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// The bulk build of an archive's saved content (`ArchiveRestore.build(savedContent:withSizes:into:)`)
/// against the way it was first built: the saved content applied as a snapshot
/// to an empty layout, its sizes by position. Same frames, sizes of their own,
/// identifiers, estimate, V and anchor after the restore, on seeded random
/// content. (Spare capacity of the identifier lists may differ: it is not content.)
@Suite struct ArchiveBulkRestoreTests {
    /// The saved content applied as a snapshot, then the rest of the restore.
    func restoredThroughSnapshot(
        _ archive: [UInt8], snapshot: FlowSnapshot, configuration: FlowLayoutConfiguration, viewportSize: Size,
        options: FlowLayoutOptions
    ) throws -> FlowLayoutRestoration {
        let content = try ArchiveContent(archive)
        var state = try FlowLayoutState(configuration: configuration, sections: [], viewportSize: viewportSize, options: options)
        state.identity = IdentityIndex()
        let matched = content.fingerprint == state.sizeFingerprint
        var saved = FlowSnapshot()
        var positional: [[Size?]] = []
        for q in content.itemCounts.indices {
            saved.appendSection(FlowSnapshot.Section(id: content.sectionIDs[q], items: content.items[q]))
            positional.append(matched ? content.sizes[q].map { $0.isUnsized ? nil : $0 } : [])
        }
        _ = try state.apply(saved, positionalSizes: matched ? positional : nil)
        let finished = try ArchiveRestore.finish(&state, content, snapshot: snapshot, fingerprintMatched: matched)
        return FlowLayoutRestoration(
            state: state, fingerprintMatched: matched, reattachedSizeCount: finished.reattached, anchor: finished.anchor,
            anchorDistance: finished.distance, anchorEdge: finished.edge)
    }

    /// Everything a host can read of `state`, laid out whole.
    func everything(_ state: inout FlowLayoutState) throws -> [String] {
        var lines = ["content \(state.contentSize)", "V \(String(describing: state.visibleRect))"]
        lines.append("estimate \(state.currentEstimatedItemSize)")
        for q in 0..<state.sections.count {
            for j in 0..<state.sections[q].itemCount {
                lines.append("own \(q).\(j) \(String(describing: try state.ownSize(ofItemAt: FlowIndexPath(item: j, section: q))))")
            }
        }
        let whole = Rect(x: -1, y: -1, width: state.contentSize.width + 2, height: state.contentSize.height + 2)
        for element in try state.layoutAttributesForElements(in: whole) {
            lines.append("\(element.category) \(element.indexPath) \(element.frame)")
        }
        return lines
    }

    @Test("the bulk build restores exactly what applying the saved content as a snapshot did", arguments: 0..<60)
    func sameAsSnapshot(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7_919 &+ 17)
        var configuration = FlowLayoutConfiguration()
        if random.chance(0.8) {
            configuration.estimatedItemSize = Size(width: 100, height: 40)
        } else {
            configuration.itemSize = Size(width: 90, height: 30)
        }
        configuration.minimumLineSpacing = 4
        configuration.minimumInteritemSpacing = 3
        if random.chance(0.2) { configuration.scrollDirection = .horizontal }
        let viewport = Size(width: 320, height: 240)
        // The saved layout: random sections of random identifiers, some measured.
        var next: UInt64 = 1
        var sections: [FlowSnapshot.Section] = []
        for s in 0..<random.int(0...5) {
            let items = (0..<random.int(0...40)).map { _ in
                next += UInt64(random.int(1...3))
                return FlowIdentifier(next)
            }
            sections.append(FlowSnapshot.Section(id: FlowIdentifier(UInt64(1_000 + s)), items: items))
        }
        var state = try FlowLayoutState(configuration: configuration, snapshot: FlowSnapshot(sections: sections), viewportSize: viewport)
        for (q, section) in sections.enumerated() {
            for j in section.items.indices where random.chance(0.7) {
                let size = Size(width: random.double(10...300), height: Double(random.int(1...400)) / 2)
                _ = try state.reportSize(size, forItemAt: FlowIndexPath(item: j, section: q))
            }
        }
        let extent = configuration.scrollDirection == .vertical ? state.contentSize.height : state.contentSize.width
        let offset = random.double(0...max(0, extent))
        let point = configuration.scrollDirection.offset(cross: offset)
        try state.setVisibleRect(Rect(x: point.x, y: point.y, width: viewport.width, height: viewport.height))
        let written = state.archive()
        let archive = try #require(written)
        // This launch: some gone, some new, some moved; maybe another viewport (no sizes re-attach).
        var now = sections
        for q in now.indices {
            now[q].items.removeAll { _ in random.chance(0.2) }
            for _ in 0..<random.int(0...3) {
                next += 1
                now[q].items.insert(FlowIdentifier(next), at: random.int(0...now[q].items.count))
            }
        }
        if now.count > 1, random.chance(0.3) { now.swapAt(0, now.count - 1) }
        let launchViewport = random.chance(0.25) ? Size(width: 300, height: 240) : viewport
        var options = FlowLayoutOptions()
        if random.chance(0.3) { options.estimateRefinement = .meanOfReportedSizes }
        let snapshot = FlowSnapshot(sections: now)
        var bulk = try FlowLayoutState.restoring(
            archive, snapshot: snapshot, configuration: configuration, viewportSize: launchViewport, options: options)
        var old = try restoredThroughSnapshot(
            archive, snapshot: snapshot, configuration: configuration, viewportSize: launchViewport, options: options)
        #expect(bulk.fingerprintMatched == old.fingerprintMatched)
        #expect(bulk.reattachedSizeCount == old.reattachedSizeCount)
        #expect(bulk.anchor == old.anchor)
        #expect(bulk.anchorDistance == old.anchorDistance)
        #expect(bulk.state.snapshot() == old.state.snapshot())
        let restored = try everything(&bulk.state)
        let expected = try everything(&old.state)
        #expect(restored.count == expected.count)
        for k in restored.indices where k < expected.count && restored[k] != expected[k] {
            Issue.record("bulk \(restored[k]), through a snapshot \(expected[k])")
        }
    }

    @Test("the reader says whether a section's sized items share one width, as a pass over them would", arguments: 0..<40)
    func equalWidthsAsRead(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 6_101 &+ 5)
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 100, height: 40)
        let viewport = Size(width: 320, height: 240)
        var next: UInt64 = 1
        var sections: [FlowSnapshot.Section] = []
        for s in 0..<random.int(1...6) {
            let items = (0..<random.int(1...30)).map { _ in
                next += 1
                return FlowIdentifier(next)
            }
            sections.append(FlowSnapshot.Section(id: FlowIdentifier(UInt64(1_000 + s)), items: items))
        }
        var state = try FlowLayoutState(configuration: configuration, snapshot: FlowSnapshot(sections: sections), viewportSize: viewport)
        // Widths from a few (so the reader's common items and the width carried
        // from the section before both occur), now and then −0 for +0, or one
        // other width anywhere in the section; some items unmeasured.
        let widths: [Double] = [320, 160, 0]
        for (q, section) in sections.enumerated() {
            let width = random.pick(widths)
            let measured = random.chance(0.6) ? 1 : 0.8
            for j in section.items.indices where random.chance(measured) {
                var itemWidth = width
                if random.chance(0.05) { itemWidth = random.pick(widths + [width == 0 ? -0.0 : width]) }
                let size = Size(width: itemWidth, height: Double(random.int(1...400)) / 2)
                _ = try state.reportSize(size, forItemAt: FlowIndexPath(item: j, section: q))
            }
        }
        let written = state.archive()
        let archive = try #require(written)
        let content = try ArchiveContent(archive)
        for q in content.sizes.indices {
            let sized = content.sizes[q].filter { !$0.isUnsized }
            #expect(content.equalWidths[q] == sized.allSatisfy { $0.width == sized.first?.width }, "section \(q)")
            guard content.sizedCounts[q] == content.sizes[q].count else { continue }
            content.sizes[q].withUnsafeBufferPointer { buffer in
                #expect(SizeSums(given: buffer, equalWidths: content.equalWidths[q]) == SizeSums(given: buffer))
            }
        }
    }
}
