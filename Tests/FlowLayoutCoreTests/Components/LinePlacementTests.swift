import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Line placement alone (`flow-layout.md` 2.2, 2.3, 3.1–3.4): where
/// `SectionContext.placeLine` puts each item of one line, along it and across
/// it, against a plain model that adds positions up one item at a time.
/// Which items share a line is given, not broken here; only the columns of a
/// uniform last line (3.3) read the number of default items a line holds.
@Suite("Components: line placement")
struct LinePlacementTests {
    struct Alignments {
        var line = LineAlignment.justified
        var lastLine = LastLineAlignment.automatic
        var cross = CrossAlignment.center
    }

    static func context(
        viewport: Double, leading: Double = 0, trailing: Double = 0, spacing: Double, defaultSize: Size, itemCount: Int,
        columns: Bool, alignments: Alignments = Alignments()
    ) -> SectionContext {
        let metrics = SectionMetrics(
            configuration: FlowLayoutConfiguration(
                minimumInteritemSpacing: spacing, sectionInset: EdgeInsets(top: 0, left: leading, bottom: 0, right: trailing)),
            overrides: SectionOverrides(), viewportSize: Size(width: viewport, height: 800))
        return SectionContext(
            itemCount: itemCount, metrics: metrics,
            geometry: LineGeometry(metrics: metrics, defaultSize: defaultSize, direction: .vertical, uniform: columns), runs: nil,
            sharedWidth: nil, everyLineHoldsOneItem: false, lineAlignment: alignments.line, lastLineAlignment: alignments.lastLine,
            crossAlignment: alignments.cross)
    }

    /// The plain model: the first item's position and the gap after each item,
    /// by 2.2 and 3.1–3.4 (revised), then positions added up item by item, or,
    /// on a uniform section's justified columns, item k at `start + k·(width + gap)`.
    ///
    /// LAST-LINE RULES: a uniform section (`columns`) puts every line, the last
    /// too unless an explicit last-line alignment says otherwise, on the columns
    /// of a full line as the line alignment places one (an oversize item
    /// centred); any other section puts an oversize item at the leading inset
    /// and its last line leading (3.3 (a) and (b) need the section's other
    /// lines: the random lines here are a section's only line, and (a) is off).
    static func modelFrames(
        _ sizes: [Size], context: SectionContext, isLast: Bool, top: Double, thickness: Double
    ) -> [(x: Double, y: Double)] {
        let leading = context.metrics.mainLeadingInset
        let available = context.metrics.available
        let spacing = context.geometry.spacing
        let widths = sizes.map(\.width)
        var start = leading
        var gap = 0.0
        func packed(_ fraction: Double) {
            var running = widths[0]
            for width in widths.dropFirst() { running = running + spacing + width }
            start = fraction == 0 ? leading : fraction == 1 ? leading + (available - running) : leading + (available - running) / 2
            gap = spacing
        }
        func justified() {
            if widths.count == 1 {
                start = leading + (available - widths[0]) / 2
            } else {
                var total = widths[0]
                for width in widths.dropFirst() { total = total + width }
                gap = (available - total) / Double(widths.count - 1)
            }
        }
        func aligned(_ alignment: LineAlignment) {
            switch alignment {
            case .justified: justified()
            case .leading: packed(0)
            case .center: packed(0.5)
            case .trailing: packed(1)
            }
        }
        var onColumns = false
        let k = context.geometry.perLine
        let uniform = context.geometry.isUniform
        if uniform && k != LineGeometry.unbounded && (!isLast || context.lastLineAlignment == .automatic) {
            // 3.3, 3.4: the columns of a full line of k items, as the line alignment places it.
            let width = context.geometry.defaultMain
            switch context.lineAlignment {
            case .justified:
                if k == 1 {
                    start = leading + (available - width) / 2
                } else {
                    gap = context.geometry.fullLineGap
                    onColumns = true
                }
            case .leading, .center, .trailing:
                var running = width
                for _ in 1..<k { running = running + spacing + width }
                let fraction = context.lineAlignment == .leading ? 0 : context.lineAlignment == .center ? 0.5 : 1
                start = fraction == 0 ? leading : fraction == 1 ? leading + (available - running) : leading + (available - running) / 2
                gap = spacing
            }
        } else if !uniform && widths.count == 1 && !(widths[0] <= available) {
            // 2.2: an item wider than the line starts at the leading inset.
        } else if !isLast {
            aligned(context.lineAlignment)
        } else {
            switch context.lastLineAlignment {
            case .automatic: packed(0)
            case .justified: aligned(.justified)
            case .leading: aligned(.leading)
            case .center: aligned(.center)
            case .trailing: aligned(.trailing)
            }
        }
        var x = start
        var index = 0
        return sizes.map { size in
            let y =
                switch context.crossAlignment {
                case .top: top
                case .center: top + (thickness - size.height) / 2
                case .bottom: top + (thickness - size.height)
                }
            defer {
                index += 1
                x = onColumns ? start + Double(index) * (size.width + gap) : x + size.width + gap
            }
            return (x, y)
        }
    }

    /// The items `placeLine` reports, as (item, x, y, width, height).
    static func placed(
        _ items: LineItems, context: SectionContext, firstItem: Int, top: Double, thickness: Double,
        mainLow: Double = -.infinity, mainHigh: Double = .infinity
    ) -> [PlacedItem] {
        var placed: [PlacedItem] = []
        context.placeLine(items, firstItem: firstItem, top: Offset(top), thickness: thickness, mainLow: mainLow, mainHigh: mainHigh) {
            placed.append($0)
            return true
        }
        return placed
    }

    @Test("random lines under every alignment, as segments and as a dense buffer, within random spans")
    func againstModel() {
        var random = SeededRandom(seed: 1861)
        for _ in 0..<(1500 * LongRuns.factor) {
            let defaultSize = Size(width: random.double(1...150), height: random.double(1...60))
            let columns = random.chance(0.3)
            let alignments = Alignments(
                line: random.pick(LineAlignment.allCases), lastLine: random.pick(LastLineAlignment.allCases),
                cross: random.pick(CrossAlignment.allCases))
            let drawn: [Size?] =
                columns
                ? [Size?](repeating: nil, count: random.int(1...12))
                : (0..<random.int(1...12)).map { _ in
                    random.chance(0.4) ? nil : Size(width: random.double(1...150), height: random.double(1...80))
                }
            let viewport = random.double(50...900)
            let leading = random.double(0...20)
            let spacing = random.double(0...15)
            // A line as line breaking forms it: the first line of the items drawn.
            let count = PlainLineModel.lines(
                widths: drawn.map { ($0 ?? defaultSize).width }, spacing: spacing, available: viewport - leading)[0].count
            let sizes = Array(drawn.prefix(count))
            let isLast = random.chance(0.5)
            // A last line is its section's only line here (3.3 (b) reads the line before).
            let firstItem = isLast ? 0 : random.int(0...20)
            let context = Self.context(
                viewport: viewport, leading: leading, spacing: spacing,
                defaultSize: defaultSize, itemCount: firstItem + count + (isLast ? 0 : random.int(1...5)), columns: columns,
                alignments: alignments)
            let resolved = sizes.map { $0 ?? defaultSize }
            let thickness = resolved.map(\.height).max()!
            let top = random.double(0...1000)
            let model = Self.modelFrames(resolved, context: context, isLast: isLast, top: top, thickness: thickness)
            let segments = ComponentModel.segments(sizes)
            let placed = Self.placed(.segments(segments[...]), context: context, firstItem: firstItem, top: top, thickness: thickness)
            #expect(placed.map(\.item) == Array(firstItem..<(firstItem + count)))
            #expect(placed.map(\.main) == model.map(\.x))
            #expect(placed.map(\.cross) == model.map(\.y))
            #expect(placed.map(\.mainLength) == resolved.map(\.width))
            #expect(placed.map(\.crossLength) == resolved.map(\.height))
            if sizes.allSatisfy({ $0 == nil }) {
                let defaults = Self.placed(.defaults(count), context: context, firstItem: firstItem, top: top, thickness: thickness)
                #expect(defaults.map(\.main) == model.map(\.x))
            } else if sizes.allSatisfy({ $0 != nil }) {
                let dense = resolved.withUnsafeBufferPointer {
                    Self.placed(.sized($0), context: context, firstItem: firstItem, top: top, thickness: thickness)
                }
                #expect(dense.map(\.main) == model.map(\.x))
            }
            // A span along the line: the items whose extent meets it, touching included.
            let low = random.double(-50...900)
            let high = low + random.double(0...400)
            let within = Self.placed(
                .segments(segments[...]), context: context, firstItem: firstItem, top: top, thickness: thickness, mainLow: low,
                mainHigh: high)
            let expected = zip(model, resolved).enumerated().filter { $0.element.0.x <= high && $0.element.0.x + $0.element.1.width >= low }
            #expect(within.map(\.item) == expected.map { firstItem + $0.offset })
        }
    }

    @Test("a long stretch of default items within a span is placed as the loop places it")
    func longDefaults() {
        let context = Self.context(
            viewport: 1e6, spacing: 0.1, defaultSize: Size(width: 0.3, height: 1), itemCount: 100_000, columns: false,
            alignments: Alignments(line: .leading))
        let model = Self.modelFrames(
            [Size](repeating: Size(width: 0.3, height: 1), count: 2000), context: context, isLast: false, top: 0, thickness: 1)
        let placed = Self.placed(.defaults(2000), context: context, firstItem: 0, top: 0, thickness: 1, mainLow: 500, mainHigh: 520)
        let expected = model.indices.filter { model[$0].x <= 520 && model[$0].x + 0.3 >= 500 }
        #expect(placed.map(\.item) == expected)
        #expect(placed.map(\.main) == expected.map { model[$0].x })
    }

    @Test("the spec's worked examples")
    func examples() {
        func xs(
            _ sizes: [Size?], viewport: Double, spacing: Double, itemCount: Int, columns: Bool = false,
            alignments: Alignments = Alignments(), defaultSize: Size = Size(width: 100, height: 50), leading: Double = 0
        ) -> [Double] {
            let context = Self.context(
                viewport: viewport, leading: leading, spacing: spacing, defaultSize: defaultSize, itemCount: itemCount, columns: columns,
                alignments: alignments)
            return Self.placed(.segments(ComponentModel.segments(sizes)[...]), context: context, firstItem: 0, top: 0, thickness: 50).map(
                \.main)
        }
        // 3.1: viewport 330, three 100-wide items, not the last line: gap 15.
        #expect(xs([nil, nil, nil], viewport: 330, spacing: 10, itemCount: 5) == [0, 115, 230])
        // 3.2: one item that is not the last line is centred: (320 − 200) / 2.
        #expect(xs([Size(width: 200, height: 50)], viewport: 320, spacing: 10, itemCount: 3) == [60])
        // 3.3: a uniform section's last line of two on the columns of three: x = 0, 115.
        #expect(xs([nil, nil], viewport: 330, spacing: 10, itemCount: 2, columns: true) == [0, 115])
        // 3.3: any other section's last line is leading, the minimum spacing apart.
        #expect(xs([Size(width: 200, height: 10), nil], viewport: 330, spacing: 10, itemCount: 2) == [0, 210])
        // 2.2: an item wider than the line starts at the leading inset, whatever the alignment.
        #expect(xs([Size(width: 400, height: 50)], viewport: 320, spacing: 10, itemCount: 3, leading: 8) == [8])
        // 2.3: heights 50 and 80: the 50-high item at top + 15.
        let context = Self.context(viewport: 320, spacing: 10, defaultSize: Size(width: 100, height: 50), itemCount: 2, columns: false)
        let placed = Self.placed(
            .segments([.sized(Size(width: 100, height: 50)), .sized(Size(width: 100, height: 80))]), context: context, firstItem: 0,
            top: 100, thickness: 80)
        #expect(placed.map(\.cross) == [115, 100])
    }
}
