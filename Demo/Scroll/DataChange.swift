import FlowLayout

/// A change of the collection's data in a session: what a host does when its
/// model changes between two frames. Each is one `performBatchUpdates` call
/// (`flow-layout.md` 10).
///
/// Positions are not checked here: a change that names an item or section that
/// does not exist is the engine's to refuse, and the session reports the
/// refusal as bad input.
enum DataChange: Hashable, Sendable, CustomStringConvertible {
    /// `count` items, never measured, inserted so that the first is at `at`.
    case insert(at: FlowIndexPath, count: Int)
    /// `count` items deleted, starting with the one at `at`.
    case delete(at: FlowIndexPath, count: Int)
    /// `count` items, never measured, at the top of the first section.
    case prepend(count: Int)
    /// `count` items, never measured, at the end of the last section.
    case append(count: Int)
    /// The item at `at` reloaded: its content changed, so it is unmeasured again
    /// and its real size is a new one.
    case reload(at: FlowIndexPath)

    /// The most items one change may insert or delete.
    static let maximumCount = 1_000_000

    /// The script token: `insert:0.12:3`, `prepend:50`.
    var description: String {
        switch self {
        case let .insert(at, count): "insert:\(at.section).\(at.item):\(count)"
        case let .delete(at, count): "delete:\(at.section).\(at.item):\(count)"
        case let .prepend(count): "prepend:\(count)"
        case let .append(count): "append:\(count)"
        case let .reload(at): "reload:\(at.section).\(at.item)"
        }
    }

    /// The change at concrete positions, given each section's item count now:
    /// `prepend` and `append` become insertions.
    ///
    /// - Throws: ``InputError`` for a `prepend` or `append` in a collection
    ///   without sections.
    func resolved(itemCounts: [Int]) throws(InputError) -> ItemChange {
        switch self {
        case let .insert(at, count): return ItemChange(kind: .insert, first: at, count: count)
        case let .delete(at, count): return ItemChange(kind: .delete, first: at, count: count)
        case let .reload(at): return ItemChange(kind: .reload, first: at, count: 1)
        case let .prepend(count):
            guard !itemCounts.isEmpty else { throw InputError("\(self): the collection has no sections") }
            return ItemChange(kind: .insert, first: FlowIndexPath(item: 0, section: 0), count: count)
        case let .append(count):
            guard let last = itemCounts.last else { throw InputError("\(self): the collection has no sections") }
            return ItemChange(kind: .insert, first: FlowIndexPath(item: last, section: itemCounts.count - 1), count: count)
        }
    }
}

/// A data change at concrete positions: a run of consecutive items of one
/// section inserted, deleted or reloaded.
struct ItemChange: Hashable, Sendable {
    /// What happens to the items.
    enum Kind: Hashable, Sendable {
        case insert, delete, reload
    }

    var kind: Kind
    /// The first item: after the batch for an insertion, before it otherwise.
    var first: FlowIndexPath
    /// How many consecutive items.
    var count: Int

    /// The positions named, in order.
    var indexPaths: [FlowIndexPath] {
        (first.item..<(first.item + count)).map { FlowIndexPath(item: $0, section: first.section) }
    }

    /// The batch that tells the engine: inserted items come without sizes (they
    /// take the estimate until measured), reloaded ones too (they become
    /// unmeasured, `flow-layout.md` 10.2).
    var batch: BatchUpdate {
        var batch = BatchUpdate()
        switch kind {
        case .insert: batch.insertItems(at: indexPaths)
        case .delete: batch.deleteItems(at: indexPaths)
        case .reload: batch.reloadItems(at: indexPaths)
        }
        return batch
    }

    /// How the change moves the number of items: +count, −count or 0.
    var itemDelta: Int {
        switch kind {
        case .insert: count
        case .delete: -count
        case .reload: 0
        }
    }
}
