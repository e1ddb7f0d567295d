import FlowLayoutCore
import FlowLayoutReference

/// Seeded random presentation options (`flow-layout.md` 8): pinned headers and
/// footers, right to left, pixel snapping at 0, 1, 2 or 3 pixels a point,
/// every snapping mode, content at the end (8.6), following the end (7.4);
/// and random visible rects,
/// proposals and velocities.
package enum RandomPresentation {
    /// Options with every presentation setting drawn at random (alignments and
    /// anchoring kept from `options`).
    package static func options(_ options: FlowLayoutOptions, random: inout SeededRandom) -> FlowLayoutOptions {
        var options = options
        options.layoutDirection = random.chance(0.5) ? .rightToLeft : .leftToRight
        options.displayScale = random.chance(0.4) ? 0 : random.pick([1, 2, 3])
        options.snapping = random.pick(FlowLayoutOptions.ScrollSnapping.allCases)
        options.contentAlignment = random.chance(0.35) ? .end : .start
        options.followsEnd = random.chance(0.35)
        return options
    }

    /// `configuration` with pinning drawn at random; a header or footer made
    /// likely where one pins, so that pinning has something to move.
    package static func pinning(_ configuration: FlowLayoutConfiguration, random: inout SeededRandom, dyadic: Bool)
        -> FlowLayoutConfiguration
    {
        var configuration = configuration
        func length() -> Double {
            let value = random.double(1...60)
            return dyadic ? (value * 4).rounded(.down) / 4 : value
        }
        configuration.sectionHeadersPinToVisibleBounds = random.chance(0.5)
        configuration.sectionFootersPinToVisibleBounds = random.chance(0.4)
        if configuration.sectionHeadersPinToVisibleBounds, random.chance(0.6) {
            configuration.headerReferenceSize = Size(width: length(), height: length())
        }
        if configuration.sectionFootersPinToVisibleBounds, random.chance(0.6) {
            configuration.footerReferenceSize = Size(width: length(), height: length())
        }
        return configuration
    }

    /// A visible rect of the viewport's size somewhere over (or a little beyond)
    /// the content, on quarter points when `dyadic`.
    package static func visibleRect(
        contentSize: Size, viewportSize: Size, direction: ScrollDirection, random: inout SeededRandom, dyadic: Bool
    ) -> Rect {
        var along = random.double(-60...(max(0, direction == .vertical ? contentSize.height : contentSize.width) + 60))
        if dyadic { along = (along * 4).rounded(.down) / 4 }
        let across = random.chance(0.8) ? 0 : (dyadic ? 0.25 : 0.3)
        return direction == .vertical
            ? Rect(x: across, y: along, width: viewportSize.width, height: viewportSize.height)
            : Rect(x: along, y: across, width: viewportSize.width, height: viewportSize.height)
    }

    /// A proposed resting offset: anywhere over the content and beyond it, or,
    /// when `exact`, sometimes exactly a snapping candidate or halfway between two.
    package static func proposal(
        _ presentation: ReferencePresentation, random: inout SeededRandom, exact: Bool
    ) -> Double {
        let vertical = presentation.configuration.scrollDirection == .vertical
        let content = vertical ? presentation.contentSize.height : presentation.contentSize.width
        let p = random.double(-100...(content + 100))
        guard exact, random.chance(0.4) else { return p }
        let candidates = presentation.candidates(around: p).sorted()
        guard let index = candidates.indices.randomElement(using: &random) else { return p }
        if random.chance(0.5) || index + 1 == candidates.count { return candidates[index] }
        return candidates[index] + (candidates[index + 1] - candidates[index]) / 2
    }

    /// A velocity along the scroll axis: zero, or either sign at random speed.
    package static func velocity(direction: ScrollDirection, random: inout SeededRandom) -> Point {
        let speed = random.pick([0, 0, 1, -1]) * random.double(0.1...4)
        return direction == .vertical ? Point(x: random.double(-1...1), y: speed) : Point(x: speed, y: random.double(-1...1))
    }

    /// The tolerance of comparisons: 0 when `exact`; else 1e-9 of the content
    /// extent, widened by a pixel with snapping (an edge or offset computed by two
    /// roundings can land either side of a snapping tie).
    package static func tolerance(exact: Bool, dyadic: Bool, options: FlowLayoutOptions, contentSize: Size) -> Double {
        if exact { return 0 }
        let extent = LayoutComparison.tolerance(contentSize: contentSize)
        return options.displayScale > 0 ? extent + 1 / options.displayScale : extent
    }

    /// Whether `value` is a multiple of 1/4 (and small enough to add exactly).
    package static func isDyadic(_ value: Double) -> Bool {
        abs(value) < 0x1p40 && (value * 4).rounded() == value * 4
    }

    /// Whether engine and reference must agree bit for bit: dyadic values, and no
    /// mirroring along the scroll axis in a content width on a grid of thirds
    /// (there the two mirror pinned frames by different, equally valid roundings).
    package static func isExact(dyadic: Bool, configuration: FlowLayoutConfiguration, options: FlowLayoutOptions) -> Bool {
        dyadic
            && !(options.displayScale == 3 && options.layoutDirection == .rightToLeft
                && configuration.scrollDirection == .horizontal)
    }
}
