import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// Headers and footers that size themselves, beyond UIKit: off by default
/// (UIKit's flow layout ignores their preferred sizes), and when on, taken as
/// cells' sizes are, with the reference size as the estimate, pinning and the
/// anchor holding.
@MainActor
@Suite("Self-sizing headers and footers through the drop-in")
struct SelfSizingHeaderTests {
    static func headerSize(_ kind: String, _ section: Int) -> CGSize {
        kind == UICollectionView.elementKindSectionHeader
            ? CGSize(width: 10, height: CGFloat(24 + section % 4 * 12)) : CGSize(width: 10, height: CGFloat(section % 3 * 9))
    }

    static func view(sizing: Bool) -> (SimulatedCollectionView, FlowCollectionViewLayout) {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.itemSize = CGSize(width: 100, height: 60)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        layout.sectionHeadersPinToVisibleBounds = true
        layout.headersAndFootersSizeThemselves = sizing
        let view = SimulatedCollectionView(
            size: CGSize(width: 360, height: 600), layout: layout, items: identifiers(Array(repeating: 30, count: 40)))
        view.measureSupplementary = headerSize
        view.layoutPass()
        return (view, layout)
    }

    @Test("off by default: preferred sizes of headers and footers are declined, reference sizes kept")
    func offByDefault() {
        #expect(!FlowCollectionViewLayout().headersAndFootersSizeThemselves)
        let (view, layout) = Self.view(sizing: false)
        for _ in 0..<20 { view.scroll(by: 150) }
        #expect(view.acceptedSizes.isEmpty)
        #expect(view.declinedSizes > 20)
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 3))
        #expect(header?.frame.height == 40)
    }

    @Test("on: each header and footer measured once, the anchor still, pinned headers below the top, cells where a fresh layout puts them")
    func on() throws {
        let (view, layout) = Self.view(sizing: true)
        #expect(layout.host?.headersAndFootersSizeThemselves == true)
        for frame in 0..<60 { view.scroll(by: CGFloat(90 + frame % 5 * 40)) }
        view.scroll(toY: view.maximumOffsetY)
        for _ in 0..<60 { view.scroll(by: -170) }
        #expect(view.largestAnchorMovement == 0)
        #expect(view.anchorChecks > 20)
        #expect(view.acceptedSizes.values.allSatisfy { $0 == 1 })
        #expect(view.acceptedSizes.keys.contains(IndexPath(indexes: [-1, 5])))
        for y in stride(from: CGFloat(0), through: view.maximumOffsetY, by: 1_200) {
            view.scroll(toY: y)
            // The sections whose header or footer was measured take its size; the rest their reference sizes.
            var sections = (0..<40).map { _ in FlowSection(itemCount: 30) }
            for key in view.acceptedSizes.keys where key[0] < 0 {
                let kind = key[0] == -1 ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
                let size = Size(Self.headerSize(kind, key[1]))
                if key[0] == -1 { sections[key[1]].headerReferenceSize = size } else { sections[key[1]].footerReferenceSize = size }
            }
            var configuration = FlowLayoutConfiguration(
                itemSize: Size(width: 100, height: 60), headerReferenceSize: Size(width: 0, height: 40),
                footerReferenceSize: Size(width: 0, height: 20))
            configuration.sectionHeadersPinToVisibleBounds = false
            let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: Size(view.bounds.size))
            let cells = engineAttributes(view.shown).filter { $0.category == .cell }
            let expected = reference.elements(in: Rect(view.bounds)).filter { $0.category == .cell }
            #expect(LayoutComparison.differences(engine: cells, reference: expected, tolerance: 1e-9) == [])
            // The header of the first section in view sticks to the top (or is pushed up by its section's end).
            let first = try #require(cells.first)
            let header = try #require(
                view.shown.first {
                    $0.representedElementKind == UICollectionView.elementKindSectionHeader
                        && $0.indexPath.section == first.indexPath.section
                })
            #expect(header.frame.minY <= max(view.bounds.minY, first.frame.minY))
            #expect(header.frame.height == Self.headerSize(UICollectionView.elementKindSectionHeader, first.indexPath.section).height)
        }
    }
}
