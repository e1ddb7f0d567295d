/// One change of a batch update as UIKit hands it to a layout:
/// `UICollectionViewUpdateItem`, with its action and its index paths before
/// and after the update (`flow-layout.md` 10.1).
///
/// An operation on a whole section names it with a section-only path
/// (``UpdateIndexPath/item`` is `nil`; UIKit uses `NSNotFound` there). The
/// shapes UIKit produces are the only ones that can be built:
///
/// | action | before | after |
/// |--------|--------|-------|
/// | insert | – | the new position |
/// | delete | the old position | – |
/// | reload | the old position | the same element's position after |
/// | move   | the old position | the new position |
///
/// and both paths of a reload or move are items, or both sections.
public struct UpdateItem: Hashable, Sendable {
    /// What the update does: UIKit's `UICollectionUpdateAction`.
    public enum Action: Hashable, Sendable, CaseIterable {
        /// Inserts an item or a section.
        case insert
        /// Deletes an item or a section.
        case delete
        /// Reloads an item or a section: its content changed.
        case reload
        /// Moves an item or a section.
        case move
        /// Does nothing; ignored.
        case none
    }

    /// What the update does.
    public let updateAction: Action
    /// The position before the update: `nil` for an insertion.
    public let indexPathBeforeUpdate: UpdateIndexPath?
    /// The position after the update: `nil` for a deletion.
    public let indexPathAfterUpdate: UpdateIndexPath?

    /// Creates an update item of one of UIKit's shapes (see the table above),
    /// or `nil` for any other: a path missing or extra, or a reload or move
    /// from an item to a section.
    public init?(updateAction: Action, indexPathBeforeUpdate: UpdateIndexPath?, indexPathAfterUpdate: UpdateIndexPath?) {
        switch (updateAction, indexPathBeforeUpdate, indexPathAfterUpdate) {
        case (.insert, nil, .some), (.delete, .some, nil), (.none, _, _):
            break
        case let (.reload, before?, after?), let (.move, before?, after?):
            guard before.isSection == after.isSection else { return nil }
        default:
            return nil
        }
        self.updateAction = updateAction
        self.indexPathBeforeUpdate = indexPathBeforeUpdate
        self.indexPathAfterUpdate = indexPathAfterUpdate
    }

    private init(_ action: Action, _ before: UpdateIndexPath?, _ after: UpdateIndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }

    /// Inserts an item at its position after the update.
    public static func insertItem(at indexPath: FlowIndexPath) -> UpdateItem {
        UpdateItem(.insert, nil, UpdateIndexPath(indexPath))
    }

    /// Deletes the item at its position before the update.
    public static func deleteItem(at indexPath: FlowIndexPath) -> UpdateItem {
        UpdateItem(.delete, UpdateIndexPath(indexPath), nil)
    }

    /// Reloads the item at `indexPath` before the update, which is at
    /// `newIndexPath` after it (the same position when nothing else moves it).
    public static func reloadItem(at indexPath: FlowIndexPath, to newIndexPath: FlowIndexPath? = nil) -> UpdateItem {
        UpdateItem(.reload, UpdateIndexPath(indexPath), UpdateIndexPath(newIndexPath ?? indexPath))
    }

    /// Moves an item from its position before the update to one after it.
    public static func moveItem(at indexPath: FlowIndexPath, to newIndexPath: FlowIndexPath) -> UpdateItem {
        UpdateItem(.move, UpdateIndexPath(indexPath), UpdateIndexPath(newIndexPath))
    }

    /// Inserts a section at its index after the update.
    public static func insertSection(_ section: Int) -> UpdateItem {
        UpdateItem(.insert, nil, .section(section))
    }

    /// Deletes the section at its index before the update.
    public static func deleteSection(_ section: Int) -> UpdateItem {
        UpdateItem(.delete, .section(section), nil)
    }

    /// Reloads section `section` (before the update), which has index
    /// `newSection` after it (the same when nothing else moves it).
    public static func reloadSection(_ section: Int, to newSection: Int? = nil) -> UpdateItem {
        UpdateItem(.reload, .section(section), .section(newSection ?? section))
    }

    /// Moves a section from its index before the update to one after it.
    public static func moveSection(_ section: Int, toSection newSection: Int) -> UpdateItem {
        UpdateItem(.move, .section(section), .section(newSection))
    }
}

/// A position named by an ``UpdateItem``: an item, or a whole section.
public struct UpdateIndexPath: Hashable, Sendable {
    /// The section index.
    public var section: Int
    /// The item index, or `nil` when the path names the whole section.
    public var item: Int?

    /// A path naming an item.
    public init(_ indexPath: FlowIndexPath) {
        section = indexPath.section
        item = indexPath.item
    }

    /// A path naming the whole of `section`.
    public static func section(_ section: Int) -> UpdateIndexPath {
        var path = UpdateIndexPath(FlowIndexPath(item: 0, section: section))
        path.item = nil
        return path
    }

    /// Whether the path names a whole section.
    public var isSection: Bool { item == nil }

    /// The item's index path, or `nil` for a section path.
    public var indexPath: FlowIndexPath? { item.map { FlowIndexPath(item: $0, section: section) } }
}
