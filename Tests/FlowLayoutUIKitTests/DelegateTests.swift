import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// `UICollectionViewDelegateFlowLayout`, asked as UIKit asks it (sizes,
/// insets, spacings, reference sizes) but per section, when a query first
/// reaches the section: frames equal a fresh layout of the same answers.
@MainActor
@Suite("The flow layout delegate, asked per section")
struct DelegateTests {
    static let configuration = FlowLayoutConfiguration()

    static func view(counts: [Int], size: CGSize = CGSize(width: 390, height: 700)) -> (
        SimulatedCollectionView, FlowCollectionViewLayout, SizingDelegate
    ) {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        let view = SimulatedCollectionView(size: size, layout: layout, items: identifiers(counts))
        let delegate = SizingDelegate(size: realSize, metrics: sectionMetrics)
        view.delegate = delegate
        return (view, layout, delegate)
    }

    @Test("the first pass asks only the sections it reaches, each item once; frames equal a fresh layout")
    func firstPass() {
        let counts = [30, 100_000, 40, 500, 0, 70]
        let (view, layout, delegate) = Self.view(counts: counts)
        view.layoutPass()
        let sections = delegateSections(items: view.items, sectionIDs: view.sectionIDs)
        // Section 0 (30 items) fills less than a screen: section 1 is reached too.
        #expect(delegate.sizeQueries[0] == 30)
        #expect(delegate.sizeQueries[1] == 100_000)
        #expect(delegate.sizeQueries[2] == nil)
        #expect(delegate.metricQueries.keys.sorted() == [0, 1])
        #expect(
            differences(
                layout, in: view.bounds, reference: sections, configuration: Self.configuration, viewport: view.bounds.size,
                contentSize: false) == [])
        // Down to the end: every section asked once, per item; the content size is exact.
        view.scroll(toY: view.maximumOffsetY)
        view.scroll(toY: view.maximumOffsetY)
        for (section, count) in counts.enumerated() where count > 0 {
            #expect(delegate.sizeQueries[section] == count)
        }
        #expect(delegate.metricQueries.values.allSatisfy { $0 == 1 })
        #expect(delegate.metricQueries.count == counts.count)
        let reference = ReferenceLayout(
            configuration: Self.configuration, sections: sections, viewportSize: Size(view.bounds.size))
        for step in 0...12 {
            view.scroll(toY: view.maximumOffsetY * CGFloat(12 - step) / 12)
            #expect(differences(layout, in: view.bounds, reference: reference) == [])
        }
        #expect(delegate.sizeQueries.values.reduce(0, +) == counts.reduce(0, +))
    }

    @Test("creation asks nothing: 1,000 sections of 1,000 items, one pass asks one section")
    func creationIsPerSection() {
        let (view, layout, delegate) = Self.view(counts: Array(repeating: 1_000, count: 1_000))
        view.layoutPass()
        #expect(delegate.sizeQueries.keys.sorted() == [0])
        #expect(delegate.sizeQueries[0] == 1_000)
        #expect(layout.host?.isSectionSupplied(1) == false)
        // A jump to an item asks every section up to it, so its frame is exact.
        let target = IndexPath(item: 500, section: 40)
        let frame = layout.layoutAttributesForItem(at: target)?.frame
        #expect(delegate.sizeQueries.count == 41)
        let reference = ReferenceLayout(
            configuration: Self.configuration,
            sections: Array(delegateSections(items: view.items, sectionIDs: view.sectionIDs).prefix(41)),
            viewportSize: Size(view.bounds.size))
        #expect(
            frame.map(Rect.init)
                == reference.attributes.first { $0.category == .cell && $0.indexPath == FlowIndexPath(item: 500, section: 40) }?
                .frame)
    }

    @Test("a delegate without the optional methods leaves the layout's properties")
    func emptyDelegate() {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.itemSize = CGSize(width: 70, height: 20)
        let view = SimulatedCollectionView(size: CGSize(width: 300, height: 500), layout: layout, items: identifiers([50, 50]))
        let delegate = EmptyDelegate()
        view.delegate = delegate
        view.layoutPass()
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 70, height: 20)
        #expect(
            differences(
                layout, in: view.bounds, reference: [FlowSection(itemCount: 50), FlowSection(itemCount: 50)],
                configuration: configuration, viewport: view.bounds.size) == [])
    }

    @Test("a delegate set after the first pass is asked from the next; the layout holds no delegate")
    func delegateLifecycle() {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        let view = SimulatedCollectionView(size: CGSize(width: 390, height: 700), layout: layout, items: identifiers([20, 20]))
        view.layoutPass()
        #expect(layout.host?.suppliesSectionContent == false)
        weak var released: SizingDelegate?
        do {
            let delegate = SizingDelegate(size: realSize, metrics: sectionMetrics)
            released = delegate
            view.delegate = delegate
            view.reloadData(view.items)
            #expect(layout.host?.suppliesSectionContent == true)
            #expect(delegate.sizeQueries[0] == 20)
            #expect(
                differences(
                    layout, in: view.bounds, reference: delegateSections(items: view.items, sectionIDs: view.sectionIDs),
                    configuration: Self.configuration, viewport: view.bounds.size, contentSize: false) == [])
        }
        // Neither the layout nor its engine keeps the delegate alive (UIKit's is weak).
        #expect(released == nil)
        view.reloadData(view.items)
        #expect(layout.host?.suppliesSectionContent == false)
        // Moved to another collection view, the layout reads that one.
        let other = SimulatedCollectionView(size: CGSize(width: 300, height: 500), layout: layout, items: identifiers([7]))
        other.layoutPass()
        #expect(layout.collectionView === other)
        #expect(layout.host?.state.numberOfSections == 1)
        #expect(layout.host?.state.totalItemCount == 7)
    }

    @Test("scrolling horizontally: delegate sizes against a fresh layout, sections supplied as they are reached")
    func horizontal() {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.scrollDirection = .horizontal
        let view = SimulatedCollectionView(size: CGSize(width: 390, height: 500), layout: layout, items: identifiers([40, 300, 60]))
        let delegate = SizingDelegate(size: realSize, metrics: sectionMetrics)
        view.delegate = delegate
        view.layoutPass()
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let reference = ReferenceLayout(
            configuration: configuration, sections: delegateSections(items: view.items, sectionIDs: view.sectionIDs),
            viewportSize: Size(view.bounds.size))
        #expect(delegate.sizeQueries[2] == nil)
        for x in stride(from: CGFloat(0), to: reference.contentSize.width, by: 1_500) {
            view.contentOffset = CGPoint(x: x, y: 0)
            view.layoutPass()
            #expect(differences(layout, in: view.bounds, reference: reference, contentSize: false) == [])
        }
        #expect(delegate.sizeQueries[2] == 60)
    }
}
