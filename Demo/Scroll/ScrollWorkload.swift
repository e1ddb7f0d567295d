import FlowLayout
import FlowLayoutDescription
import FlowLayoutReference

/// The collection a session scrolls: what the engine is told (counts, the
/// estimate, metrics) and what the host measures (each item's real size).
struct ScrollWorkload: Sendable {
    /// The engine's configuration; its `estimatedItemSize` is not zero.
    var configuration: FlowLayoutConfiguration
    /// The engine's sections: counts and metric overrides, no sizes.
    var sections: [FlowSection]
    /// The viewport.
    var viewportSize: Size
    /// The options a description gives (alignments, direction, display scale);
    /// the defaults for the built-in workloads.
    var options = FlowLayoutOptions()
    /// How real sizes are produced.
    var sizes: RealSizes
    /// A one-line summary.
    var summary: String

    /// Where real sizes come from.
    enum RealSizes: Sendable {
        /// The estimate scaled per item by a seeded factor in 1 ± variation along
        /// each axis, rounded to half points (a 2× display).
        case seeded(estimate: Size, variation: Double, seed: UInt64)
        /// A description's sizes: per section, `itemSizes`, or `itemSize` for all.
        /// Items added during the session: the estimate ± 50%, seeded.
        case described([[Size]?], itemSize: Size, seed: UInt64)
        /// Chat messages: the full `width`, and a seeded height: text of one to
        /// fifteen lines (most are short), or now and then a photo.
        case messages(width: Double, seed: UInt64)
        /// Cards in a waterfall section's columns, measured at the column's
        /// `width` (`flow-layout.md` 12.2): the estimate's height scaled by a
        /// seeded factor in 1 ± variation.
        case cards(width: Double, estimate: Size, variation: Double, seed: UInt64)
    }

    /// The real size of the item at `indexPath` when the session starts.
    func realSize(_ indexPath: FlowIndexPath) -> Size {
        realSize(of: .original(indexPath))
    }

    /// The real size of an item: the same for an identity whatever its position
    /// and whenever it is asked.
    @inline(__always)
    func realSize(of item: ItemIdentity) -> Size {
        switch sizes {
        case let .seeded(estimate, variation, seed):
            return Self.scaled(estimate, variation: variation, key: item.rawValue, seed: seed)
        case let .described(perSection, itemSize, seed):
            guard let indexPath = item.originalIndexPath else {
                return Self.scaled(configuration.estimatedItemSize, variation: 0.5, key: item.rawValue, seed: seed)
            }
            return perSection[indexPath.section]?[indexPath.item] ?? itemSize
        case let .cards(width, estimate, variation, seed):
            return Size(width: width, height: Self.scaled(estimate, variation: variation, key: item.rawValue, seed: seed).height)
        case let .messages(width, seed):
            var random = SeededRandom.keyed(item.rawValue, seed: seed)
            if random.chance(0.08) { return Size(width: width, height: 240) }
            var lines = 1
            while lines < 15 && random.chance(0.45) { lines += 1 }
            return Size(width: width, height: 20 + 20.5 * Double(lines))
        }
    }

    /// `estimate` scaled along each axis by a seeded factor in 1 ± variation,
    /// rounded to half points.
    private static func scaled(_ estimate: Size, variation: Double, key: UInt64, seed: UInt64) -> Size {
        var random = SeededRandom.keyed(key, seed: seed)
        func scaled(_ value: Double) -> Double {
            ((value * (1 + variation * random.double(-1...1))) * 2).rounded() / 2
        }
        return Size(width: scaled(estimate.width), height: scaled(estimate.height))
    }

    /// The built-in collection: `sectionCount` sections of `itemsPerSection`
    /// self-sizing cards in a two-column grid with headers.
    /// With `waterfall` columns, every section is a waterfall section of that
    /// many columns (`flow-layout.md` 12), its cards measured at the column's
    /// width (vertical scrolling).
    static func generated(
        sectionCount: Int, itemsPerSection: Int, estimate: Size, variation: Double, seed: UInt64, viewport: Size,
        direction: ScrollDirection, waterfall: Int? = nil
    ) -> ScrollWorkload {
        var configuration = FlowLayoutConfiguration(scrollDirection: direction, estimatedItemSize: estimate)
        configuration.minimumLineSpacing = 8
        configuration.minimumInteritemSpacing = 8
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerReferenceSize = Size(width: 40, height: 40)
        let sections = [FlowSection](repeating: FlowSection(itemCount: itemsPerSection), count: sectionCount)
        let total = sectionCount * itemsPerSection
        var sizes = RealSizes.seeded(estimate: estimate, variation: variation, seed: seed)
        var kind = ""
        if let columns = waterfall {
            configuration.waterfall = .count(columns)
            // 12.1: the column width, across the viewport less the insets and the spacing between columns.
            let width = max(0, (viewport.width - 16 - Double(columns - 1) * 8) / Double(columns))
            sizes = .cards(width: width, estimate: estimate, variation: variation, seed: seed)
            kind = ", waterfall sections of \(columns) columns \(String(format: "%.1f", width)) pt wide"
        }
        return ScrollWorkload(
            configuration: configuration, sections: sections, viewportSize: viewport, sizes: sizes,
            summary: "\(grouped(total)) self-sizing items in \(grouped(sectionCount)) sections\(kind), estimate \(estimate), "
                + "real \(waterfall == nil ? "sizes" : "heights") ±\(Int((variation * 100).rounded()))% (seed \(seed))")
    }

    /// A description's collection: its `itemSizes` are the real sizes, its
    /// `estimatedItemSize` the estimate.
    static func described(_ description: LayoutDescription, seed: UInt64) throws -> ScrollWorkload {
        guard description.configuration.isSelfSizing else {
            throw InputError("layout.estimatedItemSize: must not be zero for a scroll session (it is the estimate)")
        }
        var sections = description.sections
        let real = sections.map(\.itemSizes)
        for index in sections.indices { sections[index].itemSizes = nil }
        let total = sections.reduce(0) { $0 + $1.itemCount }
        return ScrollWorkload(
            configuration: description.configuration, sections: sections, viewportSize: description.viewportSize,
            options: description.options(over: FlowLayoutOptions()),
            sizes: .described(real, itemSize: description.configuration.itemSize, seed: seed),
            summary: "\(grouped(total)) self-sizing items in \(grouped(sections.count)) sections from a description, "
                + "estimate \(description.configuration.estimatedItemSize)")
    }
}

extension ScrollWorkload {
    /// The estimated height of a chat message.
    static let messageEstimate = 64.0

    /// A chat: one section of `messages` full-width, self-sizing messages (one
    /// a line), estimated 64 points high, with real heights from 40.5 to 327.5
    /// points (seeded), 72 on average.
    static func chat(messages: Int, viewport: Size, seed: UInt64) -> ScrollWorkload {
        var configuration = FlowLayoutConfiguration(
            scrollDirection: .vertical, estimatedItemSize: Size(width: viewport.width, height: messageEstimate))
        configuration.minimumLineSpacing = 4
        configuration.minimumInteritemSpacing = 0
        configuration.sectionInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
        return ScrollWorkload(
            configuration: configuration, sections: [FlowSection(itemCount: messages)], viewportSize: viewport,
            sizes: .messages(width: viewport.width, seed: seed),
            summary: "a chat of full-width self-sizing messages, estimate \(LayoutOutput.number(messageEstimate)) pt high, "
                + "real heights seeded (seed \(seed))")
    }
}

/// An integer with thousands separators: 1,000,000.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return value < 0 ? "-" + out : out
}
