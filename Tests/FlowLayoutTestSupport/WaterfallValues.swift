import FlowLayoutCore
import FlowLayoutReference

/// Values under which a waterfall section's lengths and positions are exact
/// in `Double` (`flow-layout.md` 12.2): sizes whose extent across the
/// columns is a power of two (or 0) and whose extent along them is a
/// multiple of 1/4, in columns whose count is a power of two. The reference
/// sums positions one item after another, the engine exactly in any order;
/// with these they agree to the bit, ties of 12.3 (a) included, so sequences
/// compare exactly.
package enum WaterfallValues {
    /// The column counts that keep a dyadic width dyadic.
    package static let columnCounts = [1, 2, 4, 8]

    /// A random exact size.
    package static func size(_ random: inout SeededRandom, vertical: Bool) -> Size {
        let across = random.chance(0.1) ? 0 : Double(1 << random.int(0...8))
        let along = Double(random.int(0...480)) / 4
        return vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    /// `size` made exact: its extent across to a power of two from 1 to 256
    /// (0 below 1/2), along to a multiple of 1/4.
    package static func exact(_ size: Size, vertical: Bool) -> Size {
        let (across, along) = vertical ? (size.width, size.height) : (size.height, size.width)
        var power = 0.0
        if across >= 0.5 {
            power = 1
            while power < 256 && power * 2 <= across { power *= 2 }
        }
        let quarter = (along * 4).rounded(.down) / 4
        return vertical ? Size(width: power, height: quarter) : Size(width: quarter, height: power)
    }

    /// `section` with its sizes and its spacing made exact.
    package static func exact(_ section: FlowSection, vertical: Bool) -> FlowSection {
        var section = section
        if let sizes = section.itemSizes { section.itemSizes = sizes.map { exact($0, vertical: vertical) } }
        if let spacing = section.minimumInteritemSpacing { section.minimumInteritemSpacing = (spacing * 4).rounded(.down) / 4 }
        return section
    }

    /// `batch` with every size it gives made exact.
    package static func exact(_ batch: BatchUpdate, vertical: Bool) -> BatchUpdate {
        var batch = batch
        batch.insertedItems = batch.insertedItems.map {
            .init(indexPath: $0.indexPath, size: $0.size.map { exact($0, vertical: vertical) })
        }
        batch.reloadedItems = batch.reloadedItems.map {
            .init(indexPath: $0.indexPath, size: $0.size.map { exact($0, vertical: vertical) })
        }
        batch.movedItems = batch.movedItems.map { .init(from: $0.from, to: $0.to, size: $0.size.map { exact($0, vertical: vertical) }) }
        batch.insertedSections = batch.insertedSections.map { .init(index: $0.index, section: exact($0.section, vertical: vertical)) }
        batch.reloadedSections = batch.reloadedSections.map { .init(index: $0.index, section: exact($0.section, vertical: vertical)) }
        return batch
    }

    /// `configuration` made a waterfall layout with exact values: `columns`
    /// for every section, the item size and estimate powers of two across.
    package static func waterfall(_ configuration: FlowLayoutConfiguration, columns: Int) -> FlowLayoutConfiguration {
        var configuration = configuration
        configuration.waterfall = .count(columns)
        configuration.itemSize = Size(width: 32, height: 16)
        if configuration.isSelfSizing { configuration.estimatedItemSize = Size(width: 64, height: 32) }
        return configuration
    }
}
