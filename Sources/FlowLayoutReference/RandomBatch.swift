import FlowLayoutCore

/// Seeded random batch updates over a model's current sections: valid ones of
/// every kind (section and item deletions, insertions, moves, reloads, with and
/// without sizes), and broken ones the engine must refuse (`flow-layout.md` 10.6).
package enum RandomBatch {
    /// A valid batch over `model`, with about `operations` operations; sizes are
    /// multiples of 1/4 when `dyadic`. With `sizedMoves`, some moved items
    /// come with a size (10.2; UIKit's moves carry none, so batches that go
    /// through its update items leave it off).
    package static func valid(
        over model: ReferenceModel, operations: Int, random: inout SeededRandom, dyadic: Bool,
        maximumItems: Int = 600, maximumSections: Int = 40, redundantForms: Bool = false, sizedMoves: Bool = false
    ) -> BatchUpdate {
        // Past the limits, batches only remove: long sequences stay small enough to check.
        let growing =
            model.sections.reduce(0) { $0 + $1.sizes.count } < maximumItems
            && model.sections.count < maximumSections
        func length(_ range: ClosedRange<Double>) -> Double {
            let value = random.double(range)
            return dyadic ? (value * 4).rounded(.down) / 4 : value
        }
        var batch = BatchUpdate()
        let sectionCount = model.sections.count
        func size() -> Size? {
            random.chance(0.4) ? nil : Size(width: length(0...(random.chance(0.1) ? 700 : 180)), height: length(0...120))
        }
        func newSection() -> FlowSection {
            let count = growing ? random.int(0...(random.chance(0.2) ? 60 : 8)) : 0
            var section =
                random.chance(0.4)
                ? FlowSection(itemSizes: (0..<count).map { _ in Size(width: length(0...180), height: length(0...100)) })
                : FlowSection(itemCount: count)
            if random.chance(0.3) { section.minimumInteritemSpacing = length(0...20) }
            if random.chance(0.2) { section.headerReferenceSize = Size(width: 0, height: length(0...40)) }
            return section
        }
        // Sections, named before the batch: deleted, reloaded, moved.
        var pool = Array(0..<sectionCount)
        random.shuffle(&pool)
        let sectionOperations = random.chance(0.35) ? random.int(1...Swift.max(1, operations / 4)) : 0
        var deleted: [Int] = []
        var reloaded: [Int] = []
        var movedFrom: [Int] = []
        for _ in 0..<sectionOperations where !pool.isEmpty {
            switch random.int(0...2) {
            case 0: deleted.append(pool.removeLast())
            case 1: reloaded.append(pool.removeLast())
            default: movedFrom.append(pool.removeLast())
            }
        }
        let inserts = growing && sectionOperations > 0 && random.chance(0.6) ? random.int(1...3) : 0
        let countAfter = sectionCount - deleted.count + inserts
        var afterPositions = Array(0..<countAfter)
        random.shuffle(&afterPositions)
        batch.deleteSections(deleted)
        for index in reloaded { batch.reloadSection(index, with: newSection()) }
        for index in movedFrom { batch.moveSection(index, toSection: afterPositions.removeLast()) }
        for _ in 0..<inserts { batch.insertSection(newSection(), at: afterPositions.removeLast()) }

        // Where each section after the batch comes from (nil: inserted).
        let leaving = Set(deleted).union(movedFrom)
        var origins: [Int?] = (0..<sectionCount).filter { !leaving.contains($0) }.map { $0 }
        var entering: [(Int, Int?)] = batch.insertedSections.map { ($0.index, nil) }
        entering += batch.movedSections.map { ($0.to, $0.from) }
        for (index, origin) in entering.sorted(by: { $0.0 < $1.0 }) { origins.insert(origin, at: index) }

        // Items named before the batch, in sections neither deleted nor reloaded.
        let itemSections = (0..<sectionCount).filter { !deleted.contains($0) && !reloaded.contains($0) }
        var taken = Set<FlowIndexPath>()
        var removedCount: [Int: Int] = [:]
        let itemOperations = random.int(0...operations)
        var movesFrom: [FlowIndexPath] = []
        for _ in 0..<itemOperations {
            guard let section = itemSections.randomElement(using: &random),
                model.sections[section].sizes.count > 0
            else { continue }
            let path = FlowIndexPath(item: random.int(0...(model.sections[section].sizes.count - 1)), section: section)
            guard taken.insert(path).inserted else { continue }
            switch random.int(0...2) {
            case 0:
                batch.deleteItems(at: [path])
                removedCount[section, default: 0] += 1
            case 1:
                batch.reloadItem(at: path, size: size())
            default:
                movesFrom.append(path)
                removedCount[section, default: 0] += 1
            }
        }
        // Items named after it, in sections that are neither inserted nor reloaded.
        let targets = origins.indices.filter { origins[$0] != nil && !reloaded.contains(origins[$0]!) }
        var arriving: [(to: Int, from: FlowIndexPath?, size: Size?)] = []
        for source in movesFrom {
            guard let target = targets.randomElement(using: &random) else { continue }
            arriving.append((target, source, nil))
        }
        let itemInserts = targets.isEmpty || !growing ? 0 : random.int(0...operations)
        for _ in 0..<itemInserts {
            arriving.append((targets.randomElement(using: &random)!, nil, size()))
        }
        var placedCount: [Int: Int] = [:]
        for arrival in arriving { placedCount[arrival.to, default: 0] += 1 }
        var freePositions: [Int: [Int]] = [:]
        for (target, placed) in placedCount.sorted(by: { $0.key < $1.key }) {
            let origin = origins[target]!
            let countAfter = model.sections[origin].sizes.count - (removedCount[origin] ?? 0) + placed
            var positions = Array(0..<countAfter)
            random.shuffle(&positions)
            freePositions[target] = positions
        }
        for arrival in arriving {
            let path = FlowIndexPath(item: freePositions[arrival.to]!.removeLast(), section: arrival.to)
            if let from = arrival.from {
                batch.moveItem(at: from, to: path, size: sizedMoves && random.chance(0.3) ? size() : nil)
            } else {
                batch.insertItem(at: path, size: arrival.size)
            }
        }
        // Moves whose source could find no target were dropped; deletions stand.
        // With `redundantForms`, the forms UIKit tolerates, which the engine
        // drops (10.6): an item delete inside a deleted section, an item insert
        // inside an inserted one, an exact duplicate of a move.
        guard redundantForms else { return batch }
        if random.chance(0.2), let section = deleted.first, model.sections[section].sizes.count > 0 {
            batch.deleteItems(at: [FlowIndexPath(item: random.int(0...(model.sections[section].sizes.count - 1)), section: section)])
        }
        if random.chance(0.2), let insertion = batch.insertedSections.first, insertion.section.itemCount > 0 {
            // One of the inserted section's own items, named again (as diffing emits it).
            let item = random.int(0...(insertion.section.itemCount - 1))
            batch.insertItem(at: FlowIndexPath(item: item, section: insertion.index), size: insertion.section.itemSizes?[item])
        }
        if random.chance(0.2), let move = batch.movedItems.first { batch.movedItems.append(move) }
        if random.chance(0.2), let move = batch.movedSections.first { batch.movedSections.append(move) }
        return batch
    }

    /// A valid batch broken in one random way the engine must refuse, and what
    /// the refusal's path starts with.
    package static func broken(
        _ valid: BatchUpdate, over model: ReferenceModel, random: inout SeededRandom
    ) -> (batch: BatchUpdate, path: FieldPath) {
        var batch = valid
        let sectionCount = model.sections.count
        switch random.int(0...6) {
        case 0:
            batch.deletedSections.append(sectionCount + random.int(0...3))
            return (batch, FieldPath(.deleteSections, batch.deletedSections.count - 1))
        case 1 where sectionCount > 0:
            // A section named twice before the batch.
            let section = random.int(0...(sectionCount - 1))
            var fresh = BatchUpdate()
            fresh.deleteSections([section])
            fresh.reloadSection(section, with: FlowSection(itemCount: 1))
            return (fresh, "reloadSections[0].index")
        case 2 where sectionCount > 0 && model.sections.contains(where: { !$0.sizes.isEmpty }):
            // An item operation inside a section the batch deletes (a reload: an
            // item delete there is a redundant form, dropped, 10.6).
            let section = model.sections.firstIndex { !$0.sizes.isEmpty }!
            var fresh = BatchUpdate()
            fresh.deleteSections([section])
            fresh.reloadItem(at: FlowIndexPath(item: 0, section: section), size: nil)
            return (fresh, "reloadItems[0].section")
        case 3 where sectionCount > 0:
            // An insertion past the end of its section after the batch.
            let section = random.int(0...(sectionCount - 1))
            var fresh = BatchUpdate()
            fresh.insertItems(at: [FlowIndexPath(item: model.sections[section].sizes.count + 1, section: section)])
            return (fresh, "insertItems[0].item")
        case 4 where sectionCount > 0:
            var fresh = BatchUpdate()
            fresh.insertItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: .nan, height: 1))
            return (fresh, "insertItems[0].size.width")
        case 5 where model.sections.contains(where: { !$0.sizes.isEmpty }):
            // A move that brings a size no item can have.
            let section = model.sections.firstIndex { !$0.sizes.isEmpty }!
            var fresh = BatchUpdate()
            fresh.moveItem(
                at: FlowIndexPath(item: 0, section: section), to: FlowIndexPath(item: 0, section: section),
                size: Size(width: 1, height: -random.double(1...10)))
            return (fresh, "moveItems[0].size.height")
        default:
            batch.insertSection(FlowSection(itemCount: 1), at: sectionCount + 5)
            return (batch, FieldPath(.insertSections, batch.insertedSections.count - 1).appending("index"))
        }
    }
}

extension Array {
    /// A random element drawn from `random`, or `nil` when empty.
    package func randomElement(using random: inout SeededRandom) -> Element? {
        isEmpty ? nil : self[random.int(0...(count - 1))]
    }
}
