import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The engine against the eager reference over thousands of seeded random
/// configurations: every frame, the content size and random rect queries must
/// agree, exactly for dyadic inputs and within 1e-9 of the content extent
/// otherwise. A failure names the seed, which replays it.
@Suite("Differential: engine vs. eager reference")
struct DifferentialTests {
    /// Configurations per run; `FLOWLAYOUT_LONG_RUNS` multiplies it.
    static let configurationCount = 5_000 * LongRuns.factor

    @Test("random configurations: all frames, content size, rect and item queries")
    func randomConfigurations() throws {
        var failures = 0
        for seed in 0..<UInt64(Self.configurationCount) {
            let issues = try Self.compare(RandomLayoutCase(seed: seed))
            if !issues.isEmpty {
                failures += 1
                Issue.record("\(RandomLayoutCase(seed: seed)): \(issues.joined(separator: "; "))")
                if failures >= 5 { break }
            }
        }
    }

    @Test("exhaustive small cases: 0–6 items, several sizes, widths and rules")
    func exhaustiveSmallCases() throws {
        let widths: [Double] = [0, 30, 50, 100, 110, 220, 330]
        let sizes: [Size] = [
            Size(width: 0, height: 0), Size(width: 50, height: 20), Size(width: 100, height: 40), Size(width: 340, height: 10),
        ]
        var checked = 0
        for direction in ScrollDirection.allCases {
            for viewport in widths {
                for count in 0...6 {
                    for itemSize in sizes {
                        for selfSizing in [false, true] {
                            for spacing in [0.0, 10] {
                                var configuration = FlowLayoutConfiguration(scrollDirection: direction, itemSize: itemSize)
                                configuration.minimumInteritemSpacing = spacing
                                configuration.minimumLineSpacing = spacing
                                if selfSizing { configuration.estimatedItemSize = Size(width: 60, height: 30) }
                                let perItem = (0..<count).map { sizes[($0 + count) % sizes.count] }
                                for sections in [[FlowSection(itemCount: count)], [FlowSection(itemSizes: perItem)]] {
                                    let issues = try Self.compare(
                                        configuration: configuration, sections: sections,
                                        viewport: Size(width: viewport, height: viewport + 1), tolerance: 0)
                                    checked += 1
                                    #expect(issues.isEmpty, "\(direction) viewport \(viewport) \(sections) \(configuration): \(issues)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 7 * 7 * 4 * 2 * 2 * 2)
    }

    /// Compares engine and reference for one random case.
    static func compare(_ input: RandomLayoutCase) throws -> [String] {
        let reference = ReferenceLayout(
            configuration: input.configuration, options: input.options, sections: input.sections,
            viewportSize: input.viewportSize)
        let tolerance = input.isDyadic ? 0 : LayoutComparison.tolerance(contentSize: reference.contentSize)
        return try compare(
            configuration: input.configuration, options: input.options, sections: input.sections,
            viewport: input.viewportSize, tolerance: tolerance, seed: input.seed, reference: reference)
    }

    /// Compares engine and reference: first random rect and item queries on a
    /// fresh state (so they meet pending sections), then everything.
    static func compare(
        configuration: FlowLayoutConfiguration, options: FlowLayoutOptions = FlowLayoutOptions(), sections: [FlowSection],
        viewport: Size, tolerance: Double, seed: UInt64 = 0, reference: ReferenceLayout? = nil
    ) throws -> [String] {
        let reference =
            reference
            ?? ReferenceLayout(configuration: configuration, options: options, sections: sections, viewportSize: viewport)
        var random = SeededRandom(seed: seed &* 7919 &+ 17)
        var issues: [String] = []
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewport, options: options)
        let extent = max(reference.contentSize.width, reference.contentSize.height)

        // Queries on a fresh, lazily laid-out state.
        for _ in 0..<4 {
            let rect = randomRect(&random, contentSize: reference.contentSize, extent: extent)
            issues += LayoutComparison.rectQueryDifferences(
                engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect),
                rect: rect, tolerance: tolerance)
        }
        let cells = reference.attributes.filter { $0.category == .cell }
        for _ in 0..<min(cells.count, 6) {
            let expected = cells[random.int(0...(cells.count - 1))]
            let actual = try state.layoutAttributesForItem(at: expected.indexPath)
            if !LayoutComparison.same(actual, expected, tolerance: tolerance) {
                issues.append("item query: engine \(actual) ≠ reference \(expected)")
            }
        }

        // Everything.
        let contentSize = state.exactContentSize()
        if !LayoutComparison.close(contentSize.width, reference.contentSize.width, tolerance)
            || !LayoutComparison.close(contentSize.height, reference.contentSize.height, tolerance)
        {
            issues.append("content size: engine \(contentSize) ≠ reference \(reference.contentSize)")
        }
        // Oversize items overflow the viewport, so "everything" reaches far beyond it.
        issues += LayoutComparison.differences(
            engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes,
            tolerance: tolerance)
        for element in reference.attributes where element.category != .cell {
            let actual = try state.layoutAttributesForSupplementaryElement(
                ofKind: element.category == .header ? .header : .footer, at: element.indexPath)
            if actual.map({ !LayoutComparison.same($0, element, tolerance: tolerance) }) ?? true {
                issues.append("supplementary query: engine \(String(describing: actual)) ≠ reference \(element)")
            }
        }
        for _ in 0..<8 {
            let rect = randomRect(&random, contentSize: reference.contentSize, extent: extent)
            issues += LayoutComparison.rectQueryDifferences(
                engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect),
                rect: rect, tolerance: tolerance)
        }
        return issues
    }

    /// A random query rect over (and a little beyond) the content; sometimes thin,
    /// sometimes a point, sometimes the whole content.
    static func randomRect(_ random: inout SeededRandom, contentSize: Size, extent: Double) -> Rect {
        let x = random.double(-20...(contentSize.width + 20))
        let y = random.double(-20...(contentSize.height + 20))
        switch random.int(0...3) {
        case 0: return Rect(x: x, y: y, width: 0, height: 0)
        case 1: return Rect(x: -10, y: y, width: contentSize.width + 20, height: random.double(0...200))
        case 2: return Rect(x: x, y: y, width: random.double(0...400), height: random.double(0...400))
        default: return Rect(x: -5, y: -5, width: contentSize.width + 10, height: contentSize.height + 10)
        }
    }
}
