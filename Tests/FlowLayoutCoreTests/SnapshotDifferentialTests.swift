import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Random snapshot sequences (`flow-layout.md` 11): inserts, deletes, moves
/// within and across sections, section inserts, deletes and moves, reloads,
/// given sizes, size reports, items that come back, and duplicates (refused,
/// nothing changed). After every snapshot the engine's frames equal the eager
/// reference of the content built naively (each item's size by 11.2, read off
/// plain dictionaries); the batch the engine reports, applied to the reference
/// model, gives the snapshot's order; it has no more moves than the naive
/// minimum; and its anchor is the first element in view that survives it in
/// place, kept still by the adjustment.
@Suite struct SnapshotDifferentialTests {
    static let sequences = 40 * LongRuns.factor
    static let steps = 25

    @Test func randomSnapshotSequences() throws {
        let failures = try Seeds.failures(Self.sequences, from: 1_700_000) { seed in
            var sequence = try SnapshotSequence(seed: seed)
            return try sequence.run(steps: Self.steps)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }
}

/// One random sequence of snapshots on an engine and a naive model.
struct SnapshotSequence {
    var state: FlowLayoutState
    var random: SeededRandom
    let configuration: FlowLayoutConfiguration
    let viewportSize: Size
    /// The content: sections' identifiers and items.
    var content: [(id: FlowIdentifier, items: [FlowIdentifier])] = []
    /// Every item's own size, and those of items that left, by identity (11.2).
    var sizes = SnapshotSizeModel()
    var own: [FlowIdentifier: Size] {
        get { sizes.own }
        set { sizes.own = newValue }
    }
    var gone: [FlowIdentifier] {
        get { sizes.gone }
        set { sizes.gone = newValue }
    }
    var nextID: UInt64 = 1
    var issues: [String] = []
    var step = 0

    init(seed: UInt64) throws {
        var random = SeededRandom(seed: seed ^ 0x5A_B5_07)
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = random.chance(0.3) ? .horizontal : .vertical
        configuration.itemSize = Size(width: Double(random.int(20...120)), height: Double(random.int(20...60)))
        if random.chance(0.5) { configuration.estimatedItemSize = Size(width: 80, height: 40) }
        configuration.minimumLineSpacing = Double(random.int(0...12))
        configuration.minimumInteritemSpacing = Double(random.int(0...12))
        if random.chance(0.4) { configuration.headerReferenceSize = Size(width: 30, height: 30) }
        self.configuration = configuration
        viewportSize = Size(width: Double(random.int(200...400)), height: Double(random.int(150...400)))
        var next: UInt64 = 1
        var content: [(id: FlowIdentifier, items: [FlowIdentifier])] = []
        for _ in 0..<random.int(0...4) {
            next += 1
            let id = FlowIdentifier(next)
            var items: [FlowIdentifier] = []
            for _ in 0..<random.int(0...30) {
                next += 1
                items.append(FlowIdentifier(next))
            }
            content.append((id, items))
        }
        self.random = random
        self.content = content
        nextID = next
        state = try FlowLayoutState(configuration: configuration, snapshot: Self.snapshot(content), viewportSize: viewportSize)
        try state.setVisibleRect(Rect(x: 0, y: 0, width: viewportSize.width, height: viewportSize.height))
    }

    mutating func makeID() -> FlowIdentifier {
        nextID += 1
        return FlowIdentifier(nextID)
    }

    static func snapshot(_ content: [(id: FlowIdentifier, items: [FlowIdentifier])]) -> FlowSnapshot {
        FlowSnapshot(sections: content.map { FlowSnapshot.Section(id: $0.id, items: $0.items) })
    }

    mutating func size() -> Size {
        Size(width: Double(random.int(4...160)) / 4 * 2, height: Double(random.int(4...100)) / 2)
    }

    /// The reference model of the content as it is.
    var model: ReferenceModel {
        var model = ReferenceModel(
            configuration: configuration,
            sections: content.map { FlowSection(itemCount: $0.items.count) }, viewportSize: viewportSize)
        for (s, section) in content.enumerated() {
            model.sections[s].sizes = section.items.map { own[$0] }
        }
        model.visibleRect = state.visibleRect
        return model
    }

    mutating func run(steps: Int) throws -> [String] {
        for index in 0..<steps {
            step = index
            if random.chance(0.2) { try reports() } else { try snapshot() }
            if !issues.isEmpty { return issues }
            var random = self.random
            issues += try PresentationComparison.differences(
                &state, reference: model.presentation(), tolerance: 0, exact: true, queries: 1, everything: true,
                offsets: false, random: &random
            ).map { "step \(step): \($0)" }
            self.random = random
            let identifiers = state.snapshot()?.sections.map { $0.items } ?? []
            if identifiers != content.map(\.items) { issues.append("step \(step): identifiers differ from the content") }
            if !issues.isEmpty { return issues }
        }
        return issues
    }

    mutating func reports() throws {
        let paths = content.enumerated().flatMap { s, section in section.items.indices.map { FlowIndexPath(item: $0, section: s) } }
        guard !paths.isEmpty else { return }
        let path = paths[random.int(0..<paths.count)]
        let size = size()
        _ = try state.reportSize(size, forItemAt: path)
        own[content[path.section].items[path.item]] = size
    }

    mutating func snapshot() throws {
        var next = content
        var given: [FlowIdentifier: Size] = [:]
        var reloads: [FlowIdentifier] = []
        for _ in 0..<random.int(1...5) {
            let allItems = next.flatMap(\.items)
            switch random.int(0...9) {
            case 0...1 where !next.isEmpty:
                let s = random.int(0..<next.count)
                let id: FlowIdentifier
                if !gone.isEmpty && random.chance(0.4) {
                    id = gone.remove(at: random.int(0..<gone.count))
                } else {
                    id = makeID()
                }
                next[s].items.insert(id, at: random.int(0...next[s].items.count))
                if random.chance(0.3) { given[id] = size() }
            case 2 where !allItems.isEmpty:
                let s = random.pick(next.indices.filter { !next[$0].items.isEmpty })
                let item = next[s].items.remove(at: random.int(0..<next[s].items.count))
                given[item] = nil
                reloads.removeAll { $0 == item }
            case 3...4 where !allItems.isEmpty:
                let s = random.pick(next.indices.filter { !next[$0].items.isEmpty })
                let item = next[s].items.remove(at: random.int(0..<next[s].items.count))
                let t = random.int(0..<next.count)
                next[t].items.insert(item, at: random.int(0...next[t].items.count))
            case 5:
                let id = makeID()
                next.insert((id, (0..<random.int(0...12)).map { _ in makeID() }), at: random.int(0...next.count))
            case 6 where !next.isEmpty:
                let removed = next.remove(at: random.int(0..<next.count))
                for item in removed.items {
                    given[item] = nil
                    reloads.removeAll { $0 == item }
                }
            case 7 where next.count > 1:
                let section = next.remove(at: random.int(0..<next.count))
                next.insert(section, at: random.int(0...next.count))
            case 8 where !allItems.isEmpty:
                let item = random.pick(allItems)
                if random.chance(0.5) { reloads.append(item) }
                if random.chance(0.5) { given[item] = size() }
            case 9 where !allItems.isEmpty && random.chance(0.3):
                // A duplicate: refused below.
                let item = random.pick(allItems)
                let s = random.int(0..<next.count)
                next[s].items.insert(item, at: random.int(0...next[s].items.count))
            default:
                break
            }
        }
        reloads = Array(Set(reloads)).sorted()
        var snapshot = Self.snapshot(next)
        if !snapshot.sections.isEmpty {
            snapshot.sections[0].sizes = given
            snapshot.sections[snapshot.sections.count - 1].reloaded = reloads
        }
        let allNext = next.flatMap(\.items)
        let isDuplicate = Set(allNext).count != allNext.count
        let before = model.presentation()
        let beforeState = state
        let beforeModel = model
        let outcome = Result { () throws(FlowLayoutError) -> SnapshotUpdateResult in try state.apply(snapshot) }
        switch outcome {
        case .success(let applied):
            if isDuplicate {
                issues.append("step \(step): a snapshot with a duplicate was applied")
                return
            }
            check(applied, before: before, beforeModel: beforeModel, next: next)
        case .failure(let error):
            var refusedDuplicate = false
            if case .invalidSnapshot(_, .duplicateItem) = error { refusedDuplicate = true }
            if !isDuplicate || !refusedDuplicate {
                issues.append("step \(step): refused \(error)")
                return
            }
            if state.snapshot() != beforeState.snapshot() || state.contentSize != beforeState.contentSize {
                issues.append("step \(step): a refused snapshot changed the state")
            }
            return
        }
        // The naive content: each item's size by 11.2.
        sizes.apply(
            old: Set(content.flatMap(\.items)), next: allNext, given: given, reloads: Set(reloads),
            isSelfSizing: configuration.isSelfSizing)
        content = next
    }

    /// The batch reproduces the order, has the fewest moves, and anchors the
    /// first element in view surviving in place.
    mutating func check(
        _ applied: SnapshotUpdateResult, before: ReferencePresentation, beforeModel: ReferenceModel,
        next: [(id: FlowIdentifier, items: [FlowIdentifier])]
    ) {
        let batch = applied.batch
        // The batch, applied to the reference model, puts every item that is not
        // inserted where the snapshot has it.
        var replay = beforeModel
        var identity: [Int: FlowIdentifier] = [:]
        for (s, ids) in replay.itemIDs.enumerated() {
            for (i, id) in ids.enumerated() { identity[id] = content[s].items[i] }
        }
        replay.apply(batch)
        if replay.itemIDs.map(\.count) != next.map(\.items.count) {
            issues.append("step \(step): the batch gives counts \(replay.itemIDs.map(\.count)), expected \(next.map(\.items.count))")
            return
        }
        for (s, ids) in replay.itemIDs.enumerated() {
            for (i, id) in ids.enumerated() {
                if let known = identity[id], known != next[s].items[i] {
                    issues.append("step \(step): the batch puts \(known) at \(s).\(i), the snapshot \(next[s].items[i])")
                    return
                }
            }
        }
        // The fewest moves: same-section survivors outside a longest increasing
        // subsequence, plus those changing section.
        var minimum = 0
        var oldPlace: [FlowIdentifier: (Int, Int)] = [:]
        for (s, section) in content.enumerated() { for (i, id) in section.items.enumerated() { oldPlace[id] = (s, i) } }
        let oldSection = Dictionary(uniqueKeysWithValues: content.enumerated().map { ($1.id, $0) })
        for section in next {
            guard let s = oldSection[section.id] else { continue }
            var keys: [Int] = []
            for id in section.items {
                guard let place = oldPlace[id] else { continue }
                if place.0 == s { keys.append(place.1) } else { minimum += 1 }
            }
            minimum += keys.count - Self.longestIncreasing(keys)
        }
        if batch.movedItems.count > minimum {
            issues.append("step \(step): \(batch.movedItems.count) moves, the fewest is \(minimum)")
        }
        // The anchor: the first element in view that survives in place.
        let goneSections = Set(batch.deletedSections + batch.movedSections.map(\.from) + batch.reloadedSections.map(\.index))
        let goneItems = Set(batch.deletedItems + batch.movedItems.map(\.from))
        var expected: ElementIdentifier?
        for element in before.elements(in: before.visibleRect) {
            let s = element.indexPath.section
            if goneSections.contains(s) { continue }
            let newSection = next.firstIndex { $0.id == content[s].id }!
            if element.category == .cell {
                if goneItems.contains(element.indexPath) { continue }
                let id = content[s].items[element.indexPath.item]
                let item = next[newSection].items.firstIndex(of: id)!
                expected = ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: item, section: newSection))
            } else {
                expected = ElementIdentifier(category: element.category, indexPath: FlowIndexPath(item: 0, section: newSection))
            }
            break
        }
        let update = applied.result.update
        if update.anchor != expected {
            issues.append("step \(step): anchor \(String(describing: update.anchor)), expected \(String(describing: expected))")
            return
        }
        if let anchor = update.anchor, let old = update.previousAnchorFrame {
            let vertical = configuration.scrollDirection == .vertical
            let adjustment = vertical ? update.contentOffsetAdjustment.y : update.contentOffsetAdjustment.x
            if let frame = try? state.layoutAttributes(of: anchor) {
                let moved = (vertical ? frame.minY : frame.minX) - (vertical ? old.minY : old.minX)
                if moved != adjustment {
                    issues.append("step \(step): anchor \(anchor) moved \(moved), adjustment \(adjustment)")
                }
            }
        }
    }

    static func longestIncreasing(_ keys: [Int]) -> Int {
        var best = [Int](repeating: 1, count: keys.count)
        for i in keys.indices {
            for j in 0..<i where keys[j] < keys[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}

extension FlowLayoutState {
    /// The frame of an element, by its identifier.
    mutating func layoutAttributes(of element: ElementIdentifier) throws -> Rect {
        switch element.category {
        case .cell: try layoutAttributesForItem(at: element.indexPath).frame
        case .header: try layoutAttributesForSupplementaryElement(ofKind: .header, at: element.indexPath)?.frame ?? .zero
        case .footer: try layoutAttributesForSupplementaryElement(ofKind: .footer, at: element.indexPath)?.frame ?? .zero
        }
    }
}
