import FlowLayoutCore

/// The inputs an engine has received, kept plainly so that the eager reference
/// can lay out the same thing at any moment: configuration, options, viewport,
/// and per section each item's own size (reported, given, inserted with one,
/// moved with one) or `nil` for the default size.
///
/// Batches are applied to these arrays by the rules of `flow-layout.md` 10.1 and
/// 10.2 read literally, with none of the engine's code.
package struct ReferenceModel: Sendable {
    /// The layout's properties (a change settles waterfall columns, 12.3 b).
    package var configuration: FlowLayoutConfiguration {
        didSet { settleColumns() }
    }
    /// The settings beyond UIKit.
    package var options: FlowLayoutOptions
    /// The viewport (a change settles waterfall columns, 12.3 b).
    package var viewportSize: Size {
        didSet { settleColumns() }
    }
    /// *V*, the visible rect the host last gave, or `nil` before any (then the
    /// viewport at the origin, `flow-layout.md` 8).
    package var visibleRect: Rect?
    /// The sections.
    package var sections: [ReferenceLayout.Section]
    /// An identity for every section and item, kept through moves: new for each
    /// inserted section or item, and for every item of a reloaded section.
    package private(set) var sectionIDs: [Int] = []
    /// The identity of every item, per section, kept as ``sectionIDs`` are.
    package private(set) var itemIDs: [[Int]] = []
    /// Each item's column in a waterfall section (`flow-layout.md` 12.3),
    /// per section, kept through changes as ``itemIDs`` are; `nil` for an
    /// item that arrived and is assigned next (``settleColumns()``), and in
    /// flow sections.
    package private(set) var itemColumns: [[Int?]] = []
    private var nextID = 0

    /// Creates a model of the given inputs.
    package init(
        configuration: FlowLayoutConfiguration, options: FlowLayoutOptions = FlowLayoutOptions(),
        sections: [FlowSection], viewportSize: Size
    ) {
        self.configuration = configuration
        self.options = options
        self.viewportSize = viewportSize
        self.sections = sections.map(Self.section)
        sectionIDs = sections.map { _ in makeID() }
        itemIDs = sections.map { section in (0..<section.itemCount).map { _ in makeID() } }
        itemColumns = sections.map { Array(repeating: nil, count: $0.itemCount) }
        settleColumns()
    }

    /// Assigns waterfall sections' columns by `flow-layout.md` 12.3, literally:
    /// a section that has none, or whose column count or width (or the scroll
    /// direction) changed, assigns every item in index order by the sizes in
    /// use (b); otherwise the items that arrived (`nil`) are assigned in
    /// ascending order by the items before each (c), and every other item
    /// keeps its column. Flow sections have none. Called after every
    /// change of the model: batches, and a new viewport or configuration.
    package mutating func settleColumns() {
        let vertical = configuration.scrollDirection == .vertical
        let defaultSize = configuration.isSelfSizing ? configuration.estimatedItemSize : configuration.itemSize
        for s in sections.indices {
            let section = sections[s].section
            let count = sections[s].sizes.count
            let kind = section.kind ?? configuration.waterfall.map { .waterfall($0) } ?? .flow
            guard case .waterfall(let rule) = kind else {
                sections[s].waterfall = nil
                itemColumns[s] = Array(repeating: nil, count: count)
                continue
            }
            let inset = section.sectionInset ?? configuration.sectionInset
            let spacing = section.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
            let lineSpacing = section.minimumLineSpacing ?? configuration.minimumLineSpacing
            let available =
                vertical ? viewportSize.width - inset.left - inset.right : viewportSize.height - inset.top - inset.bottom
            let reference = ReferenceWaterfall(rule)
            let (n, width) = ReferenceWaterfall.resolve(reference.columns, available: available, spacing: spacing)
            let lengths = sections[s].sizes.map {
                ReferenceWaterfall.length(of: $0 ?? defaultSize, columnWidth: width, vertical: vertical)
            }
            let under = ReferenceWaterfall.Assignment(count: n, width: width, vertical: vertical)
            let columns =
                if sections[s].waterfall?.assignedUnder == under {
                    ReferenceWaterfall.assignArrivals(itemColumns[s], lengths: lengths, count: n, lineSpacing: lineSpacing)
                } else if sections[s].waterfall == nil, let given = section.itemColumns {
                    // 12.3 d: a new section's columns as given.
                    given
                } else {
                    ReferenceWaterfall.assignAll(lengths: lengths, count: n, lineSpacing: lineSpacing)
                }
            itemColumns[s] = columns
            sections[s].waterfall = ReferenceWaterfall(columns: reference.columns, itemColumns: columns, assignedUnder: under)
        }
    }

    private mutating func makeID() -> Int {
        nextID += 1
        return nextID
    }

    /// A section of the model from a section of the engine's input.
    static func section(_ section: FlowSection) -> ReferenceLayout.Section {
        let itemSizes = section.itemSizes
        return ReferenceLayout.Section(
            section: section, sizes: itemSizes ?? Array(repeating: nil, count: section.itemCount),
            hasItemSizes: itemSizes != nil)
    }

    /// Records reports in order: a later report of an item replaces an earlier one.
    package mutating func apply(_ reports: [SizeReport]) {
        for report in reports { sections[report.indexPath.section].sizes[report.indexPath.item] = report.size }
    }

    /// Applies a valid batch (10.1): remove deleted and moved-away sections and
    /// items, then place inserted and moved-in ones at their positions after the
    /// batch, in ascending order; sizes travel as 10.2 says.
    package mutating func apply(_ given: BatchUpdate) {
        // 10.6: the redundant forms UIKit tolerates are dropped: an item delete
        // inside a deleted section, an item insert inside an inserted one, and an
        // exact duplicate of a move.
        var batch = given
        batch.deletedItems = given.deletedItems.filter { !given.deletedSections.contains($0.section) }
        batch.insertedItems = given.insertedItems.filter { item in
            !given.insertedSections.contains { $0.index == item.indexPath.section }
        }
        batch.movedItems = given.movedItems.enumerated().filter { index, move in !given.movedItems[..<index].contains(move) }
            .map(\.element)
        batch.movedSections = given.movedSections.enumerated().filter { index, move in
            !given.movedSections[..<index].contains { $0.from == move.from && $0.to == move.to }
        }.map(\.element)
        let selfSizing = configuration.isSelfSizing
        var old = sections
        var oldIDs = itemIDs
        var oldColumns = itemColumns
        let carriedIDs = batch.movedItems.map { oldIDs[$0.from.section][$0.from.item] }
        // Sizes that travel with moved items, read before anything changes; a
        // move that gives a size brings that one, as a report would (10.2).
        let carried = batch.movedItems.map { $0.size ?? old[$0.from.section].sizes[$0.from.item] }
        // Reloaded items take their new size; without one, a self-sizing item
        // becomes unmeasured and any other keeps its size.
        for reload in batch.reloadedItems {
            let path = reload.indexPath
            if let size = reload.size {
                old[path.section].sizes[path.item] = size
            } else if selfSizing && !old[path.section].hasItemSizes {
                old[path.section].sizes[path.item] = nil
            }
        }
        // Items leave their sections (before the batch).
        var leaving: [Int: Set<Int>] = [:]
        for path in batch.deletedItems { leaving[path.section, default: []].insert(path.item) }
        for move in batch.movedItems { leaving[move.from.section, default: []].insert(move.from.item) }
        for (section, items) in leaving {
            old[section].sizes = old[section].sizes.enumerated().filter { !items.contains($0.offset) }.map(\.element)
            oldIDs[section] = oldIDs[section].enumerated().filter { !items.contains($0.offset) }.map(\.element)
            oldColumns[section] = oldColumns[section].enumerated().filter { !items.contains($0.offset) }.map(\.element)
        }
        for reload in batch.reloadedSections {
            old[reload.index] = Self.section(reload.section)
            oldIDs[reload.index] = (0..<reload.section.itemCount).map { _ in makeID() }
            oldColumns[reload.index] = Array(repeating: nil, count: reload.section.itemCount)
        }
        // Sections leave, then enter at their positions after the batch, ascending.
        let leavingSections = Set(batch.deletedSections).union(batch.movedSections.map(\.from))
        let kept = old.indices.filter { !leavingSections.contains($0) }
        var new = kept.map { old[$0] }
        var newIDs = kept.map { oldIDs[$0] }
        var newColumns = kept.map { oldColumns[$0] }
        var newSectionIDs = kept.map { sectionIDs[$0] }
        var entering: [(Int, ReferenceLayout.Section, [Int], Int, [Int?])] = []
        for insertion in batch.insertedSections {
            entering.append(
                (
                    insertion.index, Self.section(insertion.section), (0..<insertion.section.itemCount).map { _ in makeID() },
                    makeID(), Array(repeating: nil, count: insertion.section.itemCount)
                ))
        }
        for move in batch.movedSections {
            entering.append((move.to, old[move.from], oldIDs[move.from], sectionIDs[move.from], oldColumns[move.from]))
        }
        for (index, section, ids, id, columns) in entering.sorted(by: { $0.0 < $1.0 }) {
            new.insert(section, at: index)
            newIDs.insert(ids, at: index)
            newSectionIDs.insert(id, at: index)
            newColumns.insert(columns, at: index)
        }
        // Items enter their sections (after the batch), ascending.
        var arriving: [(FlowIndexPath, Size?, Int)] = []
        for insertion in batch.insertedItems { arriving.append((insertion.indexPath, insertion.size, makeID())) }
        for (index, move) in batch.movedItems.enumerated() { arriving.append((move.to, carried[index], carriedIDs[index])) }
        for (path, size, id) in arriving.sorted(by: { $0.0 < $1.0 }) {
            new[path.section].sizes.insert(size, at: path.item)
            newIDs[path.section].insert(id, at: path.item)
            // 12.3 c: an inserted or moved item is assigned anew.
            newColumns[path.section].insert(nil, at: path.item)
        }
        for index in new.indices { new[index].section.itemCount = new[index].sizes.count }
        sections = new
        itemIDs = newIDs
        sectionIDs = newSectionIDs
        itemColumns = newColumns
        settleColumns()
    }

    /// The reference layout of the current inputs, with self-sizing items that
    /// have not reported at `estimatedItemSize` (the engine's current estimate).
    package func layout(estimatedItemSize: Size? = nil) -> ReferenceLayout {
        ReferenceLayout(
            configuration: configuration, options: options, sections: sections, viewportSize: viewportSize,
            estimatedItemSize: estimatedItemSize)
    }

    /// The frames a host sees (`flow-layout.md` 8): the reference layout of the
    /// current inputs presented for the current visible rect.
    package func presentation(estimatedItemSize: Size? = nil) -> ReferencePresentation {
        ReferencePresentation(
            natural: layout(estimatedItemSize: estimatedItemSize), configuration: configuration, options: options,
            viewportSize: viewportSize, visibleRect: visibleRect)
    }

    /// Every item's index path, in order.
    package var itemPaths: [FlowIndexPath] {
        sections.enumerated().flatMap { s, section in (0..<section.sizes.count).map { FlowIndexPath(item: $0, section: s) } }
    }
}
