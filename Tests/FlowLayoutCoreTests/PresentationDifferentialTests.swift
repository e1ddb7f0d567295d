import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The engine's presentation (`flow-layout.md` 8) against the eager reference's
/// over thousands of seeded random configurations, every option drawn at
/// random: both scroll directions, right to left, pinned headers and footers
/// with random visible rects, pixel snapping at 0 to 3 pixels a point, every
/// snapping mode with random proposals and velocities, scroll to random items
/// at random positions. A failure names the seed, which replays it.
@Suite("Differential: presentation options vs. eager reference")
struct PresentationDifferentialTests {
    /// Configurations per run; `FLOWLAYOUT_LONG_RUNS` multiplies it.
    static let configurationCount = 5_000 * LongRuns.factor

    @Test("random configurations with every presentation option: frames, queries, offsets, scrolls")
    func randomConfigurations() throws {
        let failures = try Seeds.failures(Self.configurationCount, from: 500_000) { seed in
            try Self.compare(seed: seed)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// One random configuration: queries on a fresh state for a random visible
    /// rect (or none: the viewport at the origin), then pure scrolls to other
    /// rects, each compared again.
    static func compare(seed: UInt64) throws -> [String] {
        var input = RandomLayoutCase(seed: seed, maximumSections: 12, maximumItems: 160)
        var random = SeededRandom(seed: seed ^ 0x0715_0715)
        input.configuration = RandomPresentation.pinning(input.configuration, random: &random, dyadic: input.isDyadic)
        input.options = RandomPresentation.options(input.options, random: &random)
        let exact = RandomPresentation.isExact(
            dyadic: input.isDyadic, configuration: input.configuration, options: input.options)
        var state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
            options: input.options)
        let natural = ReferenceLayout(
            configuration: input.configuration, options: input.options, sections: input.sections,
            viewportSize: input.viewportSize)
        let tolerance = RandomPresentation.tolerance(
            exact: exact, dyadic: input.isDyadic, options: input.options, contentSize: natural.contentSize)
        var issues: [String] = []
        var visible: Rect? = nil
        for round in 0..<3 {
            if round > 0 || random.chance(0.8) {
                visible = RandomPresentation.visibleRect(
                    contentSize: natural.contentSize, viewportSize: input.viewportSize,
                    direction: input.configuration.scrollDirection, random: &random, dyadic: input.isDyadic)
                try state.setVisibleRect(visible!)
            }
            let reference = ReferencePresentation(
                natural: natural, configuration: input.configuration, options: input.options,
                viewportSize: input.viewportSize, visibleRect: visible)
            issues += try PresentationComparison.differences(
                &state, reference: reference, tolerance: tolerance, exact: exact, queries: 3, everything: round != 1,
                random: &random
            ).map { "V \(String(describing: visible)): \($0)" }
            if !issues.isEmpty { break }
        }
        return issues.isEmpty
            ? []
            : [
                "\(input), \(input.options), pins \(input.configuration.sectionHeadersPinToVisibleBounds)/\(input.configuration.sectionFootersPinToVisibleBounds)"
            ] + issues
    }
}
