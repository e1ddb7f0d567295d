/// The identities after a snapshot (`flow-layout.md` 11.2): each section's
/// identifier list follows the batch the snapshot was applied as, and the
/// items that left are remembered with their sizes.
extension IdentityIndex {
    /// Makes these the identities of `snapshot`'s content once `plan` (its
    /// plan against the layout these identities are of) has been applied.
    ///
    /// A section's list is the snapshot's own array when it has little spare
    /// room (shared with the host, no copy: its next snapshot is known
    /// unchanged in O(1) if it hands the same array); else the list before,
    /// edited.
    ///
    /// - Complexity: O(sections + items placed, removed and new).
    mutating func apply(_ plan: SnapshotPlan, of snapshot: FlowSnapshot) {
        // The lists are taken out, so that each one edited is unshared.
        var lists = items
        items = []
        var newLists: [IdentifierList] = []
        newLists.reserveCapacity(snapshot.sections.count)
        // By index, reading only the items: a whole section (overrides,
        // sizes, reloads) is not copied for each of a thousand sections.
        for q in snapshot.sections.indices {
            let items = snapshot.sections[q].items
            if q < plan.listChanges.count, let change = plan.listChanges[q] {
                var list = IdentifierList()
                swap(&list, &lists[change.source])
                if !list.shares(items) {
                    if let shared = IdentifierList(sharing: items) {
                        list = shared
                    } else {
                        list.edit(removing: change.removed, placing: change.placed)
                    }
                }
                newLists.append(list)
            } else {
                newLists.append(IdentifierList(sharing: items) ?? IdentifierList(items))
            }
        }
        items = newLists
        // The same sections in the same order: the identifiers before are kept.
        if !plan.sameSections { sectionIDs = snapshot.sections.map(\.id) }
        for (identifier, size) in plan.departures {
            members.remove(identifier)
            if let size { departed.remember(identifier, size: size) } else { departed.forget(identifier) }
        }
        if members.isEmpty {
            members = IdentifierFingerprints(plan.newcomerList)
        } else {
            members.reserveCapacity(members.count + plan.newcomers.count)
            for identifier in plan.newcomerList { members.insert(identifier) }
        }
        if departed.count > 0 {
            for identifier in plan.newcomerList { departed.forget(identifier) }
        }
    }
}
