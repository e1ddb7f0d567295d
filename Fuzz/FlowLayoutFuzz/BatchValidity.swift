import FlowLayoutCore
import FlowLayoutReference

/// Which batches the engine must accept, decided from the reference model
/// alone, by `flow-layout.md` 10.6 read literally, before the engine sees the
/// batch: so that a valid batch refused traps as surely as an invalid one
/// accepted.
///
/// A batch is refused for:
/// - an index out of range: before the batch for deletions, reloads and the
///   sources of moves; after it for insertions and the destinations of moves
///   (10.1: sections after the batch number `S − deleted + inserted`; a
///   section's items after it number `n − removed + placed`);
/// - a position named twice among the before-side operations, or twice among
///   the after-side ones;
/// - an item operation in a section the batch deletes, inserts or reloads
///   (before-side item operations name sections before the batch, after-side
///   ones after it), except the redundant forms UIKit tolerates, which are
///   dropped first: an item delete in a deleted section, an item insert in an
///   inserted one, an exact duplicate of a move;
/// - a size (or a section's inset, spacing or reference size) that is negative,
///   NaN, infinite or past ``FlowLayoutLimits/maximumLength`` (9), or an
///   inserted or reloaded section whose item count is negative or whose
///   `itemSizes` do not number `itemCount`.
///
/// The content limit (9) is not decided here: the programs' lengths keep the
/// content far below 10¹⁵ points.
package enum BatchValidity {
    /// Why the engine must refuse `batch` over `model`, or `nil` when it must
    /// accept it.
    ///
    /// - Complexity: O(operations + sizes of the sections inserted or reloaded).
    package static func problem(in given: BatchUpdate, over model: ReferenceModel) -> String? {
        let batch = withoutRedundantForms(given, sectionCount: model.sections.count)
        let sectionCount = model.sections.count
        let counts = model.sections.map(\.sizes.count)

        // Sections named before the batch: deletions, reloads, move sources.
        var namedBefore = Set<Int>()
        let before =
            batch.deletedSections.map { ($0, "deleted section") }
            + batch.reloadedSections.map { ($0.index, "reloaded section") }
            + batch.movedSections.map { ($0.from, "moved section's source") }
        for (section, role) in before {
            guard (0..<sectionCount).contains(section) else { return "\(role) \(section) out of 0..<\(sectionCount)" }
            guard namedBefore.insert(section).inserted else { return "\(role) \(section) named twice before" }
        }
        // Sections named after it: insertions, move destinations.
        let sectionCountAfter = sectionCount - batch.deletedSections.count + batch.insertedSections.count
        var namedAfter = Set<Int>()
        let after =
            batch.insertedSections.map { ($0.index, "inserted section") }
            + batch.movedSections.map { ($0.to, "moved section's destination") }
        for (section, role) in after {
            guard (0..<sectionCountAfter).contains(section) else {
                return "\(role) \(section) out of 0..<\(sectionCountAfter) after"
            }
            guard namedAfter.insert(section).inserted else { return "\(role) \(section) named twice after" }
        }
        // The content of sections inserted or reloaded.
        for content in batch.insertedSections + batch.reloadedSections {
            if let problem = problem(in: content.section) { return "section \(content.index): \(problem)" }
        }

        let deleted = Set(batch.deletedSections)
        let reloaded = Set(batch.reloadedSections.map(\.index))
        let origins = Self.origins(of: batch, sectionCount: sectionCount)

        // Items named before the batch: deletions, reloads, move sources.
        var itemsBefore = Set<FlowIndexPath>()
        var removed: [Int: Int] = [:]
        let itemsNamedBefore =
            batch.deletedItems.map { ($0, "deleted item", true) }
            + batch.reloadedItems.map { ($0.indexPath, "reloaded item", false) }
            + batch.movedItems.map { ($0.from, "moved item's source", true) }
        for (path, role, removes) in itemsNamedBefore {
            guard (0..<sectionCount).contains(path.section) else {
                return "\(role) \(path): section out of 0..<\(sectionCount)"
            }
            guard !deleted.contains(path.section) else { return "\(role) \(path) in a deleted section" }
            guard !reloaded.contains(path.section) else { return "\(role) \(path) in a reloaded section" }
            guard (0..<counts[path.section]).contains(path.item) else {
                return "\(role) \(path) out of 0..<\(counts[path.section])"
            }
            guard itemsBefore.insert(path).inserted else { return "\(role) \(path) named twice before" }
            if removes { removed[path.section, default: 0] += 1 }
        }
        // Items named after it: insertions, move destinations; their sections
        // first, then, once every count after the batch is known, their indexes.
        let itemsNamedAfter =
            batch.insertedItems.map { ($0.indexPath, "inserted item") } + batch.movedItems.map { ($0.to, "moved item's destination") }
        var placed: [Int: Int] = [:]
        for (path, role) in itemsNamedAfter {
            guard (0..<sectionCountAfter).contains(path.section) else {
                return "\(role) \(path): section out of 0..<\(sectionCountAfter) after"
            }
            guard let origin = origins[path.section] else { return "\(role) \(path) in an inserted section" }
            guard !reloaded.contains(origin) else { return "\(role) \(path) in a reloaded section" }
            placed[path.section, default: 0] += 1
        }
        var itemsAfter = Set<FlowIndexPath>()
        for (path, role) in itemsNamedAfter {
            let origin = origins[path.section]!
            let countAfter = counts[origin] - removed[origin, default: 0] + placed[path.section]!
            guard (0..<countAfter).contains(path.item) else { return "\(role) \(path) out of 0..<\(countAfter) after" }
            guard itemsAfter.insert(path).inserted else { return "\(role) \(path) named twice after" }
        }

        // Sizes given with items (a dropped insert's too: the engine checks every size).
        for insertion in given.insertedItems + given.reloadedItems {
            if let size = insertion.size, !Validity.isSize(size) { return "item \(insertion.indexPath): size \(size)" }
        }
        return nil
    }

    /// `batch` without the redundant forms 10.6 drops: item deletes in sections
    /// it deletes (valid ones), item inserts in sections it inserts, exact
    /// duplicates of moves.
    static func withoutRedundantForms(_ batch: BatchUpdate, sectionCount: Int) -> BatchUpdate {
        var result = batch
        let deleted = Set(batch.deletedSections.filter { (0..<sectionCount).contains($0) })
        let inserted = Set(batch.insertedSections.map(\.index))
        result.deletedItems = batch.deletedItems.filter { !deleted.contains($0.section) }
        result.insertedItems = batch.insertedItems.filter { !inserted.contains($0.indexPath.section) }
        var seenItems = Set<BatchUpdate.ItemMove>()
        result.movedItems = batch.movedItems.filter { seenItems.insert($0).inserted }
        var seenSections = Set<[Int]>()
        result.movedSections = batch.movedSections.filter { seenSections.insert([$0.from, $0.to]).inserted }
        return result
    }

    /// Where each section after `batch` comes from: its index before, or `nil`
    /// for an inserted one (10.1: the sections that stay, in order, with those
    /// inserted and moved in placed at their indexes in ascending order).
    /// `batch`'s section operations must be valid.
    static func origins(of batch: BatchUpdate, sectionCount: Int) -> [Int?] {
        let leaving = Set(batch.deletedSections).union(batch.movedSections.map(\.from))
        var origins: [Int?] = (0..<sectionCount).filter { !leaving.contains($0) }
        let entering =
            batch.insertedSections.map { ($0.index, Int?.none) } + batch.movedSections.map { ($0.to, Int?($0.from)) }
        for (index, origin) in entering.sorted(by: { $0.0 < $1.0 }) { origins.insert(origin, at: index) }
        return origins
    }

    /// Why a section's content is invalid (9), or `nil`.
    static func problem(in section: FlowSection) -> String? {
        let isLength = Validity.isLength
        let isSize = Validity.isSize
        guard (0...FlowLayoutLimits.maximumCount).contains(section.itemCount) else { return "item count \(section.itemCount)" }
        if let sizes = section.itemSizes {
            guard sizes.count == section.itemCount else { return "\(sizes.count) item sizes for \(section.itemCount) items" }
            if let bad = sizes.first(where: { !isSize($0) }) { return "item size \(bad)" }
        }
        if let inset = section.sectionInset, ![inset.top, inset.left, inset.bottom, inset.right].allSatisfy(isLength) {
            return "inset \(inset)"
        }
        for spacing in [section.minimumLineSpacing, section.minimumInteritemSpacing] {
            if let spacing, !isLength(spacing) { return "spacing \(spacing)" }
        }
        for size in [section.headerReferenceSize, section.footerReferenceSize] {
            if let size, !isSize(size) { return "reference size \(size)" }
        }
        return nil
    }

}

extension BatchUpdate {
    /// The batch in one line, in the order UIKit names the operations, for
    /// failures: `deleteSections [2]; insertItems [0, 3] 10.0 × 5.0, [1, 0]`.
    var summary: String {
        func section(_ content: SectionInsertion) -> String {
            let items = content.section.itemSizes.map { "\($0.count) sized items" } ?? "\(content.section.itemCount) items"
            return "\(content.index): \(items)"
        }
        func item(_ insertion: ItemInsertion) -> String {
            insertion.size.map { "\(insertion.indexPath) \($0)" } ?? "\(insertion.indexPath)"
        }
        let parts = [
            ("deleteSections", deletedSections.map { "\($0)" }), ("insertSections", insertedSections.map(section)),
            ("reloadSections", reloadedSections.map(section)), ("moveSections", movedSections.map { "\($0.from) → \($0.to)" }),
            ("deleteItems", deletedItems.map { "\($0)" }), ("insertItems", insertedItems.map(item)),
            ("reloadItems", reloadedItems.map(item)), ("moveItems", movedItems.map { "\($0.from) → \($0.to)" }),
        ]
        let named = parts.filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.joined(separator: ", "))" }
        return named.isEmpty ? "empty" : named.joined(separator: "; ")
    }
}
