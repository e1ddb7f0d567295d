/// Identifiers given or carried without a snapshot (`flow-layout.md` 11.1):
/// given to a layout created from sections, and carried through a batch by
/// index paths when the batch says where every item goes.
///
/// A batch names positions, not items: it can say which item was deleted,
/// moved or reloaded, but an item or a section it inserts (or a section it
/// reloads with new content) comes without an identifier. So identifiers are
/// carried through a batch that only deletes, moves and reloads items and
/// deletes and moves sections; any other batch leaves the layout without
/// identifiers (``FlowLayoutState/sectionIdentifiers`` becomes `nil`) until
/// ``FlowLayoutState/setIdentifiers(sections:items:)`` or a snapshot gives them
/// again. Items a batch deletes are not remembered among the departures of
/// 11.2, which are those of snapshots.
extension IdentityIndex {
    /// The identities of a layout whose sections hold `itemCounts` items: one
    /// identifier per section in `sections`, one per item in `items`.
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate (`sections[3]`, `items[2][7]`),
    ///   ``FlowLayoutError/invalidCount(path:count:)`` for a count that does
    ///   not match (`sections`, `items`, `items[2]`).
    /// - Complexity: O(n) for n items.
    init(sections: [FlowIdentifier], items: [[FlowIdentifier]], itemCounts: [Int]) throws(FlowLayoutError) {
        guard sections.count == itemCounts.count else { throw .invalidCount(path: "sections", count: sections.count) }
        guard items.count == itemCounts.count else { throw .invalidCount(path: "items", count: items.count) }
        var seen = Set<FlowIdentifier>()
        for (q, identifier) in sections.enumerated() where !seen.insert(identifier).inserted {
            throw .invalidSnapshot(path: FieldPath("sections", q), problem: .duplicateSection(identifier))
        }
        for (q, list) in items.enumerated() where list.count != itemCounts[q] {
            throw .invalidCount(path: FieldPath("items", q), count: list.count)
        }
        do {
            members = try IdentifierFingerprints(sections: items.map { $0[...] })
        } catch {
            throw .invalidSnapshot(
                path: FieldPath("items", error.section).appending(index: error.item), problem: .duplicateItem(error.identifier))
        }
        sectionIDs = sections
        self.items = items.map { IdentifierList($0) }
    }

    /// The first place, in document order, whose item identifier appeared
    /// before it in `sections`: where a reader in order meets a duplicate.
    ///
    /// - Complexity: O(n) expected; only on the path that refuses a snapshot.
    static func firstRepeatedItem(in sections: [FlowSnapshot.Section]) -> (section: Int, item: Int)? {
        var seen = IdentifierSet()
        for (q, section) in sections.enumerated() {
            for (j, identifier) in section.items.enumerated() where !seen.insert(identifier) { return (q, j) }
        }
        return nil
    }

    /// Moves an item's identifier as ``FlowLayoutState/moveItem(at:to:)`` moves the item.
    ///
    /// - Complexity: O(chunks touched).
    mutating func moveItem(at from: FlowIndexPath, to destination: FlowIndexPath) {
        let identifier = items[from.section][from.item]
        items[from.section].edit(removing: [from.item], placing: [])
        items[destination.section].edit(removing: [], placing: [(destination.item, identifier)])
    }

    /// The identifiers after `plan` (of a batch by index paths, checked
    /// against the layout as it is), or `nil` when the batch brings an item or
    /// a section the batch cannot name: an inserted item or section, a
    /// reloaded section.
    ///
    /// - Complexity: O(operations · log + chunks touched) plus the items of
    ///   deleted sections.
    func after(_ plan: BatchPlan) -> IdentityIndex? {
        guard plan.insertedSections.isEmpty, plan.reloadedSections.isEmpty,
            plan.items.allSatisfy({ $0.value.inserted.isEmpty })
        else { return nil }
        var index = self
        let oldLists = items
        let newCount = plan.sections.newCount
        var sectionIDs: [FlowIdentifier] = []
        var lists: [IdentifierList] = []
        sectionIDs.reserveCapacity(newCount)
        lists.reserveCapacity(newCount)
        for q in 0..<newCount {
            // No section is inserted: every section after the batch was one before.
            let p = plan.oldIndex(ofSection: q)!
            sectionIDs.append(self.sectionIDs[p])
            var list = oldLists[p]
            if let items = plan.items[p] {
                // Deleted and moved away, sorted.
                let removed = items.reorder.removed
                let placed = items.movedFrom.sorted { $0.key < $1.key }.map {
                    (position: $0.key, identifier: oldLists[$0.value.from.section][$0.value.from.item])
                }
                list.edit(removing: removed, placing: placed)
            }
            lists.append(list)
        }
        // Items that leave: those of deleted sections and those deleted.
        for p in plan.deletedSections.sorted() {
            for chunk in oldLists[p].chunks {
                for identifier in chunk { index.members.remove(identifier) }
            }
        }
        for (p, items) in plan.items where !plan.deletedSections.contains(p) {
            for item in items.deleted { index.members.remove(oldLists[p][item]) }
        }
        index.sectionIDs = sectionIDs
        index.items = lists
        return index
    }

    /// With internal checks: one identifier per section and per item of
    /// `sections`, every item a member, each structure sound.
    func checkInvariants(against sections: SectionList) {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        precondition(sectionIDs.count == sections.count, "one identifier per section")
        precondition(items.count == sections.count, "one identifier list per section")
        var total = 0
        for q in 0..<sections.count {
            items[q].checkStructure()
            precondition(items[q].count == sections[q].itemCount, "identifiers of section \(q)")
            total += sections[q].itemCount
        }
        precondition(members.count == total, "membership of every item")
        members.checkStructure()
        #endif
    }
}
