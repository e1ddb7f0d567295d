/// Works out the batch that turns a layout's content into a snapshot's
/// (`flow-layout.md` 11.2, 11.3), before anything changes, in the steps of
/// 11.3, one function each:
/// 1. ``matchSections()``: refuse a duplicate section identifier or a bad
///    size; survivors keep their overrides except those the snapshot gives
///    (a survivor whose overrides change is reloaded: it comes whole).
/// 2. ``walkSurvivingSections()``: the items of each surviving section, old
///    and new identifiers read side by side (``SnapshotWalk``); equal
///    stretches are matched by comparison alone.
/// 3. ``matchByIdentity()``: what is left, across sections: found → it moves
///    or stays; not found and already an item → a duplicate; else new.
/// 4. ``checkSizesAndReloads()``: sizes and reloads must name items of the
///    snapshot (11.4).
/// 5. ``placeSections()``: the surviving sections in the heaviest increasing
///    subsequence of their old positions stay; the others move; sections
///    gone are deleted, new ones inserted.
/// 6. ``placeItems()``: the same for each section's stretches and items,
///    each item with its size by 11.2.
/// 7. ``removeDepartures()``: items that leave are deleted where they can be
///    named, and remembered with their sizes.
/// The batch is then applied by the batch path, and the identifiers follow
/// (``IdentityIndex/apply(_:of:)``).
struct SnapshotPlanner {
    /// The snapshot's sections.
    let newSections: [FlowSnapshot.Section]
    /// The layout's sections before the snapshot, and their identities.
    let sections: SectionList
    let identity: IdentityIndex?
    /// For sections that come whole, the sizes of their items by position
    /// (under the sizes given): how an archive's sizes enter.
    let positionalSizes: [[Size?]]?

    /// The plan being built.
    var plan = SnapshotPlan()

    // Step 1: sections.
    var sourceOf: [Int?] = []
    var destinationOf: [Int?] = []
    var whole: [Bool] = []
    var overridesOf: [SectionOverrides] = []
    var givenSizes: [FlowIdentifier: Size] = [:]
    var reloads = Set<FlowIdentifier>()
    // Step 2: the walks of surviving sections, and the old items left to match.
    var walks: [SnapshotWalk?] = []
    var unchanged: [Bool] = []
    var pendingOld: [FlowIdentifier: ItemPlace] = [:]
    // Step 3: each section's items that arrive (from an old place or new).
    var arrivals: [[(item: Int, from: ItemPlace?)]] = []
    var arrived = Set<FlowIdentifier>()
    // Step 4: items of unchanged stretches that sizes or reloads name.
    var keptPlaces: [Int: [Int]] = [:]
    // Steps 5 to 7: which old sections' items can be named by index path,
    // and the old positions leaving each.
    var addressable: [Bool] = []
    var removedFrom: [Int: [Int]] = [:]
    /// The last section's record read, kept: items come section by section,
    /// so each record is found (B-tree) and copied once per run of its items
    /// rather than once per item.
    var lastRecord: (section: Int, record: SectionRecord)?

    /// An item's place before the snapshot.
    struct ItemPlace: Hashable {
        var section: Int
        var item: Int

        /// The place as an index path.
        var indexPath: FlowIndexPath { FlowIndexPath(item: item, section: section) }
    }

    /// A planner of `snapshot` against `sections` and `identity`.
    init(_ snapshot: FlowSnapshot, sections: SectionList, identity: IdentityIndex?, positionalSizes: [[Size?]]?) {
        newSections = snapshot.sections
        self.sections = sections
        self.identity = identity
        self.positionalSizes = positionalSizes
    }

    /// The plan of steps 1 to 7.
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate identifier, a size or reload of an identifier not in the
    ///   snapshot; ``FlowLayoutError/invalidValue(path:value:)`` for a bad size.
    mutating func planned() throws(FlowLayoutError) -> SnapshotPlan {
        try matchSections()
        walkSurvivingSections()
        try matchByIdentity()
        try checkSizesAndReloads()
        placeSections()
        placeItems()
        removeDepartures()
        return plan
    }

    // MARK: 1. Sections

    /// Step 1: each new section's source among the old ones (refusing a
    /// duplicate identifier), its overrides, and whether it comes whole; and
    /// the sizes and reloads the snapshot gives (refusing a bad size).
    mutating func matchSections() throws(FlowLayoutError) {
        let newCount = newSections.count
        let oldCount = sections.count
        let oldIDs = identity?.sectionIDs ?? []
        // The same sections in the same order (the common case) need no
        // table: the old identifiers are unique, so the new ones are.
        plan.sameSections =
            identity != nil && oldIDs.count == newCount && oldIDs.indices.allSatisfy { oldIDs[$0] == newSections[$0].id }
        var oldIndexOf: [FlowIdentifier: Int] = [:]
        if !plan.sameSections {
            var newIndexOf: [FlowIdentifier: Int] = [:]
            newIndexOf.reserveCapacity(newCount)
            for (q, section) in newSections.enumerated() where newIndexOf.updateValue(q, forKey: section.id) != nil {
                throw .invalidSnapshot(path: FieldPath("sections", q).appending("id"), problem: .duplicateSection(section.id))
            }
            for (p, identifier) in oldIDs.enumerated() { oldIndexOf[identifier] = p }
        }
        for q in newSections.indices {
            if !newSections[q].reloaded.isEmpty { reloads.formUnion(newSections[q].reloaded) }
            guard !newSections[q].sizes.isEmpty else { continue }
            let sizes = newSections[q].sizes
            for identifier in sizes.keys.sorted() {
                let size = sizes[identifier]!
                try Validation.check(
                    size: size, path: FieldPath("sections", q).appending("sizes").appending(identifier: identifier))
                givenSizes[identifier] = size
            }
        }
        // A survivor's overrides are read only when the snapshot gives some:
        // otherwise it keeps what it has and does not come whole (no pass
        // over a thousand records).
        let readsOverrides = newSections.contains { !$0.overrides.isEmpty }
        sourceOf = [Int?](repeating: nil, count: newCount)
        destinationOf = [Int?](repeating: nil, count: oldCount)
        whole = [Bool](repeating: true, count: newCount)
        overridesOf = [SectionOverrides](repeating: SectionOverrides(), count: newCount)
        for q in 0..<newCount {
            guard let p = plan.sameSections ? q : oldIndexOf[newSections[q].id] else {
                overridesOf[q] = newSections[q].overrides
                continue
            }
            sourceOf[q] = p
            destinationOf[p] = q
            guard readsOverrides else {
                whole[q] = false
                continue
            }
            let current = sections.overrides(ofSection: p)
            overridesOf[q] = newSections[q].overrides.applied(over: current)
            whole[q] = overridesOf[q] != current
        }
    }

    // MARK: 2. Walks

    /// Step 2: walks each surviving section that does not come whole; every
    /// other old item waits for matching by identity. A section whose
    /// identifiers are all the same, in the same order, is unchanged: no
    /// walk, nothing to match or order.
    mutating func walkSurvivingSections() {
        walks = [SnapshotWalk?](repeating: nil, count: newSections.count)
        unchanged = [Bool](repeating: false, count: newSections.count)
        guard let identity else { return }
        for p in 0..<sections.count {
            let list = identity.items[p]
            if let q = destinationOf[p], !whole[q] {
                if list.shares(newSections[q].items)
                    || newSections[q].items.withUnsafeBufferPointer({ SnapshotWalk.isUnchanged(old: list, new: $0) })
                {
                    unchanged[q] = true
                    continue
                }
                let walk = newSections[q].items.withUnsafeBufferPointer { SnapshotWalk(old: list, new: $0) }
                var read = IdentifierCursor(list)
                for i in walk.unmatchedOld { pendingOld[read(i)] = ItemPlace(section: p, item: i) }
                walks[q] = walk
            } else {
                var i = 0
                for chunk in list.chunks {
                    for identifier in chunk {
                        pendingOld[identifier] = ItemPlace(section: p, item: i)
                        i += 1
                    }
                }
            }
        }
    }

    // MARK: 3. Identity

    /// Step 3: each new item not matched by a walk is found among the old
    /// items left (it arrives from there), or is new; one already an item of
    /// the layout, or met twice, is a duplicate.
    mutating func matchByIdentity() throws(FlowLayoutError) {
        arrivals = [[(item: Int, from: ItemPlace?)]](repeating: [], count: newSections.count)
        if sections.isEmpty { plan.newcomers.reserveCapacity(newSections.reduce(0) { $0 + $1.items.count }) }
        let members = identity?.members ?? IdentifierFingerprints()
        for q in newSections.indices {
            let items = newSections[q].items
            if let walk = walks[q] {
                for j in walk.unmatchedNew { try match(items[j], at: j, in: q, members: members) }
            } else if !unchanged[q] {
                for j in items.indices { try match(items[j], at: j, in: q, members: members) }
            }
        }
    }

    /// Step 3 for one item: new item `identifier` at `j` of section `q`.
    private mutating func match(
        _ identifier: FlowIdentifier, at j: Int, in q: Int, members: IdentifierFingerprints
    ) throws(FlowLayoutError) {
        if !pendingOld.isEmpty, let from = pendingOld.removeValue(forKey: identifier) {
            arrivals[q].append((j, from))
            arrived.insert(identifier)
        } else if (!members.isEmpty && members.mayContain(identifier) && identity!.containsItem(identifier))
            || !plan.newcomers.insert(identifier)
        {
            // Named as a reader in order meets it: the first place whose
            // identifier appeared before (`layout-description.md`, Snapshots).
            let duplicate = IdentityIndex.firstRepeatedItem(in: newSections) ?? (q, j)
            throw .invalidSnapshot(
                path: FieldPath("sections", duplicate.section).appending("items").appending(index: duplicate.item),
                problem: .duplicateItem(newSections[duplicate.section].items[duplicate.item]))
        } else {
            arrivals[q].append((j, nil))
            plan.newcomerList.append(identifier)
        }
    }

    // MARK: 4. Sizes and reloads

    /// Step 4: sizes and reloads name items of the snapshot: newcomers,
    /// items that came back, or items of an unchanged stretch (found by one
    /// scan of the walked sections, only when sizes or reloads name any such).
    mutating func checkSizesAndReloads() throws(FlowLayoutError) {
        let targets = Set(givenSizes.keys).union(reloads).filter { !plan.newcomers.contains($0) && !arrived.contains($0) }
        var found = Set<FlowIdentifier>()
        if !targets.isEmpty {
            for q in newSections.indices where (walks[q] != nil || unchanged[q]) && found.count < targets.count {
                for (j, identifier) in newSections[q].items.enumerated() where targets.contains(identifier) {
                    keptPlaces[q, default: []].append(j)
                    found.insert(identifier)
                }
            }
        }
        func inSnapshot(_ identifier: FlowIdentifier) -> Bool {
            plan.newcomers.contains(identifier) || arrived.contains(identifier) || found.contains(identifier)
        }
        for q in newSections.indices where !newSections[q].sizes.isEmpty || !newSections[q].reloaded.isEmpty {
            let section = newSections[q]
            for identifier in section.sizes.keys.sorted() where !inSnapshot(identifier) {
                throw .invalidSnapshot(
                    path: FieldPath("sections", q).appending("sizes").appending(identifier: identifier),
                    problem: .notInSnapshot(identifier))
            }
            for (k, identifier) in section.reloaded.enumerated() where !inSnapshot(identifier) {
                throw .invalidSnapshot(
                    path: FieldPath("sections", q).appending("reloaded").appending(index: k), problem: .notInSnapshot(identifier))
            }
        }
    }

    // MARK: 5. Sections' places

    /// Step 5: the surviving sections in the heaviest increasing subsequence
    /// of their old positions stay, the others move (a survivor that comes
    /// whole is reloaded in place, or deleted and inserted); sections gone are
    /// deleted and new ones inserted.
    mutating func placeSections() {
        let newCount = newSections.count
        let oldCount = sections.count
        let survivors = (0..<newCount).filter { sourceOf[$0] != nil }
        let staying =
            plan.sameSections
            ? [Bool](repeating: true, count: survivors.count)
            : IncreasingSubsequence.heaviest(keys: survivors.map { sourceOf[$0]! }, weights: survivors.map { _ in 1 })
        // Sections whose items can be named by index path: kept, neither
        // deleted, inserted nor reloaded.
        addressable = [Bool](repeating: false, count: oldCount)
        for (rank, q) in survivors.enumerated() {
            let p = sourceOf[q]!
            let content = FlowSection(itemCount: newSections[q].items.count, overrides: overridesOf[q])
            if whole[q] {
                if staying[rank] {
                    plan.batch.reloadSection(p, with: content)
                } else {
                    plan.batch.deleteSections([p])
                    plan.batch.insertSection(content, at: q)
                }
            } else {
                addressable[p] = true
                if !staying[rank] { plan.batch.moveSection(p, toSection: q) }
            }
        }
        plan.batch.deleteSections((0..<oldCount).filter { destinationOf[$0] == nil })
        for q in 0..<newCount where sourceOf[q] == nil {
            plan.batch.insertSection(FlowSection(itemCount: newSections[q].items.count, overrides: overridesOf[q]), at: q)
        }
        plan.batch.deletedSections.sort()
        plan.batch.insertedSections.sort { $0.index < $1.index }
    }
}
