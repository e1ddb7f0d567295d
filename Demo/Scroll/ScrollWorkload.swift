import FlowLayout
import FlowLayoutReference
import FlowLayoutDescription

/// The collection a session scrolls: what the engine is told (counts, the
/// estimate, metrics) and what the host measures (each item's real size).
struct ScrollWorkload: Sendable {
    /// The engine's configuration; its `estimatedItemSize` is not zero.
    var configuration: FlowLayoutConfiguration
    /// The engine's sections: counts and metric overrides, no sizes.
    var sections: [FlowSection]
    /// The viewport.
    var viewportSize: Size
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
        case described([[Size]?], itemSize: Size)
    }

    /// The real size of an item.
    func realSize(_ indexPath: FlowIndexPath) -> Size {
        switch sizes {
        case let .seeded(estimate, variation, seed):
            var random = SeededRandom.keyed(UInt64(indexPath.section) << 32 | UInt64(indexPath.item), seed: seed)
            func scaled(_ value: Double) -> Double {
                ((value * (1 + variation * random.double(-1...1))) * 2).rounded() / 2
            }
            return Size(width: scaled(estimate.width), height: scaled(estimate.height))
        case let .described(perSection, itemSize):
            return perSection[indexPath.section]?[indexPath.item] ?? itemSize
        }
    }

    /// The built-in collection: `sectionCount` sections of `itemsPerSection`
    /// self-sizing cards in a two-column grid with headers.
    static func generated(
        sectionCount: Int, itemsPerSection: Int, estimate: Size, variation: Double, seed: UInt64, viewport: Size,
        direction: ScrollDirection
    ) -> ScrollWorkload {
        var configuration = FlowLayoutConfiguration(scrollDirection: direction, estimatedItemSize: estimate)
        configuration.minimumLineSpacing = 8
        configuration.minimumInteritemSpacing = 8
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerReferenceSize = Size(width: 40, height: 40)
        let sections = [FlowSection](repeating: FlowSection(itemCount: itemsPerSection), count: sectionCount)
        let total = sectionCount * itemsPerSection
        return ScrollWorkload(
            configuration: configuration, sections: sections, viewportSize: viewport,
            sizes: .seeded(estimate: estimate, variation: variation, seed: seed),
            summary: "\(grouped(total)) self-sizing items in \(grouped(sectionCount)) sections, estimate \(estimate), "
                + "real sizes ±\(Int((variation * 100).rounded()))% (seed \(seed))")
    }

    /// A description's collection: its `itemSizes` are the real sizes, its
    /// `estimatedItemSize` the estimate.
    static func described(_ description: LayoutDescription) throws -> ScrollWorkload {
        guard description.configuration.isSelfSizing else {
            throw InputError("layout.estimatedItemSize: must not be zero for a scroll session (it is the estimate)")
        }
        var sections = description.sections
        let real = sections.map(\.itemSizes)
        for index in sections.indices { sections[index].itemSizes = nil }
        let total = sections.reduce(0) { $0 + $1.itemCount }
        return ScrollWorkload(
            configuration: description.configuration, sections: sections, viewportSize: description.viewportSize,
            sizes: .described(real, itemSize: description.configuration.itemSize),
            summary: "\(grouped(total)) self-sizing items in \(grouped(sections.count)) sections from a description, "
                + "estimate \(description.configuration.estimatedItemSize)")
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
