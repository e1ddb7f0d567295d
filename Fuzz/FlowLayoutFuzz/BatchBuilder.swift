import FlowLayoutCore
import FlowLayoutReference

/// Builds a batch update from a program's bytes over the model's current
/// sections (`flow-layout.md` 10): mostly valid batches of every operation kind,
/// and, for about one batch in eight, one broken in a way 10.6 names.
///
/// Every choice is a byte, and every index is drawn from what is still free,
/// so that whatever the bytes, the batch before its corruption is valid:
/// 1. How many operations of each kind: sections named before the batch
///    (deleted, reloaded, moved away), sections inserted, items named before
///    it, items inserted.
/// 2. Sections named before: distinct indexes before the batch.
/// 3. Sections named after (move destinations, insertions): distinct indexes
///    among the `S − deleted + inserted` after it.
/// 4. Items named before (deleted, reloaded with or without a size, moved
///    away with or without a size): distinct items of sections neither
///    deleted nor reloaded.
/// 5. Items named after (move destinations, insertions with or without a size):
///    sections after the batch that are neither inserted nor reloaded, then
///    distinct positions among the section's count after the batch.
/// 6. A corruption, if the next byte asks for one (``corruptSometimes(_:reader:model:)``).
///
/// Past ``maximumItems`` items or ``maximumSections`` sections batches insert
/// nothing and reloaded sections are small, so that long programs stay cheap
/// to compare after every batch.
package enum BatchBuilder {
    /// Batches insert nothing once the model holds this many items...
    static let maximumItems = 600
    /// ... or this many sections.
    static let maximumSections = 24
    /// How many section operations named before the batch a byte asks for:
    /// none, mostly.
    static let sectionOperationCounts = [0, 0, 0, 0, 1, 1, 2, 3]

    /// A valid batch over `model` drawn from `reader` (steps 1 to 5 of the
    /// type's summary).
    package static func batch(from reader: inout ByteReader, over model: ReferenceModel) -> BatchUpdate {
        let counts = model.sections.map(\.sizes.count)
        let sectionCount = counts.count
        let growing = counts.reduce(0, +) < maximumItems && sectionCount < maximumSections
        var batch = BatchUpdate()

        // 1. How many of each.
        let sectionOperations = sectionOperationCounts[reader.byte() % sectionOperationCounts.count]
        let sectionInsertions = growing ? [0, 0, 0, 1, 2][reader.byte() % 5] : 0
        let itemOperations = reader.byte() % 7
        let itemInsertions = growing ? reader.byte() % 6 : 0

        // 2. Sections named before the batch.
        var pool = Array(0..<sectionCount)
        var deleted = Set<Int>()
        var reloaded = Set<Int>()
        var movedAway: [Int] = []
        for _ in 0..<sectionOperations where !pool.isEmpty {
            let section = pool.remove(at: reader.below(pool.count))
            switch reader.byte() % 3 {
            case 0:
                deleted.insert(section)
                batch.deleteSections([section])
            case 1:
                reloaded.insert(section)
                batch.reloadSection(section, with: self.section(from: &reader, growing: growing))
            default:
                movedAway.append(section)
            }
        }

        // 3. Sections named after it.
        var free = Array(0..<(sectionCount - deleted.count + sectionInsertions))
        for section in movedAway {
            batch.moveSection(section, toSection: free.remove(at: reader.below(free.count)))
        }
        for _ in 0..<sectionInsertions {
            let index = free.remove(at: reader.below(free.count))
            batch.insertSection(section(from: &reader, growing: growing), at: index)
        }
        let origins = BatchValidity.origins(of: batch, sectionCount: sectionCount)

        // 4. Items named before it.
        let itemSections = (0..<sectionCount).filter { !deleted.contains($0) && !reloaded.contains($0) && counts[$0] > 0 }
        var named = Set<FlowIndexPath>()
        var removed: [Int: Int] = [:]
        var movingAway: [(path: FlowIndexPath, sized: Bool)] = []
        for _ in 0..<itemOperations where !itemSections.isEmpty {
            let section = itemSections[reader.below(itemSections.count)]
            guard let path = firstFree(from: reader.below(counts[section]), section: section, count: counts[section], named: named)
            else { continue }
            named.insert(path)
            switch reader.byte() % 5 {
            case 0:
                batch.deleteItems(at: [path])
                removed[section, default: 0] += 1
            case 1:
                batch.reloadItem(at: path, size: nil)
            case 2:
                batch.reloadItem(at: path, size: reader.size())
            case let kind:
                // 4: a move that brings a size (10.2).
                movingAway.append((path, kind == 4))
                removed[section, default: 0] += 1
            }
        }

        // 5. Items named after it. Every section an item moves away from
        // survives, so there is always a target for it.
        let targets = origins.indices.filter { origins[$0].map { !reloaded.contains($0) } ?? false }
        var arrivals: [(target: Int, from: FlowIndexPath?, size: Size?)] = []
        for source in movingAway {
            arrivals.append((targets[reader.below(targets.count)], source.path, source.sized ? reader.size() : nil))
        }
        for _ in 0..<itemInsertions where !targets.isEmpty {
            let target = targets[reader.below(targets.count)]
            arrivals.append((target, nil, reader.byte() % 3 == 0 ? nil : reader.size()))
        }
        var placed: [Int: Int] = [:]
        for arrival in arrivals { placed[arrival.target, default: 0] += 1 }
        var positions: [Int: [Int]] = [:]
        for (target, count) in placed {
            let origin = origins[target]!
            positions[target] = Array(0..<(counts[origin] - removed[origin, default: 0] + count))
        }
        for arrival in arrivals {
            let item = positions[arrival.target]!.remove(at: reader.below(positions[arrival.target]!.count))
            let path = FlowIndexPath(item: item, section: arrival.target)
            if let from = arrival.from {
                batch.moveItem(at: from, to: path, size: arrival.size)
            } else {
                batch.insertItem(at: path, size: arrival.size)
            }
        }
        return batch
    }

    /// Step 6: breaks `batch` (``corrupt(_:kind:reader:model:)``) if the next
    /// byte is 224 or more: one batch in eight, and never one cut short by the
    /// end of the input (which reads zeros).
    package static func corruptSometimes(_ batch: inout BatchUpdate, reader: inout ByteReader, model: ReferenceModel) {
        let corruption = reader.byte()
        if corruption >= 224 { corrupt(&batch, kind: corruption % 16, reader: &reader, model: model) }
    }

    /// A section's content from the bytes: an item count or item sizes (up to 8
    /// items, or 60, or 2 when not growing) and overrides (in a waterfall
    /// program, bit 7 of the kind byte a kind of its own).
    static func section(from reader: inout ByteReader, growing: Bool) -> FlowSection {
        let kind = reader.byte()
        let count = growing ? reader.byte() % (kind & 8 != 0 ? 61 : 9) : reader.byte() % 3
        var section =
            kind & 1 == 0
            ? FlowSection(itemCount: count)
            : FlowSection(itemSizes: (0..<count).map { _ in reader.size() })
        if kind & 2 != 0 { section.minimumInteritemSpacing = reader.length() / 4 }
        if kind & 4 != 0 {
            section.sectionInset = EdgeInsets(
                top: reader.length() / 4, left: reader.length() / 4, bottom: reader.length() / 4, right: reader.length() / 4)
        }
        if kind & 16 != 0 { section.minimumLineSpacing = reader.length() / 4 }
        if kind & 32 != 0 { section.headerReferenceSize = reader.size() }
        if kind & 64 != 0 { section.footerReferenceSize = reader.size() }
        if reader.waterfallDirection != nil && kind & 128 != 0 {
            section.kind = reader.flag(0) ? .flow : .waterfall(reader.columns())
        }
        return section
    }

    /// The item at or after `item` (wrapping) not yet named, or `nil` when
    /// every item of the section is.
    static func firstFree(from item: Int, section: Int, count: Int, named: Set<FlowIndexPath>) -> FlowIndexPath? {
        for offset in 0..<count {
            let path = FlowIndexPath(item: (item + offset) % count, section: section)
            if !named.contains(path) { return path }
        }
        return nil
    }
}

extension BatchBuilder {
    /// Breaks a valid `batch` in one of 16 ways (`flow-layout.md` 10.6). The
    /// engine must refuse every kind but three whatever the rest of the batch
    /// holds; kinds 12 and 13 (an odd size or section content, which may be −0
    /// or an empty array) and 14 (an operation with raw indexes) are valid by
    /// chance. ``BatchValidity`` decides, not this function.
    package static func corrupt(_ batch: inout BatchUpdate, kind: Int, reader: inout ByteReader, model: ReferenceModel) {
        let counts = model.sections.map(\.sizes.count)
        let sectionCount = counts.count
        let sectionCountAfter = sectionCount - batch.deletedSections.count + batch.insertedSections.count
        /// Some section before the batch (or 0 when there is none).
        func anySection() -> Int { sectionCount == 0 ? 0 : reader.below(sectionCount) }
        func tiny() -> FlowSection { FlowSection(itemCount: reader.byte() % 3) }
        switch kind {
        case 0:
            // A section past the end before the batch.
            batch.deleteSections([sectionCount + reader.byte() % 3])
        case 1:
            // A negative section index, on either side.
            if reader.flag(0) {
                batch.moveSection(-1 - reader.byte() % 2, toSection: 0)
            } else {
                batch.insertSection(tiny(), at: -1)
            }
        case 2:
            // A section named twice before the batch.
            let named = batch.deletedSections.first ?? batch.reloadedSections.first?.index ?? batch.movedSections.first?.from
            let section = named ?? anySection()
            batch.reloadSection(section, with: tiny())
            if named == nil { batch.deleteSections([section]) }
        case 3:
            // A section named twice after it.
            let named = batch.insertedSections.first?.index ?? batch.movedSections.first?.to
            batch.insertSection(tiny(), at: named ?? 0)
            if named == nil { batch.insertSection(tiny(), at: 0) }
        case 4:
            // A section inserted past the end after the batch.
            batch.insertSection(tiny(), at: sectionCountAfter + 1 + reader.byte() % 2)
        case 5:
            // An item operation in a deleted section.
            let section = batch.deletedSections.first ?? anySection()
            if batch.deletedSections.isEmpty { batch.deleteSections([section]) }
            batch.reloadItem(at: FlowIndexPath(item: reader.byte() % 3, section: section), size: nil)
        case 6:
            // An item operation in a reloaded section, named before the batch or after it.
            let section = batch.reloadedSections.first?.index ?? anySection()
            if batch.reloadedSections.isEmpty { batch.reloadSection(section, with: tiny()) }
            let after = BatchValidity.origins(of: batch, sectionCount: sectionCount).firstIndex(of: section)
            if let after, reader.flag(0) {
                batch.insertItem(at: FlowIndexPath(item: 0, section: after), size: nil)
            } else {
                batch.deleteItems(at: [FlowIndexPath(item: 0, section: section)])
            }
        case 7:
            // An item moved into an inserted section (an item inserted there is a
            // redundant form, dropped, 10.6).
            let index = batch.insertedSections.first?.index ?? 0
            if batch.insertedSections.isEmpty { batch.insertSection(tiny(), at: index) }
            batch.moveItem(at: FlowIndexPath(item: 0, section: anySection()), to: FlowIndexPath(item: 0, section: index))
        case 8:
            // An item past the end of its section before the batch, or negative.
            let section = anySection()
            let item = reader.flag(0) ? -1 : (counts.indices.contains(section) ? counts[section] : 0) + reader.byte() % 2
            batch.moveItem(at: FlowIndexPath(item: item, section: section), to: FlowIndexPath(item: 0, section: 0))
        case 9:
            // An item past the end of its section after the batch.
            // (A move's destination: an insert into a section the batch inserts is dropped, 10.6.)
            let section = sectionCountAfter == 0 ? 0 : reader.below(sectionCountAfter)
            batch.moveItem(
                at: FlowIndexPath(item: 0, section: anySection()), to: FlowIndexPath(item: 1_000 + reader.byte(), section: section))
        case 10:
            // An item named twice before the batch.
            let named = batch.deletedItems.first ?? batch.reloadedItems.first?.indexPath ?? batch.movedItems.first?.from
            let path = named ?? FlowIndexPath(item: 0, section: anySection())
            batch.reloadItem(at: path, size: nil)
            if named == nil { batch.deleteItems(at: [path]) }
        case 11:
            // An item named twice after it.
            // (An insert there and a move there: two inserts in a section the
            // batch inserts would both be dropped, 10.6.)
            let named = batch.insertedItems.first?.indexPath ?? batch.movedItems.first?.to
            let path = named ?? FlowIndexPath(item: 0, section: 0)
            batch.insertItem(at: path, size: nil)
            if named == nil { batch.moveItem(at: FlowIndexPath(item: 0, section: anySection()), to: path) }
        case 12:
            // An odd size given with an item inserted or reloaded.
            let size = reader.flag(0) ? Size(width: reader.oddLength(), height: 10) : Size(width: 10, height: reader.oddLength())
            if !batch.insertedItems.isEmpty {
                batch.insertedItems[0].size = size
            } else if !batch.reloadedItems.isEmpty {
                batch.reloadedItems[0].size = size
            } else {
                let section = anySection()
                let count = counts.indices.contains(section) ? counts[section] : 0
                batch.reloadItem(at: FlowIndexPath(item: count == 0 ? 0 : reader.below(count), section: section), size: size)
            }
        case 13:
            // A section inserted or reloaded with bad content.
            var section = batch.insertedSections.first?.section ?? batch.reloadedSections.first?.section ?? tiny()
            switch reader.byte() % 4 {
            case 0: section.itemCount = -1 - reader.byte() % 2
            case 1: section.itemSizes = Array(repeating: Size(width: 1, height: 1), count: section.itemCount + 1)
            case 2: section.itemSizes = Array(repeating: Size(width: reader.oddLength(), height: 1), count: section.itemCount)
            default: section.sectionInset = EdgeInsets(top: 0, left: reader.oddLength(), bottom: 0, right: 0)
            }
            if !batch.insertedSections.isEmpty {
                batch.insertedSections[0].section = section
            } else if !batch.reloadedSections.isEmpty {
                batch.reloadedSections[0].section = section
            } else {
                batch.insertSection(section, at: 0)
            }
        case 14:
            // One operation with raw indexes: valid or not, by chance.
            let path = FlowIndexPath(item: reader.byte() % 8 - 1, section: reader.byte() % 4 - 1)
            switch reader.byte() % 6 {
            case 0: batch.deleteItems(at: [path])
            case 1: batch.insertItem(at: path, size: nil)
            case 2: batch.reloadItem(at: path, size: reader.size())
            case 3: batch.moveItem(at: path, to: FlowIndexPath(item: reader.byte() % 8 - 1, section: reader.byte() % 4 - 1))
            case 4: batch.deleteSections([path.section])
            default: batch.moveSection(path.section, toSection: reader.byte() % 4 - 1)
            }
        default:
            // A negative item index after the batch.
            batch.moveItem(at: FlowIndexPath(item: 0, section: anySection()), to: FlowIndexPath(item: -1, section: 0))
        }
    }
}
