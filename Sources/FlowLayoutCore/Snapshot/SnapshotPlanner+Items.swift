/// Steps 6 and 7 of a snapshot's plan (`flow-layout.md` 11.2, 11.3): each
/// section's items placed, with their sizes, and the items that leave.
extension SnapshotPlanner {
    // MARK: 6. Items' places and sizes

    /// Step 6: the items of each new section. An unchanged section keeps its
    /// items (reloads and new sizes aside); a section that comes whole gets
    /// the sizes of its items after it is placed; in any other, the stretches
    /// and items that came back in the heaviest increasing subsequence of
    /// their old positions stay, the others arrive.
    mutating func placeItems() {
        plan.listChanges = [ListChange?](repeating: nil, count: newSections.count)
        for q in newSections.indices {
            if unchanged[q] {
                let p = sourceOf[q]!
                for j in keptPlaces[q] ?? [] { stay(newSections[q].items[j], at: ItemPlace(section: p, item: j)) }
                plan.listChanges[q] = ListChange(source: p)
            } else if let walk = walks[q] {
                placeItems(ofWalked: q, walk)
            } else {
                sizeItems(ofWhole: q)
            }
        }
    }

    /// Step 6 for section `q`, which comes whole: each item that came from a
    /// section whose items can be named is deleted there; the sizes of its
    /// items, by 11.2 (or as the archive gave them), are set once it is
    /// placed, in runs of consecutive items.
    private mutating func sizeItems(ofWhole q: Int) {
        let items = newSections[q].items
        var edits: [ItemEdit] = []
        var open: (start: Int, sizes: [ItemSegment])?
        for (j, from) in arrivals[q] {
            if let from, addressable[from.section] {
                plan.batch.deleteItems(at: [from.indexPath])
                removedFrom[from.section, default: []].append(from.item)
            }
            let positional = givenSizes.isEmpty || givenSizes[items[j]] == nil ? positionalSizes?[q][j] : nil
            guard let size = positional ?? size(of: items[j], from: from, in: q) else { continue }
            if open != nil, open!.start + open!.sizes.count == j {
                open!.sizes.append(.sized(size))
            } else {
                if let run = open { edits.append(ItemEdit(range: run.start..<(run.start + run.sizes.count), replacement: run.sizes)) }
                open = (j, [.sized(size)])
            }
        }
        if let run = open { edits.append(ItemEdit(range: run.start..<(run.start + run.sizes.count), replacement: run.sizes)) }
        plan.sizing[q] = edits
    }

    /// Step 6 for section `q`, walked against its old items: which of its
    /// stretches and of the items that came back from its own old items stay
    /// (the heaviest increasing subsequence of their old positions, a
    /// stretch weighing its length); the rest arrive.
    private mutating func placeItems(ofWalked q: Int, _ walk: SnapshotWalk) {
        let items = newSections[q].items
        let p = sourceOf[q]!
        let local = arrivals[q]
        // Unchanged (one stretch, or none): nothing to order, nothing moves.
        if local.isEmpty && walk.stretches.count <= 1 {
            for j in keptPlaces[q] ?? [] { stay(items[j], at: ItemPlace(section: p, item: walk.oldPosition(ofNew: j)!)) }
            plan.listChanges[q] = ListChange(source: p)
            return
        }
        let (keptStretch, stayingArrival) = Self.staying(walk, local, section: p)
        var placed: [(position: Int, identifier: FlowIdentifier)] = []
        for (s, stretch) in walk.stretches.enumerated() where !keptStretch[s] {
            for k in 0..<stretch.count {
                arrive(items[stretch.new + k], at: stretch.new + k, in: q, from: ItemPlace(section: p, item: stretch.old + k))
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

    /// Which of a walked section's stretches, and of the items that arrive in
    /// it (`local`) from its own old items (section `p`), stay: the elements
    /// in new order, keyed by old position and weighted by length, and the
    /// heaviest increasing subsequence of them (11.3).
    private static func staying(
        _ walk: SnapshotWalk, _ local: [(item: Int, from: ItemPlace?)], section p: Int
    ) -> (stretches: [Bool], arrivals: Set<Int>) {
        var keys: [Int] = []
        var weights: [Int] = []
        var elements: [(stretch: Int, arrival: Int)] = []
        let elementCount = walk.stretches.count + local.count
        keys.reserveCapacity(elementCount)
        weights.reserveCapacity(elementCount)
        elements.reserveCapacity(elementCount)
        var s = 0
        var a = 0
        while s < walk.stretches.count || a < local.count {
            if a >= local.count || (s < walk.stretches.count && walk.stretches[s].new < local[a].item) {
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
        var keptStretch = [Bool](repeating: false, count: walk.stretches.count)
        var stayingArrival = Set<Int>()
        for (e, element) in elements.enumerated() where chosen[e] {
            if element.stretch >= 0 { keptStretch[element.stretch] = true } else { stayingArrival.insert(element.arrival) }
        }
        return (keptStretch, stayingArrival)
    }

    /// An item arriving at (q, j): moved when both ends can be named and it
    /// is not reloaded, the move carrying the size the snapshot gives it
    /// (11.3); else deleted (if its old place can be named) and inserted with
    /// its size, since one batch cannot both move and reload an item.
    private mutating func arrive(_ identifier: FlowIdentifier, at j: Int, in q: Int, from: ItemPlace?) {
        let to = FlowIndexPath(item: j, section: q)
        if let from, addressable[from.section] {
            removedFrom[from.section, default: []].append(from.item)
            if reloads.isEmpty || !reloads.contains(identifier) {
                plan.batch.moveItem(at: from.indexPath, to: to, size: givenSizes.isEmpty ? nil : givenSizes[identifier])
                return
            }
            plan.batch.deleteItems(at: [from.indexPath])
        }
        plan.batch.insertItem(at: to, size: size(of: identifier, from: from, in: q))
    }

    /// An item that stays in place at old `place`: reloaded, or given a new size.
    private mutating func stay(_ identifier: FlowIdentifier, at place: ItemPlace) {
        if !reloads.isEmpty && reloads.contains(identifier) {
            plan.batch.reloadItem(at: place.indexPath, size: givenSizes[identifier])
        } else if !givenSizes.isEmpty, let size = givenSizes[identifier], size != ownSize(place) {
            plan.batch.reloadItem(at: place.indexPath, size: size)
        }
    }

    /// The size item `identifier` has after the snapshot, arriving in section
    /// `q` from `from` (or new), by 11.2: the size given; else, reloaded, a
    /// self-sizing item's estimate (`nil`); else its size before; else the
    /// size it left with, if remembered; else the default (`nil`).
    private mutating func size(of identifier: FlowIdentifier, from: ItemPlace?, in q: Int) -> Size? {
        if !givenSizes.isEmpty, let size = givenSizes[identifier] { return size }
        if !reloads.isEmpty && reloads.contains(identifier) && isSelfSizing(q) { return nil }
        if let from { return ownSize(from) }
        return identity?.departed.size(of: identifier)
    }

    /// Whether new section `q`'s items are self-sizing: a self-sizing layout,
    /// and a section that comes whole or had no per-item sizes.
    private mutating func isSelfSizing(_ q: Int) -> Bool {
        sections.settings.configuration.isSelfSizing && !(whole[q] ? false : record(sourceOf[q]!).hasItemSizes)
    }

    /// The size the item at old `place` has of its own.
    private mutating func ownSize(_ place: ItemPlace) -> Size? { record(place.section).explicitSize(ofItem: place.item) }

    /// Old section `p`'s record, read once per run of its items.
    private mutating func record(_ p: Int) -> SectionRecord {
        if let last = lastRecord, last.section == p { return last.record }
        let found = sections[p]
        lastRecord = (p, found)
        return found
    }

    // MARK: 7. Departures

    /// Step 7: items that leave are deleted where they can be named, and
    /// remembered with their sizes, in their order before, so that the most
    /// recent departures are the last ones; then every list is sorted as the
    /// batch and the identifier lists read it.
    mutating func removeDepartures() {
        let leaving = pendingOld.sorted { ($0.value.section, $0.value.item) < ($1.value.section, $1.value.item) }
        for (identifier, place) in leaving {
            if addressable[place.section] {
                plan.batch.deleteItems(at: [place.indexPath])
                removedFrom[place.section, default: []].append(place.item)
            }
            plan.departures.append((identifier, ownSize(place)))
        }
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
    }
}
