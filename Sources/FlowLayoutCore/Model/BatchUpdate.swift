/// A batch of data changes, applied at once like the updates inside UIKit's
/// `performBatchUpdates(_:completion:)` (`flow-layout.md` 10).
///
/// Index conventions are UIKit's (10.1): deletions, reloads and the sources of
/// moves name positions *before* the batch; insertions and the destinations of
/// moves name positions *after* it. Build a batch with the methods named like
/// `UICollectionView`'s, then apply it with
/// ``FlowLayoutState/performBatchUpdates(_:)``:
///
/// ```swift
/// var batch = BatchUpdate()
/// batch.deleteItems(at: [FlowIndexPath(item: 1, section: 0)])
/// batch.insertItems(at: [FlowIndexPath(item: 0, section: 0)])
/// batch.moveItem(at: FlowIndexPath(item: 4, section: 0), to: FlowIndexPath(item: 2, section: 0))
/// let result = try state.performBatchUpdates(batch)
/// ```
public struct BatchUpdate: Hashable, Sendable {
    /// A section put in at an index after the batch: its whole content and overrides.
    public struct SectionInsertion: Hashable, Sendable {
        /// The section's index: after the batch for an insertion, before it for a reload.
        public var index: Int
        /// The section's content, like a section of the layout's description.
        public var section: FlowSection

        /// Creates an insertion (or a reload) of `section` at `index`.
        public init(index: Int, section: FlowSection) {
            self.index = index
            self.section = section
        }
    }

    /// A section moved from an index before the batch to one after it.
    public struct SectionMove: Hashable, Sendable {
        /// The index before the batch.
        public var from: Int
        /// The index after the batch.
        public var to: Int

        /// Creates a move.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// An item put in (after the batch) or reloaded (before it), with its size
    /// if known (10.2).
    public struct ItemInsertion: Hashable, Sendable {
        /// The item: after the batch for an insertion, before it for a reload.
        public var indexPath: FlowIndexPath
        /// Its size, or `nil`: an inserted item then takes `itemSize`, or the
        /// estimate (unmeasured) when self-sizing; a reloaded self-sizing item
        /// becomes unmeasured, any other keeps its size.
        public var size: Size?

        /// Creates an insertion (or a reload) of the item at `indexPath`.
        public init(indexPath: FlowIndexPath, size: Size? = nil) {
            self.indexPath = indexPath
            self.size = size
        }
    }

    /// An item moved from a position before the batch to one after it: it
    /// keeps its size, measured or not, unless the move comes with one
    /// (`flow-layout.md` 10.2).
    public struct ItemMove: Hashable, Sendable {
        /// The position before the batch.
        public var from: FlowIndexPath
        /// The position after the batch.
        public var to: FlowIndexPath
        /// The size the item arrives with, as if it had reported it (a
        /// snapshot that moves an item and gives it a new size), or `nil`: it
        /// keeps the size it had.
        public var size: Size?

        /// Creates a move, with the size the item arrives with, if any.
        public init(from: FlowIndexPath, to: FlowIndexPath, size: Size? = nil) {
            self.from = from
            self.to = to
            self.size = size
        }
    }

    /// Sections deleted, by their index before the batch.
    public var deletedSections: [Int] = []
    /// Sections inserted, at their index after the batch.
    public var insertedSections: [SectionInsertion] = []
    /// Sections reloaded, by their index before the batch, with their new content.
    public var reloadedSections: [SectionInsertion] = []
    /// Sections moved.
    public var movedSections: [SectionMove] = []
    /// Items deleted, by their position before the batch.
    public var deletedItems: [FlowIndexPath] = []
    /// Items inserted, at their position after the batch.
    public var insertedItems: [ItemInsertion] = []
    /// Items reloaded, by their position before the batch.
    public var reloadedItems: [ItemInsertion] = []
    /// Items moved.
    public var movedItems: [ItemMove] = []

    /// An empty batch.
    public init() {}

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// Deletes sections, named by their index before the batch (UIKit's `deleteSections(_:)`).
    public mutating func deleteSections(_ sections: [Int]) {
        deletedSections += sections
    }

    /// Inserts `section` so that it has `index` after the batch (UIKit's `insertSections(_:)`).
    public mutating func insertSection(_ section: FlowSection, at index: Int) {
        insertedSections.append(SectionInsertion(index: index, section: section))
    }

    /// Replaces section `index` (before the batch) with `section`: its items and
    /// overrides (UIKit's `reloadSections(_:)`, with the data source's new answers).
    public mutating func reloadSection(_ index: Int, with section: FlowSection) {
        reloadedSections.append(SectionInsertion(index: index, section: section))
    }

    /// Moves section `section` (before the batch) to `newSection` (after it)
    /// (UIKit's `moveSection(_:toSection:)`).
    public mutating func moveSection(_ section: Int, toSection newSection: Int) {
        movedSections.append(SectionMove(from: section, to: newSection))
    }

    /// Deletes items, named by their position before the batch (UIKit's `deleteItems(at:)`).
    public mutating func deleteItems(at indexPaths: [FlowIndexPath]) {
        deletedItems += indexPaths
    }

    /// Inserts items without sizes of their own at their positions after the
    /// batch (UIKit's `insertItems(at:)`).
    public mutating func insertItems(at indexPaths: [FlowIndexPath]) {
        insertedItems += indexPaths.map { ItemInsertion(indexPath: $0) }
    }

    /// Inserts one item at `indexPath` (after the batch), with its size if known.
    public mutating func insertItem(at indexPath: FlowIndexPath, size: Size?) {
        insertedItems.append(ItemInsertion(indexPath: indexPath, size: size))
    }

    /// Reloads items, named by their position before the batch (UIKit's `reloadItems(at:)`).
    public mutating func reloadItems(at indexPaths: [FlowIndexPath]) {
        reloadedItems += indexPaths.map { ItemInsertion(indexPath: $0) }
    }

    /// Reloads one item (before the batch), with its new size if known.
    public mutating func reloadItem(at indexPath: FlowIndexPath, size: Size?) {
        reloadedItems.append(ItemInsertion(indexPath: indexPath, size: size))
    }

    /// Moves an item from `indexPath` (before the batch) to `newIndexPath` (after
    /// it) (UIKit's `moveItem(at:to:)`); with `size`, the item arrives with
    /// that size, as if it had reported it (`flow-layout.md` 10.2).
    public mutating func moveItem(at indexPath: FlowIndexPath, to newIndexPath: FlowIndexPath, size: Size? = nil) {
        movedItems.append(ItemMove(from: indexPath, to: newIndexPath, size: size))
    }
}

extension BatchUpdate {
    /// The operation lists of a batch as the first step of a ``FieldPath``: an
    /// error about a batch names the list and the entry (`insertItems[0].item`),
    /// and a caller that built the batch from other operations (the host, from
    /// UIKit's update items) matches this value to rename the path.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        /// ``BatchUpdate/deletedSections``, by section index before the batch.
        case deleteSections
        /// ``BatchUpdate/insertedSections``: `.index` (after the batch) and `.section` (the content).
        case insertSections
        /// ``BatchUpdate/reloadedSections``: `.index` (before the batch) and `.section` (the content).
        case reloadSections
        /// ``BatchUpdate/movedSections``: `.from` (before) and `.to` (after).
        case moveSections
        /// ``BatchUpdate/deletedItems``: `.section` and `.item`, before the batch.
        case deleteItems
        /// ``BatchUpdate/insertedItems``: `.section` and `.item` after the batch, and `.size`.
        case insertItems
        /// ``BatchUpdate/reloadedItems``: `.section` and `.item` before the batch, and `.size`.
        case reloadItems
        /// ``BatchUpdate/movedItems``: `.from` (before) and `.to` (after), each
        /// with `.section` and `.item`, and `.size`.
        case moveItems

        /// Whether the list names sections (rather than items).
        public var namesSections: Bool {
            switch self {
            case .deleteSections, .insertSections, .reloadSections, .moveSections: true
            case .deleteItems, .insertItems, .reloadItems, .moveItems: false
            }
        }
    }
}

extension FieldPath {
    /// The path of entry `index` of a batch's list `field`: `insertItems[0]`.
    ///
    /// - Complexity: O(1).
    public init(_ field: BatchUpdate.Field, _ index: Int) {
        self.init(field.rawValue, index)
    }
}

/// What a batch did: the scroll adjustment that keeps the anchor still, and the
/// before and after frames of what is on screen, for animating (`flow-layout.md`
/// 10.4, 10.5).
public struct BatchUpdateResult: Hashable, Sendable {
    /// The content-offset adjustment, content sizes and anchor. The anchor is
    /// named by its index path after the batch; its previous frame is in the
    /// coordinates of before.
    public var update: LayoutUpdate
    /// Every element that meets the visible rect before the batch, or the
    /// adjusted visible rect after it, in element order after the batch (elements
    /// deleted come at the end, in their order before).
    public var transitions: [ElementTransition]

    /// Creates a result.
    public init(update: LayoutUpdate, transitions: [ElementTransition]) {
        self.update = update
        self.transitions = transitions
    }
}

/// One element's frames around a batch: UIKit's initial and final layout
/// attributes of appearing and disappearing items.
public struct ElementTransition: Hashable, Sendable {
    /// Cell, header or footer.
    public var category: ElementCategory
    /// The element's index path after the batch; before it, for a deleted element.
    public var indexPath: FlowIndexPath
    /// The element's index path before the batch; `nil` for an inserted element.
    public var previousIndexPath: FlowIndexPath?
    /// The frame before the batch, moved by the batch's content-offset
    /// adjustment (so that it is in the coordinates of after); `nil` for an
    /// inserted element.
    public var before: Rect?
    /// The frame after the batch; `nil` for a deleted element.
    public var after: Rect?

    /// Creates a transition.
    public init(category: ElementCategory, indexPath: FlowIndexPath, previousIndexPath: FlowIndexPath?, before: Rect?, after: Rect?) {
        self.category = category
        self.indexPath = indexPath
        self.previousIndexPath = previousIndexPath
        self.before = before
        self.after = after
    }
}
