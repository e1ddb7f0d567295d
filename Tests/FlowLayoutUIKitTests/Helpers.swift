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
    configuration: FlowLayoutConfiguration, viewport: CGSize
) -> [String] {
    let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: Size(viewport))
    let engine = engineAttributes(layout.layoutAttributesForElements(in: rect) ?? [])
    let tolerance = LayoutComparison.tolerance(contentSize: reference.contentSize)
    var found = LayoutComparison.differences(
        engine: engine, reference: reference.elements(in: Rect(rect)), tolerance: tolerance)
    let size = Size(layout.collectionViewContentSize)
    if abs(size.height - reference.contentSize.height) > tolerance || abs(size.width - reference.contentSize.width) > tolerance {
        found.append("content size \(size) ≠ reference \(reference.contentSize)")
    }
    return found
}
