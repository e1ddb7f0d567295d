import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Batch updates through the host, in UIKit's order: prepare for the update
/// items, appearing and disappearing attributes, target content offset,
/// finalize (`flow-layout.md` 10.4, 10.5). Expected frames are worked out by
/// hand from 10.4's example: viewport 320 × 100, items 320 × 50 one per line,
/// spacing 10 (item k at y 60k), the view at y 120 (items 2 and 3 in view).
@Suite("Batch updates through the host")
struct BatchUpdateTests {
    static func example(items: Int = 10) throws -> SimulatedCollectionView {
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(itemCount: items)], bounds: Rect(x: 0, y: 0, width: 320, height: 100))
        let view = SimulatedCollectionView(layout: host)
        try view.scroll(toY: 120)
        return view
    }

    static func frame(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 320, height: 50) }

    static func items(_ count: Int) -> (Int) -> FlowSection { { _ in FlowSection(itemCount: count) } }

    @Test("insert 3 items at 0: the offset moves +180 and what is on screen does not animate")
    func insertAbove() throws {
        let view = try Self.example()
        let inserts = (0..<3).map { UpdateItem.insertItem(at: FlowIndexPath(item: $0, section: 0)) }
        let animation = try view.performBatchUpdates(inserts, sections: Self.items(13))
        #expect(animation.contentOffset == Point(x: 0, y: 300))
        #expect(view.bounds.minY == 300)
        // Old items 2 and 3 are items 5 and 6: they start and end at 300 and 360.
        #expect(animation.appearing[.cell(5)]??.frame == Self.frame(300))
        #expect(animation.appearing[.cell(6)]??.frame == Self.frame(360))
        #expect(animation.appearing[.cell(5)]??.alpha == 1)
        #expect(animation.disappearing[.cell(2)]??.frame == Self.frame(300))
        #expect(animation.disappearing[.cell(3)]??.frame == Self.frame(360))
        #expect(animation.disappearing[.cell(3)]??.attributes.indexPath == FlowIndexPath(item: 3, section: 0))
        #expect(animation.appearing.count == 2 && animation.disappearing.count == 2)
        #expect(view.layout.counters.batchUpdates == 1)
    }

    @Test("delete item 2: the offset moves −60, item 2 fades where it was, item 1 slides in from above")
    func deleteAnchor() throws {
        let view = try Self.example()
        let animation = try view.performBatchUpdates([.deleteItem(at: FlowIndexPath(item: 2, section: 0))], sections: Self.items(9))
        #expect(animation.contentOffset.y == 60)
        // Item 2 (old 3) is the anchor: at 180 before (screen 60), 120 after (screen 60).
        #expect(animation.appearing[.cell(2)]??.frame == Self.frame(120))
        #expect(animation.disappearing[.cell(3)]??.frame == Self.frame(120))
        // The deleted item fades out at its old screen position: 120 − 60.
        #expect(
            animation.disappearing[.cell(2)]!
                == TransitionAttributes(
                    attributes: LayoutAttributes(category: .cell, indexPath: FlowIndexPath(item: 2, section: 0), frame: Self.frame(60)),
                    alpha: 0))
        // Item 1, out of view before (60, screen −60), starts there: 60 − 60.
        #expect(animation.appearing[.cell(1)]??.frame == Self.frame(0))
        #expect(animation.appearing[.cell(1)]??.alpha == 1)
    }

    @Test("insert an item in view: it fades in at its place; the one it pushes out slides down")
    func insertInView() throws {
        let view = try Self.example()
        let animation = try view.performBatchUpdates([.insertItem(at: FlowIndexPath(item: 3, section: 0))], sections: Self.items(11))
        #expect(animation.contentOffset.y == 120)
        #expect(
            animation.appearing[.cell(3)]!!
                == TransitionAttributes(
                    attributes: LayoutAttributes(category: .cell, indexPath: FlowIndexPath(item: 3, section: 0), frame: Self.frame(180)),
                    alpha: 0))
        #expect(animation.appearing[.cell(2)]??.frame == Self.frame(120))
        #expect(animation.disappearing[.cell(3)]??.frame == Self.frame(240))
        #expect(animation.disappearing[.cell(3)]??.alpha == 1)
        // Nothing is asked outside an update.
        #expect(view.layout.initialLayoutAttributesForAppearingItem(at: FlowIndexPath(item: 3, section: 0)) == nil)
    }

    @Test("moves and reloads: a moved item animates between its frames; a reloaded one takes its new size")
    func moveAndReload() throws {
        let view = try Self.example()
        let animation = try view.performBatchUpdates(
            [
                .moveItem(at: FlowIndexPath(item: 3, section: 0), to: FlowIndexPath(item: 0, section: 0)),
                .reloadItem(at: FlowIndexPath(item: 2, section: 0), to: FlowIndexPath(item: 3, section: 0)),
            ], sections: Self.items(10)
        ) { indexPath in indexPath.item == 3 ? Size(width: 320, height: 80) : nil }
        // Item 2 is reloaded in place (at 3 after the move), 80 tall now; it is
        // the anchor: 10.4 keeps a reloaded item. Before: 120; after: 180.
        #expect(animation.contentOffset.y == 180)
        #expect(try view.layout.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0)).frame.height == 80)
        // Old item 3 (180, screen 60) moves to 0: it ends at 0.
        #expect(animation.disappearing[.cell(3)]??.frame == Self.frame(0))
        #expect(animation.disappearing[.cell(2)]??.frame == Rect(x: 0, y: 180, width: 320, height: 80))
    }

    @Test("section operations: section-only paths; the anchor and the headers animate by the inserted extent")
    func sections() throws {
        let configuration = FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40))
        let host = try FlowLayoutHost(
            configuration: configuration, sections: Array(repeating: FlowSection(itemCount: 4), count: 3),
            bounds: Rect(x: 0, y: 0, width: 320, height: 100))
        let view = SimulatedCollectionView(layout: host)
        // Sections are 270 long (header 40, 4 lines of 50 with 10 between).
        try view.scroll(toY: 270)
        let animation = try view.performBatchUpdates([.insertSection(0)]) { _ in FlowSection(itemCount: 2) }
        // The new section 0: header 40, 2 lines: 150. Old section 0 ... all move 150.
        #expect(animation.contentOffset.y == 420)
        #expect(animation.appearing[.header(2)]??.frame == Rect(x: 0, y: 420, width: 320, height: 40))
        #expect(animation.disappearing[.header(1)]??.frame == Rect(x: 0, y: 420, width: 320, height: 40))
        #expect(animation.disappearing[.header(1)]??.attributes.indexPath == FlowIndexPath(item: 0, section: 1))
        let deletion = try view.performBatchUpdates([.deleteSection(2), .moveSection(0, toSection: 1)]) { _ in FlowSection(itemCount: 0) }
        #expect(host.state.numberOfSections == 3)
        // In view at 420: old section 1's last item (370 ..< 420, touching),
        // then section 2, deleted. The item survives in place and is the
        // anchor: section 1 is now section 0, after the 270 of old section 1 ...
        // it sits at 220, so the offset moves −150.
        #expect(deletion.contentOffset.y == 270)
        #expect(deletion.appearing[.cell(3, 0)]??.frame == Self.frame(220))
        #expect(deletion.disappearing[.header(2)]??.alpha == 0)
        #expect(deletion.disappearing[.header(2)]??.frame == Rect(x: 0, y: 270, width: 320, height: 40))
        #expect(try host.state.numberOfItems(inSection: 1) == 2)
    }

    @Test("refused updates name the update item and change nothing")
    func refusedUpdates() throws {
        let view = try Self.example()
        let host = view.layout
        let before = host.state
        #expect(
            throws: FlowLayoutError.invalidBatch(
                path: "updateItems[1].indexPathAfterUpdate.item",
                problem: .itemPastEnd(FlowIndexPath(item: 12, section: 0), itemCountAfter: 12))
        ) {
            try host.prepare(
                forCollectionViewUpdates: [
                    .insertItem(at: FlowIndexPath(item: 0, section: 0)), .insertItem(at: FlowIndexPath(item: 12, section: 0)),
                ],
                sections: Self.items(12))
        }
        #expect(
            throws: FlowLayoutError.invalidBatch(
                path: "updateItems[2].indexPathBeforeUpdate", problem: .namedTwice(otherPath: "updateItems[0].indexPathBeforeUpdate"))
        ) {
            try host.prepare(
                forCollectionViewUpdates: [
                    .deleteItem(at: FlowIndexPath(item: 2, section: 0)), .insertSection(1),
                    .moveItem(at: FlowIndexPath(item: 2, section: 0), to: FlowIndexPath(item: 0, section: 0)),
                ], sections: Self.items(3))
        }
        #expect(throws: FlowLayoutError.invalidCount(path: "updateItems[0].sectionContent.itemCount", count: -1)) {
            try host.prepare(forCollectionViewUpdates: [.insertSection(0)], sections: Self.items(-1))
        }
        #expect(
            throws: FlowLayoutError.sectionOutOfRange(path: "updateItems[0].indexPathBeforeUpdate.section", section: 4, sectionCount: 1)
        ) {
            try host.prepare(forCollectionViewUpdates: [.deleteSection(4)], sections: Self.items(0))
        }
        #expect(throws: FlowLayoutError.invalidValue(path: "updateItems[0].itemSize.height", value: -3)) {
            try host.prepare(forCollectionViewUpdates: [.insertItem(at: FlowIndexPath(item: 0, section: 0))], sections: Self.items(11)) {
                _ in
                Size(width: 3, height: -3)
            }
        }
        #expect(host.state.contentSize == before.contentSize)
        #expect(host.state.totalItemCount == before.totalItemCount)
        #expect(host.counters.batchUpdates == 0)
        #expect(host.initialLayoutAttributesForAppearingItem(at: FlowIndexPath(item: 0, section: 0)) == nil)
    }

    @Test("redundant update items UIKit tolerates are dropped, not refused (10.6)")
    func redundantUpdateItems() throws {
        let itemSize = Size(width: 320, height: 50)
        let bounds = Rect(x: 0, y: 0, width: 320, height: 100)
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(itemSize: itemSize), sections: Array(repeating: FlowSection(itemCount: 4), count: 3),
            bounds: bounds)
        // An item delete inside a deleted section and an item insert inside an
        // inserted one, each its own update item (as UIKit reports them).
        try host.prepare(
            forCollectionViewUpdates: [
                .deleteSection(0), .deleteItem(at: FlowIndexPath(item: 1, section: 0)), .insertSection(1),
                .insertItem(at: FlowIndexPath(item: 0, section: 1)),
            ],
            sections: { $0 == 1 ? FlowSection(itemCount: 2) : FlowSection(itemCount: 4) })
        host.finalizeCollectionViewUpdates()
        #expect(try (0..<3).map { try host.state.numberOfItems(inSection: $0) } == [4, 2, 4])
        #expect(host.counters.batchUpdates == 1)

        // An exact duplicate of a move out of a section not supplied yet (the
        // host rewrites such a move as a deletion and an insertion).
        let lazy = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(itemSize: itemSize), sections: Array(repeating: FlowSection(itemCount: 20), count: 3),
            bounds: bounds)
        var counts = [20, 20, 20]
        lazy.provideSectionContent { FlowSection(itemCount: counts[$0]) }
        _ = try lazy.layoutAttributesForElements(in: bounds)
        #expect(!lazy.isSectionSupplied(2))
        counts = [21, 20, 19]
        let move = UpdateItem.moveItem(at: FlowIndexPath(item: 3, section: 2), to: FlowIndexPath(item: 0, section: 0))
        try lazy.prepare(forCollectionViewUpdates: [move, move], sections: { _ in FlowSection(itemCount: 0) })
        lazy.finalizeCollectionViewUpdates()
        #expect(try (0..<3).map { try lazy.state.numberOfItems(inSection: $0) } == [21, 20, 19])
        #expect(lazy.counters.batchUpdates == 1)
    }

    @Test("update items have only UIKit's shapes")
    func updateItemShapes() {
        let item = UpdateIndexPath(FlowIndexPath(item: 1, section: 0))
        #expect(UpdateItem(updateAction: .insert, indexPathBeforeUpdate: item, indexPathAfterUpdate: nil) == nil)
        #expect(UpdateItem(updateAction: .delete, indexPathBeforeUpdate: nil, indexPathAfterUpdate: item) == nil)
        #expect(UpdateItem(updateAction: .move, indexPathBeforeUpdate: item, indexPathAfterUpdate: .section(1)) == nil)
        #expect(UpdateItem(updateAction: .reload, indexPathBeforeUpdate: item, indexPathAfterUpdate: nil) == nil)
        #expect(
            UpdateItem(updateAction: .move, indexPathBeforeUpdate: .section(0), indexPathAfterUpdate: .section(2))
                == .moveSection(0, toSection: 2))
        #expect(
            UpdateItem(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: item)
                == .insertItem(at: FlowIndexPath(item: 1, section: 0)))
        #expect(UpdateItem.reloadSection(3).indexPathAfterUpdate == .section(3))
        #expect(UpdateIndexPath.section(3).indexPath == nil)
    }

    @Test("after an update, the target offset holds until the view scrolls elsewhere")
    func targetOffsetLifetime() throws {
        let view = try Self.example()
        let host = view.layout
        #expect(host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 7)) == Point(x: 0, y: 7))
        _ = try view.performBatchUpdates([.deleteItem(at: FlowIndexPath(item: 0, section: 0))], sections: Self.items(9))
        #expect(host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 7)) == Point(x: 0, y: 60))
        try view.scroll(toY: 200)
        #expect(host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 7)) == Point(x: 0, y: 7))
    }
}

/// Every element UIKit animates starts and ends where 10.5 says, over seeded
/// random batches of item deletions and insertions; the expected frames come
/// from the layout as it was before the update and an index mapping worked
/// out here from 10.1's rule.
@Suite("Appearing and disappearing attributes over random batches")
struct RandomBatchAnimationTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("initial and final attributes of every element in view, 40 batches", arguments: [1 as UInt64, 2, 3])
    func randomBatches(seed: UInt64) throws {
        var random = Generator(state: seed)
        var count = 300
        let sizes: [Size] = (0..<count).map { (index: Int) -> Size in
            let width: Int = 100 + index % 3 * 60
            let height: Int = 30 + index * 7 % 5 * 20
            return Size(width: Double(width), height: Double(height))
        }
        let host = try FlowLayoutHost(
            sections: [FlowSection(itemSizes: sizes)], bounds: Rect(x: 0, y: 0, width: 400, height: 600))
        let view = SimulatedCollectionView(layout: host)
        for step in 0..<40 {
            try view.scroll(toY: Double(random.next(4_000)))
            var old = host.state
            let oldBounds = view.bounds
            // Deletions before, insertions after (10.1).
            let deleted = Set((0..<random.next(6)).map { _ in random.next(count) })
            let countAfter = count - deleted.count + random.next(6)
            var survivors = (0..<count).filter { !deleted.contains($0) }
            var inserted = Set<Int>()
            while survivors.count + inserted.count < countAfter { inserted.insert(random.next(countAfter)) }
            var newToOld: [Int?] = []
            for index in 0..<countAfter {
                newToOld.append(inserted.contains(index) ? nil : survivors.removeFirst())
            }
            let items =
                deleted.sorted().map { UpdateItem.deleteItem(at: FlowIndexPath(item: $0, section: 0)) }
                + inserted.sorted().map { UpdateItem.insertItem(at: FlowIndexPath(item: $0, section: 0)) }
            let animation = try view.performBatchUpdates(items, sections: { _ in FlowSection(itemCount: countAfter) }) { _ in
                Size(width: 130, height: 45)
            }
            let adjustment = animation.contentOffset.y - oldBounds.minY
            let mapping = Mapping(newToOld: newToOld, deleted: deleted, adjustment: adjustment)
            try check(animation, old: &old, host: host, mapping: mapping, label: "seed \(seed), step \(step)")
            #expect(!animation.appearing.isEmpty)
            count = countAfter
        }
    }

    /// Where each element in view moves: its item before the update (`nil`
    /// when inserted), the items deleted, and the update's adjustment.
    struct Mapping {
        var newToOld: [Int?]
        var deleted: Set<Int>
        var adjustment: Double

        func moved(_ frame: Rect) -> Rect {
            Rect(x: frame.minX, y: frame.minY + adjustment, width: frame.width, height: frame.height)
        }
    }

    /// Checks every start and end of `animation` against the frames of `old`
    /// (before) and `host` (after).
    func check(
        _ animation: BatchAnimation, old: inout FlowLayoutState, host: FlowLayoutHost, mapping: Mapping, label: String
    ) throws {
        func expected(_ indexPath: FlowIndexPath, _ frame: Rect, alpha: Double) -> TransitionAttributes {
            TransitionAttributes(attributes: LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame), alpha: alpha)
        }
        for (element, start) in animation.appearing {
            let item = element.indexPath.item
            if let source = mapping.newToOld[item] {
                let frame = try old.layoutAttributesForItem(at: FlowIndexPath(item: source, section: 0)).frame
                #expect(start == expected(element.indexPath, mapping.moved(frame), alpha: 1), "\(label), item \(item)")
            } else {
                let frame = try host.layoutAttributesForItem(at: element.indexPath).frame
                #expect(start == expected(element.indexPath, frame, alpha: 0), "\(label), item \(item)")
            }
        }
        for (element, end) in animation.disappearing {
            let item = element.indexPath.item
            if let new = mapping.newToOld.firstIndex(of: item) {
                let frame = try host.layoutAttributesForItem(at: FlowIndexPath(item: new, section: 0)).frame
                #expect(end == expected(element.indexPath, frame, alpha: 1), "\(label), item \(item)")
            } else {
                let frame = mapping.moved(try old.layoutAttributesForItem(at: element.indexPath).frame)
                #expect(mapping.deleted.contains(item))
                #expect(end == expected(element.indexPath, frame, alpha: 0), "\(label), item \(item)")
            }
        }
    }
}

/// Seeded random batches of every kind with the redundant forms UIKit
/// tolerates (10.6: an item delete inside a deleted section, an item insert
/// inside an inserted one, an exact duplicate of a move), as update items,
/// through a host that asks for section content lazily: none is refused, the
/// frames in view equal the reference layout of the content after, and the
/// first visible cell, when it survives unmoved, stays where it was on screen.
@Suite("Random batches with redundant forms through the host")
struct RedundantFormsBatchTests {
    /// The content the host asks for, read from the model as it is now (after
    /// the update, as UIKit's data source answers).
    final class Content {
        var model: ReferenceModel
        init(_ model: ReferenceModel) { self.model = model }

        func section(_ index: Int) -> FlowSection {
            let section = model.sections[index]
            var content = section.section
            content.itemSizes = section.sizes.map { $0 ?? model.configuration.itemSize }
            return content
        }

        func itemSize(_ path: FlowIndexPath) -> Size? { model.sections[path.section].sizes[path.item] }
    }

    @Test(
        "seeded batches with redundant forms: never refused, frames in view equal the reference, the anchor stays",
        arguments: 1...UInt64(8 * LongRuns.factor))
    func randomBatches(seed: UInt64) throws {
        var random = SeededRandom(seed: 4_200 + seed)
        let viewport = Size(width: 360, height: 640)
        let counts = (0..<random.int(3...6)).map { _ in random.int(0...200) }
        let content = Content(
            ReferenceModel(
                configuration: FlowLayoutConfiguration(), sections: counts.map { FlowSection(itemCount: $0) }, viewportSize: viewport))
        let host = try FlowLayoutHost(
            sections: content.model.sections.map(\.section), bounds: Rect(origin: .zero, size: viewport), screenScale: 0)
        host.provideSectionContent(content.section)
        let view = SimulatedCollectionView(layout: host)
        try view.layoutPass()
        var anchorsChecked = 0
        for step in 0..<12 {
            // Mostly near the top: later sections stay unsupplied, so moves
            // out of them (and their duplicates) are rewritten by the host.
            try view.scroll(toY: view.maximumOffset * random.unit() * random.unit())
            let batch = RandomBatch.valid(
                over: content.model, operations: random.int(1...8), random: &random, dyadic: true, redundantForms: true)
            let before = content.model
            let anchor = try view.firstVisibleElement().flatMap { first in
                first.element.category == .cell
                    ? (id: before.itemIDs[first.element.indexPath.section][first.element.indexPath.item], screen: first.screen) : nil
            }
            content.model.apply(batch)
            let items = Self.updateItems(batch, before: before, after: content.model)
            let animation = try view.performBatchUpdates(items, sections: content.section, itemSizes: content.itemSize)
            // The anchor stays on screen when it survives unmoved and the offset is not clamped (10.4).
            let moved = Set(batch.movedItems.map { before.itemIDs[$0.from.section][$0.from.item] })
            let movedSections = Set(batch.movedSections.map(\.from) + batch.reloadedSections.map(\.index))
            let clamped = animation.contentOffset.y <= 0 || animation.contentOffset.y >= view.maximumOffset
            if let anchor, !moved.contains(anchor.id), !clamped,
                let section = content.model.itemIDs.firstIndex(where: { $0.contains(anchor.id) }),
                !movedSections.contains(before.sectionIDs.firstIndex(of: content.model.sectionIDs[section]) ?? -1),
                let item = content.model.itemIDs[section].firstIndex(of: anchor.id)
            {
                // Within rounding: screen positions are differences with a random offset.
                let screen = try view.screenPosition(of: .cell(item, section)) ?? .infinity
                #expect(abs(screen - anchor.screen) < 1e-9, "seed \(seed), step \(step): anchor \(anchor.id)")
                anchorsChecked += 1
            }
            let reference = content.model.layout().elements(in: view.bounds)
            let frames = Dictionary(
                uniqueKeysWithValues: try host.layoutAttributesForElements(in: view.bounds).map { ($0.identifier, $0.frame) })
            let expected = Dictionary(uniqueKeysWithValues: reference.map { ($0.identifier, $0.frame) })
            #expect(frames == expected, "seed \(seed), step \(step)")
        }
        // That the anchor is checked at all: every default seed checks one.
        // Long runs add seeds whose steps may leave nothing to check (in seed
        // 424 no step leaves an anchor unmoved with the offset unclamped, and
        // its content ends shorter than the viewport), so the guard is the
        // default seeds'.
        if seed <= 8 { #expect(anchorsChecked > 0) }
    }

    /// `batch` as UIKit's update items, each redundant form its own item: a
    /// reload's path after is found by identity.
    static func updateItems(_ batch: BatchUpdate, before: ReferenceModel, after: ReferenceModel) -> [UpdateItem] {
        var items: [UpdateItem] = batch.deletedSections.map { .deleteSection($0) }
        items += batch.insertedSections.map { .insertSection($0.index) }
        for reload in batch.reloadedSections {
            let index = after.sectionIDs.firstIndex(of: before.sectionIDs[reload.index]) ?? reload.index
            items.append(.reloadSection(reload.index, to: index))
        }
        items += batch.movedSections.map { .moveSection($0.from, toSection: $0.to) }
        items += batch.deletedItems.map { .deleteItem(at: $0) }
        items += batch.insertedItems.map { .insertItem(at: $0.indexPath) }
        for reload in batch.reloadedItems {
            let id = before.itemIDs[reload.indexPath.section][reload.indexPath.item]
            var newPath = reload.indexPath
            for (s, ids) in after.itemIDs.enumerated() {
                if let i = ids.firstIndex(of: id) { newPath = FlowIndexPath(item: i, section: s) }
            }
            items.append(.reloadItem(at: reload.indexPath, to: newPath))
        }
        items += batch.movedItems.map { .moveItem(at: $0.from, to: $0.to) }
        return items
    }
}
