import FlowLayout

/// An item of a session by identity, not position: it keeps its identity when
/// data changes move it, and so its real size and whether it was measured.
struct ItemIdentity: Hashable, Sendable {
    /// Items of the collection at the start: `section << 32 | item` of their
    /// first position. Items added later: the top bit set, then a counter.
    let rawValue: UInt64

    private static let addedFlag: UInt64 = 1 << 63

    /// The item that was at `indexPath` when the session started.
    static func original(_ indexPath: FlowIndexPath) -> ItemIdentity {
        ItemIdentity(rawValue: UInt64(indexPath.section) << 32 | UInt64(indexPath.item))
    }

    /// The `number`th item added during the session (inserted, or the new
    /// content of a reloaded item).
    static func added(_ number: UInt64) -> ItemIdentity {
        ItemIdentity(rawValue: addedFlag | number)
    }

    /// The number of an added item (``added(_:)``), or `nil`.
    var addedNumber: UInt64? {
        rawValue & Self.addedFlag != 0 ? rawValue & ~Self.addedFlag : nil
    }

    /// The item's first position, for an item of the collection at the start;
    /// `nil` for an added one.
    var originalIndexPath: FlowIndexPath? {
        rawValue & Self.addedFlag != 0
            ? nil : FlowIndexPath(item: Int(rawValue & 0xFFFF_FFFF), section: Int(rawValue >> 32))
    }
}

/// The host's record of its data in a session: which item is at each position,
/// by identity, and which items it has measured.
///
/// A section no change has touched holds its original items and costs nothing;
/// the first change in a section writes out its identities (O(n) once), so a
/// session over 1,000,000 items pays only for the sections it edits.
struct ItemLedger {
    /// Each section's item count now.
    private(set) var itemCounts: [Int]
    /// The items now.
    private(set) var totalItems: Int
    /// The items measured so far (each identity once, even after it is deleted).
    private(set) var measured = Set<ItemIdentity>()
    /// The identities of the sections changes touched; the others hold their originals.
    private var edited: [Int: [ItemIdentity]] = [:]
    private var added: UInt64 = 0

    /// A ledger of the collection at the start of a session.
    init(itemCounts: [Int]) {
        self.itemCounts = itemCounts
        totalItems = itemCounts.reduce(0, +)
    }

    /// A ledger of a collection whose items are `identities`, by section (a
    /// relaunch: every section written out); items added later are numbered
    /// after the highest added one among them.
    init(identities: [[ItemIdentity]]) {
        itemCounts = identities.map(\.count)
        totalItems = itemCounts.reduce(0, +)
        for (section, items) in identities.enumerated() {
            edited[section] = items
            for item in items { if let number = item.addedNumber { added = max(added, number) } }
        }
    }

    /// The item at `indexPath` now (which must exist).
    func identity(at indexPath: FlowIndexPath) -> ItemIdentity {
        if let identities = edited[indexPath.section] { return identities[indexPath.item] }
        return .original(indexPath)
    }

    /// Records that `item` was measured; returns `false` if it already was.
    mutating func markMeasured(_ item: ItemIdentity) -> Bool {
        measured.insert(item).inserted
    }

    /// Applies a change the engine accepted: inserted items are new and
    /// unmeasured, deleted ones leave, a reloaded one gets a new identity (its
    /// content, and so its real size, changed).
    mutating func apply(_ change: ItemChange) {
        let section = change.first.section
        var identities = edited[section] ?? (0..<itemCounts[section]).map { .original(FlowIndexPath(item: $0, section: section)) }
        let range = change.first.item..<(change.first.item + change.count)
        switch change.kind {
        case .insert: identities.insert(contentsOf: range.map { _ in nextAdded() }, at: change.first.item)
        case .delete: identities.removeSubrange(range)
        case .reload: identities[change.first.item] = nextAdded()
        }
        edited[section] = identities
        itemCounts[section] = identities.count
        totalItems += change.itemDelta
    }

    /// Size reports measured before `change` and not yet sent, renumbered to
    /// the positions after it; a report of a deleted or reloaded item is dropped
    /// (the reloaded item is measured again when it is next on screen).
    func renumbered(_ reports: [SizeReport], through change: ItemChange) -> [SizeReport] {
        reports.compactMap { report in
            var path = report.indexPath
            guard path.section == change.first.section, path.item >= change.first.item else { return report }
            switch change.kind {
            case .insert: path.item += change.count
            case .delete:
                if path.item < change.first.item + change.count { return nil }
                path.item -= change.count
            case .reload:
                if path.item == change.first.item { return nil }
            }
            return SizeReport(indexPath: path, size: report.size)
        }
    }

    private mutating func nextAdded() -> ItemIdentity {
        added += 1
        return .added(added)
    }
}
