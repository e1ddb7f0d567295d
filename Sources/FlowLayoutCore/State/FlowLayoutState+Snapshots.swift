/// Snapshots (`flow-layout.md` 11): content given as identifiers, applied as
/// the batch of 10 with the fewest moves, sizes following their items.
///
/// The steps of ``apply(_:)``:
/// 1. Sections: refuse a duplicate identifier; survivors keep their overrides
///    except those the snapshot gives (a survivor whose overrides change is
///    reloaded: it comes whole).
/// 2. Items of each surviving section: old and new identifiers read side by side
///    (``SnapshotWalk``); equal stretches are matched by comparison alone.
/// 3. What is left is matched by identity, across sections: found → it moves
///    or stays; not found and already an item → a duplicate; else new.
/// 4. Sizes and reloads must name items of the snapshot (11.4).
/// 5. Which sections, stretches and items stay in place: the heaviest increasing
///    subsequence of their old positions (11.3); the others move.
/// 6. The batch, with each item's size by 11.2, applied by the batch path.
/// 7. The identifiers follow; items that left are remembered with their sizes.
extension FlowLayoutState {
    /// Creates a layout of a snapshot's content: its sections and items, with
    /// their identifiers (`flow-layout.md` 11).
    ///
    /// - Throws: ``FlowLayoutError`` as ``init(configuration:sections:viewportSize:options:)``
    ///   and ``apply(_:)`` do; a duplicate identifier is refused with its path.
    /// - Complexity: O(n) for n items.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        snapshot: FlowSnapshot,
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        try self.init(configuration: configuration, sections: [], viewportSize: viewportSize, options: options)
        identity = IdentityIndex()
        _ = try apply(snapshot)
    }

    /// The sections' identifiers, in order, or `nil` when the content did not
    /// come from a snapshot (or a batch by index paths changed it since).
    ///
    /// - Complexity: O(1).
    public var sectionIdentifiers: [FlowIdentifier]? { identity?.sectionIDs }

    /// The identifiers of the items of `section`, in order, or `nil` without identifiers.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(items of the section).
    public func itemIdentifiers(inSection section: Int) throws(FlowLayoutError) -> [FlowIdentifier]? {
        try checkSection(section, path: "section")
        return identity?.items[section].all
    }

    /// The identifier of the item at `indexPath`, or `nil` without identifiers.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)`` or
    ///   ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log n).
    public func identifier(ofItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> FlowIdentifier? {
        try checkItem(indexPath, path: "indexPath")
        return identity?.items[indexPath.section][indexPath.item]
    }

    /// The content as a snapshot, with every item's own size under `sizes`,
    /// or `nil` without identifiers.
    ///
    /// - Complexity: O(n).
    public func snapshot() -> FlowSnapshot? {
        guard let identity else { return nil }
        var snapshot = FlowSnapshot()
        for q in 0..<sections.count {
            let record = sections[q]
            let items = identity.items[q].all
            var sizes: [FlowIdentifier: Size] = [:]
            forEachOwnSize(in: record) { item, size in sizes[items[item]] = size }
            let overrides = metrics.overrides[Int(record.metricsIndex)]
            snapshot.appendSection(
                FlowSnapshot.Section(id: identity.sectionIDs[q], items: items, sizes: sizes, overrides: overrides))
        }
        return snapshot
    }

    /// Calls `body` with each item of a section that has a size of its own, in order.
    func forEachOwnSize(in record: SectionRecord, _ body: (Int, Size) -> Void) { record.forEachOwnSize(body) }

    /// Makes the content that of `snapshot`: works out the batch with the fewest
    /// moves (`flow-layout.md` 11.3) and applies it like
    /// ``performBatchUpdates(_:)``, keeping the anchor still. Sizes follow
    /// 11.2: the size given, else (reloaded) a self-sizing item's estimate, else
    /// the item's size before, else the size it left with in an earlier
    /// snapshot if remembered (the last 1,024 departures), else the default.
    ///
    /// A state created from sections without identifiers takes the snapshot's
    /// sections whole (every old section is deleted).
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate identifier or a size or reload of an identifier not in the
    ///   snapshot; ``FlowLayoutError/invalidValue(path:value:)`` for a bad
    ///   size; the batch's refusals (the content limit). Nothing changes.
    /// - Complexity: O(n) comparisons of identifiers side by side (no hashing;
    ///   none for a section handed as the same array as the snapshot before)
    ///   plus, for what changed, O(c · log) hashing and batch work; a long block
    ///   inserted or removed far from any agreement (more than 128 items) or a
    ///   shuffle hashes what follows it in its section.
    public mutating func apply(_ snapshot: FlowSnapshot) throws(FlowLayoutError) -> SnapshotUpdateResult {
        try apply(snapshot, positionalSizes: nil).result
    }

    /// ``apply(_:)``, with, for sections that come whole, the sizes of their
    /// items by position (`positionalSizes[q][j]`, under the sizes given):
    /// how an archive's sizes enter without a table keyed by identity. Returns
    /// the items that left too.
    mutating func apply(
        _ snapshot: FlowSnapshot, positionalSizes: [[Size?]]?
    ) throws(FlowLayoutError) -> (result: SnapshotUpdateResult, departures: [(FlowIdentifier, Size?)]) {
        let plan = try planSnapshot(snapshot, positionalSizes: positionalSizes)
        let result = try performBatchUpdates(plan.batch, sizing: plan.sizing)
        // 7. The identifiers follow the batch.
        var index = identity ?? IdentityIndex()
        identity = nil
        var lists = index.items
        index.items = []
        var newLists: [IdentifierList] = []
        newLists.reserveCapacity(snapshot.sections.count)
        // A section's list is the snapshot's own array when it has little
        // spare room (shared with the host, no copy: its next snapshot is known
        // unchanged in O(1) if it hands the same array); else the list before,
        // edited.
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
        index.items = newLists
        // The same sections in the same order: the identifiers before are kept.
        if !plan.sameSections { index.sectionIDs = snapshot.sections.map(\.id) }
        for (identifier, size) in plan.departures {
            index.members.remove(identifier)
            if let size { index.departed.remember(identifier, size: size) } else { index.departed.forget(identifier) }
        }
        if index.members.isEmpty {
            index.members = IdentifierFingerprints(plan.newcomerList)
        } else {
            index.members.reserveCapacity(index.members.count + plan.newcomers.count)
            for identifier in plan.newcomerList { index.members.insert(identifier) }
        }
        if index.departed.count > 0 {
            for identifier in plan.newcomerList { index.departed.forget(identifier) }
        }
        identity = index
        checkIdentity()
        return (
            SnapshotUpdateResult(batch: plan.batch, result: result, rememberedCount: index.departed.count), plan.departures
        )
    }

    /// Checks that the identifiers agree with the sections.
    func checkIdentity() {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        guard let identity else { return }
        precondition(identity.sectionIDs.count == sections.count, "one identifier per section")
        precondition(identity.items.count == sections.count, "one identifier list per section")
        var total = 0
        for q in 0..<sections.count {
            identity.items[q].checkStructure()
            precondition(identity.items[q].count == sections[q].itemCount, "identifiers of section \(q)")
            total += sections[q].itemCount
        }
        precondition(identity.members.count == total, "membership of every item")
        identity.members.checkStructure()
        #endif
    }
}

/// A snapshot worked out against the layout as it is, before anything changes.
struct SnapshotPlan {
    /// The batch.
    var batch = BatchUpdate()
    /// Sizes for the sections that come whole, by index after.
    var sizing: [Int: [ItemEdit]] = [:]
    /// For each surviving section not coming whole, by index after: its index
    /// before, and its identifier list's removals and placements.
    var listChanges: [ListChange?] = []
    /// Items that leave the layout, with the size of their own they leave with.
    var departures: [(FlowIdentifier, Size?)] = []
    /// Items new to the layout.
    var newcomers = IdentifierSet()
    /// The same, in order.
    var newcomerList: [FlowIdentifier] = []
    /// Whether the snapshot has the same sections, in the same order, as the
    /// layout before (its section identifiers are then those before).
    var sameSections = false
}

/// How a surviving section's identifier list changes: the section's index
/// before, the positions removed (before) and the identifiers placed (after).
struct ListChange {
    var source: Int
    var removed: [Int] = []
    var placed: [(position: Int, identifier: FlowIdentifier)] = []
}

/// An item's place before a snapshot.
private struct ItemPlace: Hashable {
    var section: Int
    var item: Int
}

extension FlowLayoutState {
    /// Steps 1 to 6 of ``apply(_:)``.
    private func planSnapshot(
        _ snapshot: FlowSnapshot, positionalSizes: [[Size?]]?
    ) throws(FlowLayoutError) -> SnapshotPlan {
        let newSections = snapshot.sections
        let newCount = newSections.count
        let oldCount = sections.count
        let hasIdentity = identity != nil
        let oldIDs = identity?.sectionIDs ?? []
        let oldLists = identity?.items ?? []
        // 1. Sections. The same sections in the same order (the common case)
        // need no table: the old identifiers are unique, so the new ones are.
        let sameSections =
            hasIdentity && oldIDs.count == newCount && oldIDs.indices.allSatisfy { oldIDs[$0] == newSections[$0].id }
        if !sameSections {
            var newIndexOf: [FlowIdentifier: Int] = [:]
            newIndexOf.reserveCapacity(newCount)
            for (q, section) in newSections.enumerated() where newIndexOf.updateValue(q, forKey: section.id) != nil {
                throw .invalidSnapshot(path: FieldPath(stringLiteral: "sections[\(q)].id"), problem: .duplicateSection(section.id))
            }
        }
        var givenSizes: [FlowIdentifier: Size] = [:]
        var reloads = Set<FlowIdentifier>()
        for q in newSections.indices {
            if !newSections[q].reloaded.isEmpty { reloads.formUnion(newSections[q].reloaded) }
            guard !newSections[q].sizes.isEmpty else { continue }
            let sizes = newSections[q].sizes
            for identifier in sizes.keys.sorted() {
                let size = sizes[identifier]!
                try Self.validate(size: size, path: FieldPath(stringLiteral: "sections[\(q)].sizes[\(identifier)]"))
                givenSizes[identifier] = size
            }
        }
        var oldIndexOf: [FlowIdentifier: Int] = [:]
        if !sameSections {
            for (p, identifier) in oldIDs.enumerated() { oldIndexOf[identifier] = p }
        }
        // A survivor's overrides are read from its record only when the
        // snapshot gives some, or when a stored entry is an empty set (which
        // `overrides(over:)` turns into none: a change, so the section comes
        // whole). Otherwise it keeps what it has and does not come whole,
        // and its overrides are not needed: no pass over a thousand records.
        let readsOverrides =
            newSections.contains { $0.givesOverrides } || metrics.overrides.contains { $0 == MetricOverrides() }
        var oldMetrics: [Int32] = []
        if readsOverrides {
            oldMetrics.reserveCapacity(oldCount)
            sections.forEach(from: 0, before: .zero) { record, _ in
                oldMetrics.append(record.metricsIndex)
                return true
            }
        }
        var sourceOf = [Int?](repeating: nil, count: newCount)
        var destinationOf = [Int?](repeating: nil, count: oldCount)
        var whole = [Bool](repeating: true, count: newCount)
        var overridesOf = [MetricOverrides?](repeating: nil, count: newCount)
        for q in 0..<newCount {
            guard let p = sameSections ? q : oldIndexOf[newSections[q].id] else {
                overridesOf[q] = newSections[q].overrides(over: nil)
                continue
            }
            sourceOf[q] = p
            destinationOf[p] = q
            guard readsOverrides else {
                whole[q] = false
                continue
            }
            let current = metrics.overrides[Int(oldMetrics[p])]
            overridesOf[q] = newSections[q].overrides(over: current)
            whole[q] = overridesOf[q] != current
        }
        // 2. Walk surviving sections; everything else old waits for matching.
        // A section whose identifiers are all the same, in the same order, is
        // unchanged: no walk, nothing to match or order.
        var walks = [SnapshotWalk?](repeating: nil, count: newCount)
        var unchanged = [Bool](repeating: false, count: newCount)
        var pendingOld: [FlowIdentifier: ItemPlace] = [:]
        if hasIdentity {
            for p in 0..<oldCount {
                let list = oldLists[p]
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
        // 3. Match what is left by identity.
        var arrivals = [[(item: Int, from: ItemPlace?)]](repeating: [], count: newCount)
        var newcomers = IdentifierSet()
        if sections.isEmpty { newcomers.reserveCapacity(snapshot.itemCount) }
        var newcomerList: [FlowIdentifier] = []
        var arrived = Set<FlowIdentifier>()
        let members = identity?.members ?? IdentifierFingerprints()
        for q in 0..<newCount {
            let items = newSections[q].items
            func arrive(_ j: Int) throws(FlowLayoutError) {
                let identifier = items[j]
                if !pendingOld.isEmpty, let from = pendingOld.removeValue(forKey: identifier) {
                    arrivals[q].append((j, from))
                    arrived.insert(identifier)
                } else if (!members.isEmpty && members.mayContain(identifier) && identity!.containsItem(identifier))
                    || !newcomers.insert(identifier)
                {
                    // Named as a reader in order meets it: the first place whose
                    // identifier appeared before (`layout-description.md`, Snapshots).
                    let duplicate = Self.firstRepeatedItem(in: newSections) ?? (q, j)
                    throw .invalidSnapshot(
                        path: FieldPath(stringLiteral: "sections[\(duplicate.section)].items[\(duplicate.item)]"),
                        problem: .duplicateItem(newSections[duplicate.section].items[duplicate.item]))
                } else {
                    arrivals[q].append((j, nil))
                    newcomerList.append(identifier)
                }
            }
            if let walk = walks[q] {
                for j in walk.unmatchedNew { try arrive(j) }
            } else if !unchanged[q] {
                for j in items.indices { try arrive(j) }
            }
        }
        // 4. Sizes and reloads name items of the snapshot: newcomers, items that
        // came back, or items of an unchanged stretch (found by one scan of the
        // walked sections, only when sizes or reloads name any such).
        var keptTargets = Set(givenSizes.keys).union(reloads)
        keptTargets = keptTargets.filter { !newcomers.contains($0) && !arrived.contains($0) }
        var keptPlaces: [Int: [Int]] = [:]
        var keptFound = Set<FlowIdentifier>()
        if !keptTargets.isEmpty {
            for q in 0..<newCount where (walks[q] != nil || unchanged[q]) && keptFound.count < keptTargets.count {
                for (j, identifier) in newSections[q].items.enumerated() where keptTargets.contains(identifier) {
                    keptPlaces[q, default: []].append(j)
                    keptFound.insert(identifier)
                }
            }
        }
        func inSnapshot(_ identifier: FlowIdentifier) -> Bool {
            newcomers.contains(identifier) || arrived.contains(identifier) || keptFound.contains(identifier)
        }
        for q in newSections.indices where !newSections[q].sizes.isEmpty || !newSections[q].reloaded.isEmpty {
            let section = newSections[q]
            for identifier in section.sizes.keys.sorted() where !inSnapshot(identifier) {
                throw .invalidSnapshot(
                    path: FieldPath(stringLiteral: "sections[\(q)].sizes[\(identifier)]"), problem: .notInSnapshot(identifier))
            }
            for (k, identifier) in section.reloaded.enumerated() where !inSnapshot(identifier) {
                throw .invalidSnapshot(path: FieldPath(stringLiteral: "sections[\(q)].reloaded[\(k)]"), problem: .notInSnapshot(identifier))
            }
        }

        var plan = SnapshotPlan()
        plan.sameSections = sameSections
        // 5. Sections: the survivors in the heaviest increasing subsequence stay.
        let survivors = (0..<newCount).filter { sourceOf[$0] != nil }
        let staying =
            sameSections
            ? [Bool](repeating: true, count: survivors.count)
            : IncreasingSubsequence.heaviest(keys: survivors.map { sourceOf[$0]! }, weights: survivors.map { _ in 1 })
        // Sections whose items can be named by index path: kept, neither
        // deleted, inserted nor reloaded.
        var addressable = [Bool](repeating: false, count: oldCount)
        for (rank, q) in survivors.enumerated() {
            let p = sourceOf[q]!
            if whole[q] {
                if staying[rank] {
                    plan.batch.reloadSection(p, with: FlowSection(itemCount: newSections[q].items.count, overrides: overridesOf[q]))
                } else {
                    plan.batch.deleteSections([p])
                    plan.batch.insertSection(FlowSection(itemCount: newSections[q].items.count, overrides: overridesOf[q]), at: q)
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

        // 6. Items, with their sizes (11.2).
        // The last section's record read, kept: items come section by
        // section, so each record is found (B-tree) and copied once per run of
        // its items rather than once per item.
        var lastRecord: (section: Int, record: SectionRecord)?
        func record(_ p: Int) -> SectionRecord {
            if let last = lastRecord, last.section == p { return last.record }
            let found = sections[p]
            lastRecord = (p, found)
            return found
        }
        let hasGivenSizes = !givenSizes.isEmpty
        let hasReloads = !reloads.isEmpty
        func ownSize(_ place: ItemPlace) -> Size? { explicitSize(ofItem: place.item, in: record(place.section)) }
        func isSelfSizing(_ q: Int) -> Bool {
            configuration.isSelfSizing && !(whole[q] ? false : record(sourceOf[q]!).hasItemSizes)
        }
        func size(of identifier: FlowIdentifier, from: ItemPlace?, in q: Int) -> Size? {
            if hasGivenSizes, let size = givenSizes[identifier] { return size }
            if hasReloads && reloads.contains(identifier) && isSelfSizing(q) { return nil }
            if let from { return ownSize(from) }
            return identity?.departed.size(of: identifier)
        }
        func path(_ place: ItemPlace) -> FlowIndexPath { FlowIndexPath(item: place.item, section: place.section) }
        /// Old positions leaving each section whose items can be named.
        var removedFrom: [Int: [Int]] = [:]
        /// An item arriving at (q, j): moved when nothing about it changed and
        /// both ends can be named, else deleted (if its old place can be named)
        /// and inserted with its size.
        func arrive(_ identifier: FlowIdentifier, at j: Int, in q: Int, from: ItemPlace?) {
            let to = FlowIndexPath(item: j, section: q)
            let changed = (hasGivenSizes && givenSizes[identifier] != nil) || (hasReloads && reloads.contains(identifier))
            if let from, addressable[from.section] {
                removedFrom[from.section, default: []].append(from.item)
                if !changed {
                    plan.batch.moveItem(at: path(from), to: to)
                    return
                }
                plan.batch.deleteItems(at: [path(from)])
            }
            plan.batch.insertItem(at: to, size: size(of: identifier, from: from, in: q))
        }
        /// An item that stays in place at old `place`: reloaded, or given a new size.
        func stay(_ identifier: FlowIdentifier, at place: ItemPlace) {
            if hasReloads && reloads.contains(identifier) {
                plan.batch.reloadItem(at: path(place), size: givenSizes[identifier])
            } else if hasGivenSizes, let size = givenSizes[identifier], size != ownSize(place) {
                plan.batch.reloadItem(at: path(place), size: size)
            }
        }
        plan.listChanges = [ListChange?](repeating: nil, count: newCount)
        for q in 0..<newCount {
            let items = newSections[q].items
            if unchanged[q] {
                let p = sourceOf[q]!
                for j in keptPlaces[q] ?? [] { stay(items[j], at: ItemPlace(section: p, item: j)) }
                plan.listChanges[q] = ListChange(source: p)
                continue
            }
            guard let walk = walks[q] else {
                // A section that comes whole: its sizes are set after it is placed.
                var edits: [ItemEdit] = []
                var open: (start: Int, sizes: [ItemSegment])?
                for (j, from) in arrivals[q] {
                    if let from, addressable[from.section] {
                        plan.batch.deleteItems(at: [path(from)])
                        removedFrom[from.section, default: []].append(from.item)
                    }
                    let positional = givenSizes.isEmpty || givenSizes[items[j]] == nil ? positionalSizes?[q][j] : nil
                    guard let size = positional ?? size(of: items[j], from: from, in: q) else { continue }
                    if open != nil, open!.start + open!.sizes.count == j {
                        open!.sizes.append(.sized(size))
                    } else {
                        if let run = open {
                            edits.append(ItemEdit(range: run.start..<(run.start + run.sizes.count), replacement: run.sizes))
                        }
                        open = (j, [.sized(size)])
                    }
                }
                if let run = open { edits.append(ItemEdit(range: run.start..<(run.start + run.sizes.count), replacement: run.sizes)) }
                plan.sizing[q] = edits
                continue
            }
            let p = sourceOf[q]!
            // Unchanged (one stretch, or none): nothing to order, nothing moves.
            if arrivals[q].isEmpty && walk.stretches.count <= 1 {
                for j in keptPlaces[q] ?? [] { stay(items[j], at: ItemPlace(section: p, item: walk.oldPosition(ofNew: j)!)) }
                plan.listChanges[q] = ListChange(source: p)
                continue
            }
            // The elements in new order: stretches and the items of this section that came back.
            var keys: [Int] = []
            var weights: [Int] = []
            var elements: [(stretch: Int, arrival: Int)] = []
            let elementCount = walk.stretches.count + arrivals[q].count
            keys.reserveCapacity(elementCount)
            weights.reserveCapacity(elementCount)
            elements.reserveCapacity(elementCount)
            var s = 0
            var a = 0
            let local = arrivals[q]
            while s < walk.stretches.count || a < local.count {
                let takeStretch =
                    a >= local.count || (s < walk.stretches.count && walk.stretches[s].new < local[a].item)
                if takeStretch {
                    keys.append(walk.stretches[s].old)
                    weights.append(walk.stretches[s].count)
                    elements.append((s, -1))
                    s += 1
                } else {
                    if let from = local[a].from, from.section == p {
                        keys.append(from.item)
                        weights.append(1)
                        elements.append((-1, a))
                    }
                    a += 1
                }
            }
            let chosen = IncreasingSubsequence.heaviest(keys: keys, weights: weights)
            var placed: [(position: Int, identifier: FlowIdentifier)] = []
            var stayingArrival = Set<Int>()
            var keptStretch = [Bool](repeating: false, count: walk.stretches.count)
            for (e, element) in elements.enumerated() where chosen[e] {
                if element.stretch >= 0 { keptStretch[element.stretch] = true } else { stayingArrival.insert(element.arrival) }
            }
            for (s, stretch) in walk.stretches.enumerated() where !keptStretch[s] {
                for k in 0..<stretch.count {
                    let from = ItemPlace(section: p, item: stretch.old + k)
                    arrive(items[stretch.new + k], at: stretch.new + k, in: q, from: from)
                    placed.append((stretch.new + k, items[stretch.new + k]))
                }
            }
            for (rank, arrival) in local.enumerated() {
                let identifier = items[arrival.item]
                if stayingArrival.contains(rank) {
                    stay(identifier, at: arrival.from!)
                    continue
                }
                arrive(identifier, at: arrival.item, in: q, from: arrival.from)
                placed.append((arrival.item, identifier))
            }
            for j in keptPlaces[q] ?? [] {
                let old = walk.oldPosition(ofNew: j)!
                let s = walk.stretches.lastIndex { $0.new <= j }!
                if keptStretch[s] { stay(items[j], at: ItemPlace(section: p, item: old)) }
            }
            plan.listChanges[q] = ListChange(source: p, placed: placed)
        }
        // Items that leave: deleted where they can be named, remembered with their sizes.
        // In their order before, so that the most recent departures are the last ones.
        let leaving = pendingOld.sorted { ($0.value.section, $0.value.item) < ($1.value.section, $1.value.item) }
        for (identifier, place) in leaving {
            if addressable[place.section] {
                plan.batch.deleteItems(at: [path(place)])
                removedFrom[place.section, default: []].append(place.item)
            }
            plan.departures.append((identifier, ownSize(place)))
        }
        plan.newcomers = newcomers
        plan.newcomerList = newcomerList
        for (p, removed) in removedFrom {
            plan.listChanges[destinationOf[p]!]!.removed = removed
        }
        for q in plan.listChanges.indices where plan.listChanges[q] != nil {
            if plan.listChanges[q]!.removed.count > 1 { plan.listChanges[q]!.removed.sort() }
            if plan.listChanges[q]!.placed.count > 1 { plan.listChanges[q]!.placed.sort { $0.position < $1.position } }
        }
        plan.batch.deletedItems.sort()
        plan.batch.insertedItems.sort { $0.indexPath < $1.indexPath }
        plan.batch.movedItems.sort { $0.to < $1.to }
        return plan
    }
}
