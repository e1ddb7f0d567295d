import FlowLayoutCore
import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// What `UICollectionViewDiffableDataSource.apply` hands the layout: the
/// update items of a diff between two snapshots (sections and items deleted,
/// inserted, moved, reloaded), through `prepare(forCollectionViewUpdates:)`.
/// Seeded random snapshot sequences: after each apply, frames equal a fresh
/// layout of the new snapshot, and the first visible element, when it
/// survives unmoved, stays where it was on screen.
@MainActor
@Suite("Diffable data source snapshots")
struct DiffableDataSourceTests {
    @Test("seeded snapshot sequences: frames equal a fresh layout, the anchor stays")
    func snapshotSequences() {
        var anchorsChecked = 0
        let failures = Seeds.failures(8 * LongRuns.factor, from: 1_600) { seed in
            Self.run(seed: seed, anchorsChecked: &anchorsChecked)
        }
        #expect(failures == [])
        #expect(anchorsChecked > 20)
    }

    static func run(seed: UInt64, anchorsChecked: inout Int) -> [String] {
        var random = SeededRandom(seed: seed)
        let viewport = CGSize(width: 360, height: 640)
        let counts = (0..<random.int(2...6)).map { _ in random.int(0...80) }
        var model = ReferenceModel(
            configuration: FlowLayoutConfiguration(), sections: counts.map { FlowSection(itemCount: $0) },
            viewportSize: Size(viewport))
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        let view = SimulatedCollectionView(size: viewport, layout: layout, items: model.itemIDs)
        view.sectionIDs = model.sectionIDs
        let delegate = SizingDelegate(size: realSize, metrics: sectionMetrics)
        view.delegate = delegate
        view.layoutPass()
        var issues: [String] = []
        for step in 0..<10 {
            view.scroll(toY: view.maximumOffsetY * CGFloat(random.unit()))
            let batch = RandomBatch.valid(over: model, operations: random.int(1...8), random: &random, dyadic: true)
            let before = (sections: model.sectionIDs, items: model.itemIDs)
            let anchor = view.firstVisibleElement().map { element -> (id: Int, isCell: Bool, screen: CGFloat) in
                let path = element.element.indexPath
                let isCell = element.element.representedElementCategory == .cell
                return (isCell ? before.items[path.section][path.item] : before.sections[path.section], isCell, element.screen)
            }
            let kind = view.firstVisibleElement()?.element.representedElementKind

            model.apply(batch)
            let updates = Self.updateItems(batch, before: before, after: (model.sectionIDs, model.itemIDs))
            let animation = view.performBatchUpdates(updates, newItems: model.itemIDs, sectionIDs: model.sectionIDs)
            // The content size is exact once every section is supplied and laid out.
            let allSupplied =
                model.sectionIDs.indices.allSatisfy { layout.host?.isSectionSupplied($0) ?? false }
                && layout.host?.state.pendingSectionCount == 0
            let sections = delegateSections(items: model.itemIDs, sectionIDs: model.sectionIDs)
            let found = differences(
                layout, in: view.bounds, reference: sections, configuration: FlowLayoutConfiguration(), viewport: viewport,
                contentSize: allSupplied)
            issues += found.map { "step \(step): \($0)" }
            // The anchor: kept when it survives, did not move, and the offset was not clamped.
            guard let anchor else { continue }
            let moved = Set(batch.movedItems.map { before.items[$0.from.section][$0.from.item] })
            let movedSections = Set(batch.movedSections.map { before.sections[$0.from] })
                .union(batch.reloadedSections.map { before.sections[$0.index] })
            let clamped =
                animation.contentOffset.y <= -view.adjustedContentInset.top + 1e-9
                || animation.contentOffset.y >= view.maximumOffsetY - 1e-9
            let deletedSections = Set(batch.deletedSections.map { before.sections[$0] })
            var now: UICollectionViewLayoutAttributes?
            if anchor.isCell, !moved.contains(anchor.id) {
                for (s, ids) in model.itemIDs.enumerated() where !movedSections.contains(model.sectionIDs[s]) {
                    if let i = ids.firstIndex(of: anchor.id) { now = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s)) }
                }
            } else if !anchor.isCell, let kind, !movedSections.contains(anchor.id), !deletedSections.contains(anchor.id),
                let s = model.sectionIDs.firstIndex(of: anchor.id)
            {
                now = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s))
            }
            if now != nil && !clamped { anchorsChecked += 1 }
            if let now, !clamped, abs(now.frame.minY - view.bounds.minY - anchor.screen) > 1e-9 {
                issues.append("step \(step): anchor \(anchor.id) moved \(now.frame.minY - view.bounds.minY - anchor.screen)")
            }
        }
        return issues
    }

    /// The update items of `batch`, as UIKit's diffable data source produces
    /// them: section operations with an item of `NSNotFound`; deletions,
    /// reloads and move sources before the update, insertions and move
    /// destinations after it (a reload's after-path found by identity).
    static func updateItems(
        _ batch: BatchUpdate, before: (sections: [Int], items: [[Int]]), after: (sections: [Int], items: [[Int]])
    ) -> [UICollectionViewUpdateItem] {
        func section(_ s: Int) -> IndexPath { IndexPath(item: NSNotFound, section: s) }
        func item(_ path: FlowIndexPath) -> IndexPath { IndexPath(item: path.item, section: path.section) }
        func item(_ action: UICollectionViewUpdateItem.Action, _ before: IndexPath?, _ after: IndexPath?)
            -> UICollectionViewUpdateItem
        {
            UICollectionViewUpdateItem(action: action, indexPathBeforeUpdate: before, indexPathAfterUpdate: after)
        }
        var items: [UICollectionViewUpdateItem] = []
        for s in batch.deletedSections { items.append(item(.delete, section(s), nil)) }
        for insertion in batch.insertedSections { items.append(item(.insert, nil, section(insertion.index))) }
        for reload in batch.reloadedSections {
            let newIndex = after.sections.firstIndex(of: before.sections[reload.index]) ?? reload.index
            items.append(item(.reload, section(reload.index), section(newIndex)))
        }
        for move in batch.movedSections { items.append(item(.move, section(move.from), section(move.to))) }
        for path in batch.deletedItems { items.append(item(.delete, item(path), nil)) }
        for insertion in batch.insertedItems { items.append(item(.insert, nil, item(insertion.indexPath))) }
        for reload in batch.reloadedItems {
            let id = before.items[reload.indexPath.section][reload.indexPath.item]
            var newPath = item(reload.indexPath)
            for (s, ids) in after.items.enumerated() {
                if let i = ids.firstIndex(of: id) { newPath = IndexPath(item: i, section: s) }
            }
            items.append(item(.reload, item(reload.indexPath), newPath))
        }
        for move in batch.movedItems { items.append(item(.move, item(move.from), item(move.to))) }
        return items
    }
}
