import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// The drop-in's waterfall sections (`flow-layout.md` 12): the layout's
/// `waterfall` for every section, and the delegate's column count for one
/// (``FlowCollectionViewLayoutDelegate``), driven by the simulated
/// collection view in UIKit's order; frames equal the reference's.
@MainActor
@Suite("The drop-in's waterfall sections")
struct WaterfallDropInTests {
    /// Sizes of its own for every item, and a column count for some sections.
    final class ColumnsDelegate: NSObject, FlowCollectionViewLayoutDelegate {
        let columns: [Int: Int]
        private(set) var columnQueries = 0

        init(columns: [Int: Int]) {
            self.columns = columns
        }

        static func size(_ indexPath: IndexPath) -> CGSize {
            CGSize(width: 128, height: 40 + CGFloat((indexPath.item * 37 + indexPath.section * 11) % 90))
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            Self.size(indexPath)
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            columnCountForSectionAt section: Int
        ) -> Int {
            columnQueries += 1
            return columns[section] ?? Self.columnCountNotImplemented
        }
    }

    @Test("the delegate's count for a section, 0 for lines, and the layout's columns for the others")
    func columnsPerSection() {
        let counts = [30, 20, 25]
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.waterfall = .count(3)
        let view = SimulatedCollectionView(size: CGSize(width: 390, height: 700), layout: layout, items: identifiers(counts))
        let delegate = ColumnsDelegate(columns: [0: 2, 1: 0])
        view.delegate = delegate
        view.layoutPass()
        #expect(delegate.columnQueries > 0)
        var configuration = FlowLayoutConfiguration()
        configuration.waterfall = .count(3)
        let sections = counts.enumerated().map { s, count in
            var section = FlowSection(
                itemSizes: (0..<count).map { Size(ColumnsDelegate.size(IndexPath(item: $0, section: s))) })
            if s == 0 { section.kind = .waterfall(.count(2)) }
            if s == 1 { section.kind = .flow }
            return section
        }
        let reference = ReferenceModel(configuration: configuration, sections: sections, viewportSize: Size(view.bounds.size))
            .layout()
        // Sections are asked for when a pass first reaches them: until then the content size is an estimate.
        #expect(differences(layout, in: view.bounds, reference: reference, contentSize: false) == [])
        view.scroll(toY: view.maximumOffsetY)
        view.scroll(toY: view.maximumOffsetY)
        for step in 0...6 {
            view.scroll(toY: view.maximumOffsetY * CGFloat(6 - step) / 6)
            #expect(differences(layout, in: view.bounds, reference: reference) == [])
        }
        // Section 0's items are 2 columns wide, (390 − 10) / 2 = 190 points each; section 2's, (390 − 20) / 3.
        let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        #expect(first?.frame.width == 190)
        let last = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))
        #expect(last.map { abs($0.frame.width - 370.0 / 3) < 1e-9 } == true)
    }
}
