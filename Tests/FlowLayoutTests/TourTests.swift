import FlowLayout
import Foundation
import Testing

/// The README's tour, compiled and run, so that it stays true. The body of
/// `tour()` between the markers is the README's code block, word for word.
@Suite("README tour")
struct TourTests {
    func measureCell(at indexPath: FlowIndexPath) -> Size {
        Size(width: 170, height: Double(80 + (indexPath.item * 37) % 90))
    }

    func animate(_ element: ElementTransition) {}

    @Test("the README's tour is the code below, word for word")
    func readmeMatches() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let root = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: tests, encoding: .utf8)
        let begin = source.range(of: "        // tour begins\n")!
        let end = source.range(of: "        // tour ends", range: begin.upperBound..<source.endIndex)!
        let code = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }.joined(separator: "\n")
        #expect(
            readme.contains("import FlowLayout\nimport Foundation\n\n" + code + "```"), "README.md's tour differs from TourTests.tour()")
    }

    @Test("the tour runs as written")
    func tour() async throws {
        // tour begins
        // UICollectionViewFlowLayout's properties, with UIKit's names and defaults.
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 180, height: 140)  // self-sizing
        configuration.minimumLineSpacing = 8
        configuration.minimumInteritemSpacing = 8
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.sectionHeadersPinToVisibleBounds = true  // sticky headers

        // Sections play the delegate's roles: counts, per-item sizes, per-section overrides.
        let sections = (0..<10_000).map { _ in FlowSection(itemCount: 1_000) }  // 10M items

        // The actor, for concurrent hosts. Creating it costs O(sections): nothing is
        // laid out yet, and the 10M unmeasured items cost nothing.
        let engine = try FlowLayoutEngine(
            configuration: configuration, sections: sections, viewportSize: Size(CGSize(width: 390, height: 844)))

        // One call per frame: where the host looks, and the sizes it measured since
        // the last frame. The engine applies the reports, keeps the first visible item
        // still, and answers what to show (pinned headers where they stick).
        var offset = 0.0
        var measured: [SizeReport] = []
        for _ in 0..<120 {
            offset += 20
            let result = try await engine.performFrame(
                FrameRequest(visibleRect: Rect(CGRect(x: 0, y: offset, width: 390, height: 844)), sizeReports: measured))
            offset += result.update.contentOffsetAdjustment.y  // the anchor stays put
            measured = result.elements
                .filter { $0.category == .cell }
                .map { SizeReport(indexPath: $0.indexPath, size: measureCell(at: $0.indexPath)) }
        }

        // Data changes: one batch with UIKit's performBatchUpdates rules. What the
        // user looks at stays still; the transitions are the frames to animate.
        var batch = BatchUpdate()
        batch.insertItems(at: [FlowIndexPath(item: 0, section: 0), FlowIndexPath(item: 1, section: 0)])
        batch.deleteItems(at: [FlowIndexPath(item: 5, section: 2)])
        let changed = try await engine.performBatchUpdates(batch)
        offset += changed.update.contentOffsetAdjustment.y
        changed.transitions.forEach(animate)

        // Scroll to an item, which stays centred while the items around it are measured.
        let target = try await engine.contentOffset(forItemAt: IndexPath(item: 500, section: 5_000), position: .center)

        // The same API without the actor, for a host that owns its thread, with
        // Foundation's and Core Graphics' types where UIKit uses them.
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: Size(width: 390, height: 844))
        let visible = try state.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844))
        let item = try state.layoutAttributesForItem(at: IndexPath(item: 42, section: 7))
        let update = try state.reportSize(CGSize(width: 170, height: 96), forItemAt: IndexPath(item: 0, section: 0))
        let estimated = state.contentSize  // UIKit's collectionViewContentSize: O(1)
        let exact = state.exactContentSize()  // lays every section out first
        // tour ends
        #expect(await engine.contentSize.height > 1e8)
        #expect(!changed.transitions.isEmpty)
        #expect(target.y > 1e8)
        #expect(!visible.isEmpty && visible.contains { $0.category == .header })
        #expect(item.frame.minY > 0)
        #expect(update.contentSize.height == estimated.height)
        #expect(exact.height > 1e8 && exact.width == 390)

        #expect(throws: FlowLayoutError.invalidValue(path: "sizeReports[0].size.height", value: .nan)) {
            _ = try state.reportSizes([SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 1, height: .nan))])
        }
        #expect(
            "\(FlowLayoutError.invalidValue(path: "sizeReports[3].size.height", value: .nan))"
                == "sizeReports[3].size.height: must be a finite number >= 0 (got nan)")
    }
}
