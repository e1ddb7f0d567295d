import FlowLayoutCore
import FlowLayoutReference

/// One random layout input: configuration, sections and viewport, drawn from a
/// seed. Values are either *dyadic* (multiples of 1/4, small enough that every
/// sum is exact in `Double`, so engine and reference must agree bit for bit) or
/// arbitrary fractions (where summation order may differ in the last bits).
package struct RandomLayoutCase: Sendable, CustomStringConvertible {
    /// The seed this case was drawn from.
    package let seed: UInt64
    /// Whether every value is a small multiple of 1/4.
    package let isDyadic: Bool
    /// The layout's properties.
    package var configuration: FlowLayoutConfiguration
    /// The settings beyond UIKit (alignments).
    package var options = FlowLayoutOptions()
    /// The sections.
    package var sections: [FlowSection]
    /// The viewport.
    package var viewportSize: Size

    /// Draws a case from `seed`, with at most `maximumSections` sections and
    /// `maximumItems` items in all.
    package init(seed: UInt64, maximumSections: Int = 50, maximumItems: Int = 500) {
        var random = SeededRandom(seed: seed)
        self.seed = seed
        let dyadic = random.chance(0.6)
        isDyadic = dyadic
        func length(_ range: ClosedRange<Double>, zeroChance: Double = 0.1) -> Double {
            if random.chance(zeroChance) { return 0 }
            let value = random.double(range)
            return dyadic ? (value * 4).rounded(.down) / 4 : value
        }
        func size(_ range: ClosedRange<Double>, zeroChance: Double = 0.05) -> Size {
            Size(width: length(range, zeroChance: zeroChance), height: length(range, zeroChance: zeroChance))
        }
        func insets() -> EdgeInsets {
            random.chance(0.4)
                ? .zero
                : EdgeInsets(top: length(0...40), left: length(0...60), bottom: length(0...40), right: length(0...60))
        }
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = random.chance(0.5) ? .vertical : .horizontal
        configuration.itemSize = size(0...160)
        configuration.estimatedItemSize = random.chance(0.3) ? size(1...120, zeroChance: 0) : .zero
        configuration.minimumLineSpacing = length(0...20, zeroChance: 0.2)
        configuration.minimumInteritemSpacing = length(0...20, zeroChance: 0.2)
        configuration.sectionInset = insets()
        configuration.headerReferenceSize = random.chance(0.5) ? .zero : size(0...60)
        configuration.footerReferenceSize = random.chance(0.5) ? .zero : size(0...60)
        var options = FlowLayoutOptions()
        if random.chance(0.25) { options.lineAlignment = random.pick(LineAlignment.allCases) }
        if random.chance(0.25) { options.lastLineAlignment = random.pick(LastLineAlignment.allCases) }
        if random.chance(0.25) { options.crossAlignment = random.pick(CrossAlignment.allCases) }
        let viewportSize = Size(width: length(20...700, zeroChance: 0.02), height: length(20...900, zeroChance: 0.02))
        self.viewportSize = viewportSize
        let vertical = configuration.scrollDirection == .vertical
        // The space a line has, and a width along it from a main and a cross extent.
        func available(_ inset: EdgeInsets) -> Double {
            vertical ? viewportSize.width - inset.left - inset.right : viewportSize.height - inset.top - inset.bottom
        }
        func along(_ main: Double, _ cross: Double) -> Size {
            vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
        }
        // Widths that fill a line exactly in real numbers, k to a line (avail/3
        // with spacing 0): where UIKit's subtraction may round below the last one
        // (`flow-layout.md` 2.1). Fractions, so only in fractional cases.
        func exactFit(_ inset: EdgeInsets, spacing: Double) -> Double? {
            guard !dyadic else { return nil }
            let k = Double(random.int(1...5))
            let width = (available(inset) - (k - 1) * spacing) / k
            return width >= 0 && width.isFinite ? width : nil
        }
        if random.chance(0.15), let width = exactFit(configuration.sectionInset, spacing: configuration.minimumInteritemSpacing) {
            configuration.itemSize = along(width, length(0...160))
        }
        self.configuration = configuration
        self.options = options

        let sectionCount = random.int(0...maximumSections)
        var itemsLeft = random.int(0...maximumItems)
        var sections: [FlowSection] = []
        for _ in 0..<sectionCount {
            let count = random.chance(0.15) ? 0 : random.int(0...min(itemsLeft, random.chance(0.3) ? 200 : 30))
            itemsLeft -= count
            var section = FlowSection(itemCount: count)
            if random.chance(0.3) { section.sectionInset = insets() }
            if random.chance(0.2) { section.minimumLineSpacing = length(0...30) }
            if random.chance(0.2) { section.minimumInteritemSpacing = length(0...30) }
            if random.chance(0.2) { section.headerReferenceSize = size(0...50, zeroChance: 0.3) }
            if random.chance(0.2) { section.footerReferenceSize = size(0...50, zeroChance: 0.3) }
            let inset = section.sectionInset ?? configuration.sectionInset
            let spacing = section.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
            if random.chance(0.35) {
                let sizes: [Size]
                switch random.int(0...5) {
                case 0:
                    // All equal explicit sizes: uniform unless self-sizing (3.3).
                    let one = random.chance(0.3) ? configuration.itemSize : size(0...180)
                    sizes = Array(repeating: one, count: count)
                case 1:
                    // One shared width along the line, differing extents across.
                    let width = exactFit(inset, spacing: spacing) ?? length(0...180)
                    sizes = (0..<count).map { _ in along(width, length(0...120)) }
                case 2:
                    // Single-item lines: wider than half the line, some wider than all of it.
                    let line = Swift.max(available(inset), 0)
                    sizes = (0..<count).map { _ in along(length((line * 0.51)...(line * 1.2 + 1)), length(0...120)) }
                case 3:
                    // Exact-fit widths, equal or with differing extents across.
                    let width = exactFit(inset, spacing: spacing) ?? length(0...180)
                    let equal = random.chance(0.5)
                    let height = length(0...120)
                    sizes = (0..<count).map { _ in along(width, equal ? height : length(0...120)) }
                default:
                    sizes = (0..<count).map { _ in size(0...(random.chance(0.1) ? 800 : 180)) }
                }
                section.itemSizes = sizes
            }
            sections.append(section)
        }
        self.sections = sections
    }

    /// A one-line summary for failure messages.
    package var description: String {
        "seed \(seed) (\(isDyadic ? "dyadic" : "fractional")), \(configuration.scrollDirection), "
            + "viewport \(viewportSize), \(sections.count) sections, "
            + "\(sections.reduce(0) { $0 + $1.itemCount }) items"
    }
}
