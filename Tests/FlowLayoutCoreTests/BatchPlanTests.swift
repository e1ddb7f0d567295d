import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The batch plan's own storage and its insertion path: the section table
/// against a dictionary, and lists of insertions (with and without sizes,
/// switching sections, in and out of order) against the reference model.
@Suite("Batch plan: section table and insertion lists")
struct BatchPlanTests {
    @Test("the section table answers as a dictionary does, in increasing section order")
    func sectionTableAgainstDictionary() {
        var random = SeededRandom(seed: 41)
        for _ in 0..<200 {
            var table = SectionTable<[Int]>()
            var model: [Int: [Int]] = [:]
            for step in 0..<random.int(0...30) {
                let section = random.int(0..<12)
                let slot = table.slot(of: section, adding: [])
                table[slot: slot].append(step)
                model[section, default: []].append(step)
                // Slots are valid until another section is added.
                #expect(table.slot(of: section) == slot)
            }
            #expect(table.count == model.count && table.isEmpty == model.isEmpty)
            #expect(Array(table.keys) == model.keys.sorted())
            #expect(table.map(\.key) == model.keys.sorted())
            #expect(table.map(\.value) == model.keys.sorted().map { model[$0]! })
            for section in -1...12 {
                #expect(table[section] == model[section])
                #expect((table.slot(of: section) != nil) == (model[section] != nil))
            }
            let counted = table.mapValues { section, value in section * 100 + value.count }
            #expect(Array(counted.keys) == Array(table.keys))
            #expect(counted.map(\.value) == table.map { $0.key * 100 + $0.value.count })
        }
    }

    @Test("lists of insertions, sized or not, across sections and out of order, lay out as the reference's")
    func insertionListsAgainstReference() throws {
        var random = SeededRandom(seed: 42)
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 120, height: 60)
        configuration.minimumLineSpacing = 5
        configuration.minimumInteritemSpacing = 5
        let viewport = Size(width: 320, height: 400)
        for round in 0..<60 {
            let counts = (0..<3).map { _ in random.int(0...12) }
            let sections = counts.map { FlowSection(itemCount: $0) }
            var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
            var model = ReferenceModel(configuration: configuration, sections: sections, viewportSize: viewport)
            // Some items measured first, so that insertions land among explicit sizes.
            var reports: [SizeReport] = []
            for (section, count) in counts.enumerated() {
                for item in 0..<count where random.chance(0.5) {
                    reports.append(
                        SizeReport(
                            indexPath: FlowIndexPath(item: item, section: section),
                            size: Size(width: random.double(40...300).rounded(), height: random.double(20...90).rounded())))
                }
            }
            _ = try state.reportSizes(reports)
            model.apply(reports)
            // Insertions named by their index after the batch, a few per section,
            // listed in order or shuffled (so the list switches sections back and forth).
            var batch = BatchUpdate()
            if random.chance(0.3), counts[1] > 0 {
                batch.deleteItems(at: [FlowIndexPath(item: random.int(0..<counts[1]), section: 1)])
            }
            var insertions: [BatchUpdate.ItemInsertion] = []
            for (section, count) in counts.enumerated() {
                let added = random.int(0...5)
                let kept = count - batch.deletedItems.filter { $0.section == section }.count
                var positions = Array(0..<(kept + added))
                random.shuffle(&positions)
                for item in positions.prefix(added).sorted() {
                    let size =
                        random.chance(0.4)
                        ? Size(width: random.double(40...300).rounded(), height: random.double(20...90).rounded()) : nil
                    insertions.append(BatchUpdate.ItemInsertion(indexPath: FlowIndexPath(item: item, section: section), size: size))
                }
            }
            if round % 2 == 1 { random.shuffle(&insertions) }
            batch.insertedItems = insertions
            try state.setVisibleRect(Rect(x: 0, y: random.double(0...200).rounded(), width: viewport.width, height: viewport.height))
            _ = try state.performBatchUpdates(batch)
            model.apply(batch)
            // The reference with the engine's estimate (refined from the measured sizes).
            let expected = model.layout(estimatedItemSize: state.currentEstimatedItemSize)
            let tolerance = LayoutComparison.tolerance(contentSize: expected.contentSize)
            let size = state.exactContentSize()
            #expect(abs(size.height - expected.contentSize.height) <= tolerance, "round \(round)")
            let differences = LayoutComparison.differences(
                engine: try state.layoutAttributesForElements(in: .infinite), reference: expected.elements(in: .infinite),
                tolerance: tolerance)
            #expect(differences.isEmpty, "round \(round): \(differences.prefix(3))")
        }
    }

    /// The plans' contents compared (sections' content compared by index only:
    /// the one-section path brings none).
    static func expectSame(_ fast: BatchPlan, _ full: BatchPlan, _ comment: Comment) {
        #expect(fast.sections == full.sections, comment)
        #expect(fast.sectionMovedTo == full.sectionMovedTo && fast.sectionMovedFrom == full.sectionMovedFrom, comment)
        #expect(fast.deletedSections == full.deletedSections, comment)
        #expect(fast.reloadedSections.keys.sorted() == full.reloadedSections.keys.sorted(), comment)
        #expect(fast.insertedSections.keys.sorted() == full.insertedSections.keys.sorted(), comment)
        #expect(Array(fast.items.keys) == Array(full.items.keys), comment)
        #expect(fast.items.map(\.value) == full.items.map(\.value), comment)
        for (section, items) in fast.items { #expect(items.deleted == full.items[section]?.deleted, comment) }
    }

    /// A batch near the one-section path's shape: item deletions, reloads and
    /// insertions in one section, mostly in order and valid; sometimes out of
    /// order, named twice, out of range, negative, with a bad size, in a
    /// second section, or with a move or a section operation.
    static func nearlyOneSectionBatch(counts: [Int], random: inout SeededRandom) -> BatchUpdate {
        func size() -> Size? {
            if random.chance(0.5) { return nil }
            if random.chance(0.05) { return Size(width: random.chance(0.5) ? -1 : .nan, height: 20) }
            return Size(width: random.double(10...200).rounded(), height: random.double(10...90).rounded())
        }
        func sometimesOtherSection(_ section: Int) -> Int {
            random.chance(0.04) ? random.int(-1...counts.count) : section
        }
        func list(_ length: Int, below bound: Int) -> [Int] {
            guard bound > 0 else { return random.chance(0.1) ? [random.int(-1...1)] : [] }
            var items = (0..<length).map { _ in random.int(0..<bound) }
            items = random.chance(0.8) ? Array(Set(items)).sorted() : items
            if random.chance(0.04) { items.append(random.chance(0.5) ? -1 : bound + random.int(0...2)) }
            return items
        }
        let section = random.int(0..<counts.count)
        let count = counts[section]
        var batch = BatchUpdate()
        let deletions = random.chance(0.6) ? list(random.int(1...4), below: count) : []
        batch.deleteItems(at: deletions.map { FlowIndexPath(item: $0, section: sometimesOtherSection(section)) })
        if random.chance(0.3) {
            let reloads = list(random.int(1...3), below: count)
            for item in reloads {
                batch.reloadedItems.append(
                    BatchUpdate.ItemInsertion(indexPath: FlowIndexPath(item: item, section: sometimesOtherSection(section)), size: size()))
            }
        }
        if random.chance(0.6) || batch.deletedItems.isEmpty {
            let countAfter = count - deletions.count + 3
            for item in list(random.int(1...3), below: Swift.max(0, countAfter)) {
                batch.insertedItems.append(
                    BatchUpdate.ItemInsertion(indexPath: FlowIndexPath(item: item, section: sometimesOtherSection(section)), size: size()))
            }
        }
        if random.chance(0.04), count > 1 {
            batch.moveItem(at: FlowIndexPath(item: 0, section: section), to: FlowIndexPath(item: count - 1, section: section))
        }
        if random.chance(0.03) { batch.deleteSections([random.int(0..<counts.count)]) }
        if random.chance(0.03) { batch.insertSection(FlowSection(itemCount: 2), at: 0) }
        return batch
    }

    @Test("the one-section path gives the full planner's plan, and defers every other batch to it")
    func oneSectionPlanEqualsFullPlan() throws {
        var random = SeededRandom(seed: 43)
        let state = try BadInputTests.populatedState()
        let counts = try (0..<state.sections.count).map { try state.numberOfItems(inSection: $0) }
        var taken = 0
        var deferredValid = 0
        var refused = 0
        for round in 0..<3000 {
            let batch = Self.nearlyOneSectionBatch(counts: counts, random: &random)
            let full = Result { () throws(FlowLayoutError) in try BatchPlan.full(batch, in: state.sections) }
            let planned = Result { () throws(FlowLayoutError) in try BatchPlan(batch, in: state.sections) }
            if let fast = BatchPlan.oneSection(batch, in: state.sections) {
                taken += 1
                let full = try #require(try? full.get(), "round \(round): \(batch)")
                Self.expectSame(fast, full, "round \(round): \(batch)")
            } else {
                switch full {
                case .success(let full):
                    deferredValid += 1
                    Self.expectSame(try planned.get(), full, "round \(round): \(batch)")
                case .failure(let error):
                    refused += 1
                    // The same typed error, with the same field path, through plan(_:).
                    #expect(throws: error) { try planned.get() }
                }
            }
        }
        // Each kind of batch comes up often enough to mean something.
        #expect(taken > 1000 && deferredValid > 100 && refused > 300, "\(taken) \(deferredValid) \(refused)")
    }

    @Test("a batch the one-section path refuses to take keeps the full planner's error")
    func oneSectionShapeErrors() throws {
        let state = try BadInputTests.populatedState()
        func error(_ batch: BatchUpdate) -> FlowLayoutError? {
            #expect(BatchPlan.oneSection(batch, in: state.sections) == nil)
            do {
                _ = try BatchPlan(batch, in: state.sections)
                return nil
            } catch {
                return error
            }
        }
        // Named twice: the second naming, pointing at the first.
        var twice = BatchUpdate()
        twice.deleteItems(at: [FlowIndexPath(item: 4, section: 0)])
        twice.reloadItems(at: [FlowIndexPath(item: 4, section: 0)])
        #expect(
            error(twice) == .invalidBatch(path: FieldPath(.reloadItems, 0), problem: .namedTwice(otherPath: FieldPath(.deleteItems, 0))))
        // Past the end after the batch (40 − 1 + 1 items).
        var past = BatchUpdate()
        past.deleteItems(at: [FlowIndexPath(item: 0, section: 0)])
        past.insertItems(at: [FlowIndexPath(item: 40, section: 0)])
        #expect(
            error(past)
                == .invalidBatch(
                    path: FieldPath(.insertItems, 0).appending("item"),
                    problem: .itemPastEnd(FlowIndexPath(item: 40, section: 0), itemCountAfter: 40)))
        // A bad size.
        var size = BatchUpdate()
        size.insertItem(at: FlowIndexPath(item: 0, section: 1), size: Size(width: 10, height: -2))
        #expect(error(size) == .invalidValue(path: FieldPath(.insertItems, 0).appending("size").appending("height"), value: -2))
    }

    @Test("an insertion list naming one position twice is refused, the state unchanged")
    func insertionNamedTwiceRefused() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)),
            sections: [FlowSection(itemCount: 3), FlowSection(itemCount: 2)], viewportSize: Size(width: 320, height: 500))
        let before = try state.layoutAttributesForElements(in: .infinite)
        var batch = BatchUpdate()
        batch.insertItems(at: [
            FlowIndexPath(item: 0, section: 0), FlowIndexPath(item: 1, section: 1), FlowIndexPath(item: 0, section: 0),
        ])
        #expect(throws: FlowLayoutError.self) { _ = try state.performBatchUpdates(batch) }
        #expect(try state.layoutAttributesForElements(in: .infinite) == before)
        #expect(try state.numberOfItems(inSection: 0) == 3)
    }

    /// Three 100 × 50 items a line in 320, no spacing between lines beyond 10:
    /// lines at 0 and 60; five items, the last line [3 4] in view at the
    /// bottom (rect 10...110), the last visible item anchored.
    static func bottomOfGrid() throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50))
        configuration.minimumInteritemSpacing = 10
        configuration.minimumLineSpacing = 10
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 320, height: 100),
            options: FlowLayoutOptions(crossAlignment: .center, scrollAnchor: .lastVisibleItem))
        try state.setVisibleRect(Rect(x: 0, y: 10, width: 320, height: 100))
        return state
    }

    /// Checks a batch's result against the state read afresh: the anchor's
    /// trailing edge still on screen, and the transitions' frames after are
    /// the elements now in view (plus survivors from before, not in view).
    static func expectConsistent(
        _ result: BatchUpdateResult, state: inout FlowLayoutState, rectBefore: Rect, anchorFrameBefore: Rect
    ) throws {
        let rect = try #require(state.visibleRect)
        #expect(rect.minY == rectBefore.minY + result.update.contentOffsetAdjustment.y)
        let anchor = try #require(result.update.anchor)
        let frame = try state.layoutAttributesForItem(at: anchor.indexPath).frame
        #expect(frame.maxY - rect.minY == anchorFrameBefore.maxY - rectBefore.minY)
        let inView = try state.layoutAttributesForElements(in: rect)
        for element in inView {
            let transition = result.transitions.first { $0.category == element.category && $0.indexPath == element.indexPath }
            #expect(transition?.after == element.frame, "\(element.indexPath)")
        }
    }

    @Test("an item joining the anchor's line below it: no adjustment when the line keeps its frames")
    func appendKeepingTheAnchorsLine() throws {
        var state = try Self.bottomOfGrid()
        let rectBefore = try #require(state.visibleRect)
        let anchorBefore = try state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 0)).frame
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 5, section: 0), size: Size(width: 100, height: 50))
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 4, section: 0)))
        #expect(result.update.contentOffsetAdjustment == .zero)
        #expect(result.transitions.contains { $0.indexPath == FlowIndexPath(item: 5, section: 0) && $0.before == nil })
        try Self.expectConsistent(result, state: &state, rectBefore: rectBefore, anchorFrameBefore: anchorBefore)
    }

    @Test("an item joining the anchor's line below it: a taller one re-centres the line, and what is in view is read where the rect moved")
    func appendMovingTheAnchorsLine() throws {
        var state = try Self.bottomOfGrid()
        let rectBefore = try #require(state.visibleRect)
        let anchorBefore = try state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 0)).frame
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 5, section: 0), size: Size(width: 100, height: 90))
        let result = try state.performBatchUpdates(batch)
        // The line is 90 thick: item 4, centred, now spans 80...130 (was 60...110).
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 4, section: 0)))
        #expect(result.update.contentOffsetAdjustment == Point(x: 0, y: 20))
        try Self.expectConsistent(result, state: &state, rectBefore: rectBefore, anchorFrameBefore: anchorBefore)
        // Items 0...2 (0...50) left the view (30...130): their transitions have no frame in view after... but exist.
        #expect(result.transitions.contains { $0.indexPath == FlowIndexPath(item: 0, section: 0) })
    }
}
