import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import UIKitSurface

/// What a cell with identifier `id` measures to, or the delegate sizes it:
/// whole points, so every position is exact and a movement is exactly zero or not.
func realSize(_ id: Int) -> CGSize {
    CGSize(width: CGFloat(80 + (id * 37 % 5) * 25), height: CGFloat(40 + (id * 53 % 9) * 15))
}

/// Identifiers for sections of `counts` items: section `s`, item `i` is `s × 1,000,000 + i`.
func identifiers(_ counts: [Int]) -> [[Int]] {
    counts.enumerated().map { s, count in (0..<count).map { s * 1_000_000 + $0 } }
}

/// The engine's attributes of UIKit's, for comparison with the reference.
@MainActor
func engineAttributes(_ elements: [UICollectionViewLayoutAttributes]) -> [LayoutAttributes] {
    elements.map { element in
        let category: ElementCategory =
            switch element.representedElementKind {
            case UICollectionView.elementKindSectionHeader: .header
            case UICollectionView.elementKindSectionFooter: .footer
            default: .cell
            }
        return LayoutAttributes(
            category: category, indexPath: FlowIndexPath(item: element.indexPath.item, section: element.indexPath.section),
            frame: Rect(element.frame), zIndex: element.zIndex)
    }
}

/// Differences between what the layout answers for `rect` and the reference
/// layout of `sections` (no pinning, no rounding).
@MainActor
func differences(
    _ layout: FlowCollectionViewLayout, in rect: CGRect, reference sections: [FlowSection],
    configuration: FlowLayoutConfiguration, viewport: CGSize, contentSize: Bool = true
) -> [String] {
    differences(
        layout, in: rect,
        reference: ReferenceLayout(configuration: configuration, sections: sections, viewportSize: Size(viewport)),
        contentSize: contentSize)
}

/// Differences between what the layout answers for `rect` and `reference`.
@MainActor
func differences(
    _ layout: FlowCollectionViewLayout, in rect: CGRect, reference: ReferenceLayout, contentSize: Bool = true
) -> [String] {
    let engine = engineAttributes(layout.layoutAttributesForElements(in: rect) ?? [])
    let tolerance = LayoutComparison.tolerance(contentSize: reference.contentSize)
    var found = LayoutComparison.differences(
        engine: engine, reference: reference.elements(in: Rect(rect)), tolerance: tolerance)
    let size = Size(layout.collectionViewContentSize)
    if contentSize, abs(size.height - reference.contentSize.height) > tolerance || abs(size.width - reference.contentSize.width) > tolerance
    {
        found.append("content size \(size) ≠ reference \(reference.contentSize)")
    }
    return found
}

/// The metrics a delegate gives the section with identifier `id`: insets,
/// spacings and reference sizes that vary with it.
func sectionMetrics(_ id: Int) -> SizingDelegate.SectionMetrics {
    SizingDelegate.SectionMetrics(
        inset: UIEdgeInsets(top: CGFloat(id % 3 * 8), left: CGFloat(id % 4 * 5), bottom: CGFloat(id % 2 * 12), right: 6),
        lineSpacing: CGFloat(4 + id % 5 * 3), interitemSpacing: CGFloat(id % 3 * 7),
        header: CGSize(width: 0, height: CGFloat(id % 2 == 0 ? 32 : 0)), footer: CGSize(width: 0, height: CGFloat(id % 3 * 10)))
}

/// The engine's description of what the delegate answers for sections with
/// identifiers `sectionIDs` holding items `items`: the input of a fresh layout.
func delegateSections(items: [[Int]], sectionIDs: [Int]) -> [FlowSection] {
    zip(items, sectionIDs).map { ids, id in
        let metrics = sectionMetrics(id)
        var section = FlowSection(itemSizes: ids.map { Size(realSize($0)) })
        let inset = metrics.inset
        section.sectionInset = EdgeInsets(
            top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right))
        section.minimumLineSpacing = Double(metrics.lineSpacing)
        section.minimumInteritemSpacing = Double(metrics.interitemSpacing)
        section.headerReferenceSize = Size(metrics.header)
        section.footerReferenceSize = Size(metrics.footer)
        return section
    }
}
