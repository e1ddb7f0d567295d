import FlowLayoutCore
import FlowLayoutReference
import Testing

/// The worked examples of the rules of `flow-layout.md` revised from UIKit's own
/// arithmetic (2.1, 2.2, 3.3, 3.4, 8.1, 8.3), each in both scroll directions:
/// the expected values are the spec's, worked out by hand; the engine and the
/// eager reference must both give them.
@Suite("Revised rules")
struct RevisedRuleTests {
    /// One example, written for vertical scrolling; run transposed too.
    struct Example {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50))
        var options = FlowLayoutOptions()
        var sections: [FlowSection]
        var viewport: Size
        var reports: [(FlowIndexPath, Size)] = []
    }

    static func transposed(_ size: Size) -> Size { Size(width: size.height, height: size.width) }
    static func transposed(_ inset: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom)
    }

    /// The example as it reads scrolling `direction`: horizontal is the transpose.
    static func oriented(_ example: Example, _ direction: ScrollDirection) -> Example {
        guard direction == .horizontal else { return example }
        var result = example
        var configuration = example.configuration
        configuration.scrollDirection = .horizontal
        configuration.itemSize = transposed(configuration.itemSize)
        configuration.estimatedItemSize = transposed(configuration.estimatedItemSize)
        configuration.sectionInset = transposed(configuration.sectionInset)
        configuration.headerReferenceSize = transposed(configuration.headerReferenceSize)
        configuration.footerReferenceSize = transposed(configuration.footerReferenceSize)
        result.configuration = configuration
        result.sections = example.sections.map { section in
            var copy = section
            copy.itemSizes = section.itemSizes?.map(transposed)
            copy.sectionInset = section.sectionInset.map(transposed)
            return copy
        }
        result.viewport = transposed(example.viewport)
        result.reports = example.reports.map { ($0.0, transposed($0.1)) }
        return result
    }

    /// The cells' frames as vertical scrolling reads them, from the engine,
    /// checked equal to the reference's, in both directions.
    func cells(_ example: Example, direction: ScrollDirection) throws -> [Rect] {
        let oriented = Self.oriented(example, direction)
        var state = try FlowLayoutState(
            configuration: oriented.configuration, sections: oriented.sections, viewportSize: oriented.viewport,
            options: oriented.options)
        var reported: [FlowIndexPath: Size] = [:]
        for (path, size) in oriented.reports {
            _ = try state.reportSize(size, forItemAt: path)
            reported[path] = size
        }
        let engine = try state.layoutAttributesForElements(in: .infinite)
        let reference = ReferenceLayout(
            configuration: oriented.configuration, options: oriented.options, sections: oriented.sections,
            viewportSize: oriented.viewport, reportedSizes: reported)
        #expect(engine == reference.attributes, "engine and reference, \(direction)")
        for attributes in engine where attributes.category == .cell {
            #expect(try state.layoutAttributesForItem(at: attributes.indexPath) == attributes)
        }
        let frames = engine.filter { $0.category == .cell }.map(\.frame)
        return direction == .vertical
            ? frames : frames.map { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }
    }

    /// The cells' x positions, line by line (lines told apart by y), checked the
    /// same in both directions.
    func lines(_ example: Example) throws -> [[Double]] {
        let vertical = try cells(example, direction: .vertical)
        let horizontal = try cells(example, direction: .horizontal)
        #expect(vertical == horizontal)
        var result: [[Double]] = []
        var lastY: Double?
        var lastBottom = -Double.infinity
        for frame in vertical {
            // A new line starts below the previous line's items.
            if lastY == nil || frame.minY >= lastBottom {
                result.append([])
                lastBottom = frame.maxY
            } else {
                lastBottom = Swift.max(lastBottom, frame.maxY)
            }
            lastY = frame.minY
            result[result.count - 1].append(frame.minX)
        }
        return result
    }

    static let third = 320.0 / 3

    // MARK: 2.1

    @Test("2.1 viewport 320, items 100 × 50, spacing 10: 3 per line")
    func threePerLine() throws {
        let example = Example(sections: [FlowSection(itemCount: 4)], viewport: Size(width: 320, height: 500))
        #expect(try lines(example) == [[0, 110, 220], [0]])
    }

    @Test("2.1 widths 320/3 with differing heights, spacing 0: the subtraction wraps to 2 per line")
    func thirdsWrapToTwo() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = 0
        let sizes = (0..<6).map { Size(width: Self.third, height: 40 + Double($0)) }
        let example = Example(
            configuration: configuration, sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 320, height: 900))
        let result = try lines(example)
        #expect(result.map(\.count) == [2, 2, 2])
        // (320 − 106.66…) − 106.66… rounds below 106.66…: the third does not fit.
        #expect((320 - (0 + Self.third)) - (0 + Self.third) < Self.third)
    }

    @Test("2.1 the same widths with equal heights are uniform: floor(320 / 106.66…) = 3 per line")
    func thirdsUniformFitThree() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = 0
        let sizes = Array(repeating: Size(width: Self.third, height: 40), count: 6)
        let example = Example(
            configuration: configuration, sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 320, height: 900))
        #expect(try lines(example).map(\.count) == [3, 3])
        // From itemSize alike.
        configuration.itemSize = Size(width: Self.third, height: 40)
        let fromItemSize = Example(
            configuration: configuration, sections: [FlowSection(itemCount: 6)], viewport: Size(width: 320, height: 900))
        #expect(try lines(fromItemSize).map(\.count) == [3, 3])
    }

    @Test("2.1 self-sizing items of width 320/3 (one shared width) wrap to 2 per line")
    func selfSizingThirds() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = 0
        configuration.estimatedItemSize = Size(width: Self.third, height: 40)
        let example = Example(
            configuration: configuration, sections: [FlowSection(itemCount: 3)], viewport: Size(width: 320, height: 900))
        let result = try lines(example)
        #expect(result.map(\.count) == [2, 1])
        // The last line sits on the columns of a full line of 2 (3.3): leading.
        #expect(result[1] == [0])
    }

    // MARK: 2.2

    @Test("2.2 a uniform oversize item is centred: itemSize 400 in 320 → x = −40")
    func uniformOversizeCentred() throws {
        let example = Example(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 400, height: 50)),
            sections: [FlowSection(itemCount: 2)], viewport: Size(width: 320, height: 500))
        #expect(try lines(example) == [[-40], [-40]])
    }

    @Test("2.2 an oversize item of a non-uniform section starts at inset.left")
    func nonUniformOversizeLeading() throws {
        let sizes = [Size(width: 400, height: 50), Size(width: 100, height: 40), Size(width: 100, height: 30)]
        let example = Example(
            sections: [FlowSection(itemSizes: sizes, sectionInset: EdgeInsets(top: 0, left: 8, bottom: 0, right: 12))],
            viewport: Size(width: 320, height: 500))
        #expect(try lines(example) == [[8], [8, 118]])
    }

    // MARK: 3.3

    @Test("3.3 uniform: viewport 330, 5 items 100 wide → line 2 at x = 0, 115, from itemSize or equal per-item sizes")
    func uniformLastLineOnColumns() throws {
        let fromItemSize = Example(sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        #expect(try lines(fromItemSize) == [[0, 115, 230], [0, 115]])
        let equal = Example(
            sections: [FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 5))],
            viewport: Size(width: 330, height: 500))
        #expect(try lines(equal) == [[0, 115, 230], [0, 115]])
        // Equal per-item sizes other than itemSize are uniform too.
        let other = Example(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 30, height: 30)),
            sections: [FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 5))],
            viewport: Size(width: 330, height: 500))
        #expect(try lines(other) == [[0, 115, 230], [0, 115]])
    }

    @Test("3.3 a size change that makes the sizes differ turns the section non-uniform, and back")
    func uniformityFollowsReports() throws {
        let sizes = Array(repeating: Size(width: 100, height: 50), count: 5)
        var example = Example(sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 330, height: 500))
        example.reports = [(FlowIndexPath(item: 0, section: 0), Size(width: 100, height: 60))]
        // Not uniform: the last line is leading.
        #expect(try lines(example) == [[0, 115, 230], [0, 110]])
        example.reports.append((FlowIndexPath(item: 0, section: 0), Size(width: 100, height: 50)))
        #expect(try lines(example) == [[0, 115, 230], [0, 115]])
        // In a section sized by itemSize: a report of another size, then of itemSize again.
        var byItemSize = Example(sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        byItemSize.reports = [(FlowIndexPath(item: 4, section: 0), Size(width: 100, height: 60))]
        #expect(try lines(byItemSize) == [[0, 115, 230], [0, 110]])
        byItemSize.reports.append((FlowIndexPath(item: 4, section: 0), Size(width: 100, height: 50)))
        #expect(try lines(byItemSize) == [[0, 115, 230], [0, 115]])
    }

    @Test("3.3 (a) self-sizing, estimate 200 wide in 320: every item at x = 60, one or more items")
    func everyLineOneItem() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 200, height: 50)
        for count in 1...3 {
            let example = Example(
                configuration: configuration, sections: [FlowSection(itemCount: count)], viewport: Size(width: 320, height: 900))
            #expect(try lines(example) == Array(repeating: [60], count: count))
        }
        // A single explicit size (not self-sizing) is uniform: centred too.
        let single = Example(
            sections: [FlowSection(itemSizes: [Size(width: 200, height: 50)])], viewport: Size(width: 320, height: 500))
        #expect(try lines(single) == [[60]])
        // A lone item wider than avail still starts at inset.left.
        configuration.estimatedItemSize = Size(width: 400, height: 50)
        let oversize = Example(
            configuration: configuration, sections: [FlowSection(itemCount: 1)], viewport: Size(width: 320, height: 900))
        #expect(try lines(oversize) == [[0]])
    }

    @Test("3.3 (b) viewport 330, widths 100, heights alternating 50/60, 6 items → line 2 at x = 0, 115, 230")
    func equalRemainingIsFull() throws {
        let sizes = (0..<6).map { Size(width: 100, height: $0 % 2 == 0 ? 50 : 60) }
        let example = Example(sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 330, height: 500))
        #expect(try lines(example) == [[0, 115, 230], [0, 115, 230]])
    }

    @Test("3.3 viewport 320, widths 100, 150, 200 → line 1 at x = 0, 170, line 2 at x = 0")
    func lastLineLeading() throws {
        let sizes = [Size(width: 100, height: 50), Size(width: 150, height: 50), Size(width: 200, height: 50)]
        let example = Example(sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 320, height: 500))
        #expect(try lines(example) == [[0, 170], [0]])
    }

    @Test("3.3 self-sizing, one shared width: estimate 100 × 50 in 330 → line 2 at x = 0, 115; the same after reports")
    func sharedWidthColumns() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 100, height: 50)
        var example = Example(
            configuration: configuration, sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 900))
        #expect(try lines(example) == [[0, 115, 230], [0, 115]])
        example.reports = (0..<5).map { (FlowIndexPath(item: $0, section: 0), Size(width: 100, height: 40 + 5 * Double($0))) }
        #expect(try lines(example) == [[0, 115, 230], [0, 115]])
        // One width differs: the last line is leading.
        example.reports.append((FlowIndexPath(item: 4, section: 0), Size(width: 90, height: 40)))
        #expect(try lines(example) == [[0, 115, 230], [0, 110]])
    }

    @Test("3.3 width plus spacing 0 in a uniform section: any number fits, all at inset.left")
    func zeroWidthUniform() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 0, height: 20))
        configuration.minimumInteritemSpacing = 0
        configuration.sectionInset = EdgeInsets(top: 0, left: 7, bottom: 0, right: 0)
        let example = Example(
            configuration: configuration, sections: [FlowSection(itemCount: 4)], viewport: Size(width: 320, height: 500))
        #expect(try lines(example) == [[7, 7, 7, 7]])
    }

    // MARK: 3.4

    @Test("3.4 automatic with leading lines: viewport 330, 5 uniform items → 0, 110, 220 and 0, 110")
    func automaticLeading() throws {
        var example = Example(sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        example.options.lineAlignment = .leading
        #expect(try lines(example) == [[0, 110, 220], [0, 110]])
    }

    @Test("3.4 automatic with centred or trailing lines: a uniform last line sits on its full lines' columns")
    func automaticCentreTrailing() throws {
        var example = Example(sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        // A full line of 3 spans 320: 10 left over.
        example.options.lineAlignment = .center
        #expect(try lines(example) == [[5, 115, 225], [5, 115]])
        example.options.lineAlignment = .trailing
        #expect(try lines(example) == [[10, 120, 230], [10, 120]])
    }

    // MARK: 8.1, 8.3

    @Test("8.1 pinned headers and footers keep zIndex 10")
    func pinnedZIndex() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.footerReferenceSize = Size(width: 0, height: 30)
        configuration.sectionHeadersPinToVisibleBounds = true
        configuration.sectionFootersPinToVisibleBounds = true
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 4), FlowSection(itemCount: 4)],
            viewportSize: Size(width: 320, height: 100))
        try state.setVisibleRect(Rect(x: 0, y: 100, width: 320, height: 100))
        let elements = try state.layoutAttributesForElements(in: Rect(x: 0, y: 100, width: 320, height: 100))
        let supplementary = elements.filter { $0.category != .cell }
        #expect(!supplementary.isEmpty)
        #expect(supplementary.allSatisfy { $0.zIndex == 10 })
        #expect(supplementary.contains { $0.category == .header && $0.frame.minY == 100 })
    }

    @Test("8.3 scale 3, viewport 393, itemSize 100, spacing 10: gap 46.5 → x = 0, 440/3, 293")
    func roundingScaleThree() throws {
        var example = Example(sections: [FlowSection(itemCount: 3)], viewport: Size(width: 393, height: 500))
        example.options.displayScale = 3
        for direction in [ScrollDirection.vertical, .horizontal] {
            let oriented = Self.oriented(example, direction)
            var state = try FlowLayoutState(
                configuration: oriented.configuration, sections: oriented.sections, viewportSize: oriented.viewport,
                options: oriented.options)
            let cells = try state.layoutAttributesForElements(in: .infinite).filter { $0.category == .cell }
            let xs = cells.map { direction == .vertical ? $0.frame.minX : $0.frame.minY }
            #expect(xs == [0, 440.0 / 3, 293])
            #expect(cells.allSatisfy { direction == .vertical ? $0.frame.width == 100 : $0.frame.height == 100 })
        }
    }

    @Test("8.3 scale 2: x 10.3, width 20.4 → x 10.5, width 20.4; the content size is not rounded")
    func roundingOriginsOnly() throws {
        var example = Example(
            sections: [
                FlowSection(
                    itemSizes: [Size(width: 20.4, height: 10.3), Size(width: 30, height: 12)],
                    sectionInset: EdgeInsets(top: 0.3, left: 10.3, bottom: 0.1, right: 0))
            ], viewport: Size(width: 320, height: 500))
        example.options.displayScale = 2
        for direction in [ScrollDirection.vertical, .horizontal] {
            let oriented = Self.oriented(example, direction)
            var state = try FlowLayoutState(
                configuration: oriented.configuration, sections: oriented.sections, viewportSize: oriented.viewport,
                options: oriented.options)
            let first = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame
            let along = direction == .vertical ? (first.minX, first.width) : (first.minY, first.height)
            #expect(along == (10.5, 20.4))
            let size = state.contentSize
            // 12.4, not rounded up to the grid (12.5).
            #expect(abs((direction == .vertical ? size.height : size.width) - 12.4) < 1e-9)
        }
    }
}
