/// Reading a section's items out of its record, whatever holds them: nothing
/// (every item at the default size), the sizes a host gave, a flow section's
/// runs, or a waterfall section's columns.
extension SectionRecord {
    /// The size `item` has of its own, or `nil`.
    ///
    /// - Complexity: O(log R).
    @inline(__always)
    func explicitSize(ofItem item: Int) -> Size? {
        guard let store else { return waterfall.flatMap { Self.explicitSize(ofItem: item, in: $0) } }
        if let given = store.givenSizes { return given[item] }
        let found = store.runs.find(item, in: { $0.items }, rule: .containing)
        return found.element!.explicitSize(ofItem: item - found.before.items)
    }

    /// The size `item` of a waterfall section has of its own, or `nil`.
    @inline(never)
    private static func explicitSize(ofItem item: Int, in waterfall: WaterfallItems) -> Size? {
        guard let trees = waterfall.columns else { return nil }
        let place = trees.locate(item).place
        return place.run.explicitSize(at: place.index)
    }

    /// The edit that gives `item` the size `stored` as its own (`nil`: the
    /// default size), or `nil` when it has it already.
    ///
    /// - Complexity: O(log R).
    func edit(settingItem item: Int, to stored: Size?) -> ItemEdit? {
        guard explicitSize(ofItem: item) != stored else { return nil }
        return ItemEdit(range: item..<(item + 1), replacement: [ItemSegment(item: stored)])
    }

    /// Calls `body` with every item, as segments, in order, without gathering
    /// them (a section may hold millions).
    func forEachItemSegment(_ body: (ItemSegment) -> Void) {
        if let waterfall {
            guard let trees = waterfall.columns else {
                if itemCount > 0 { body(.defaults(itemCount)) }
                return
            }
            trees.forEachItem { _, _, size in body(ItemSegment(item: size.isUnsized ? nil : size)) }
            return
        }
        guard let store else {
            if itemCount > 0 { body(.defaults(itemCount)) }
            return
        }
        if let given = store.givenSizes {
            for size in given { body(.sized(size)) }
            return
        }
        store.runs.forEach(from: 0, before: .zero) { run, _ in
            var reader = RunReader(run)
            while let segment = reader.next() { body(segment) }
            return true
        }
    }

    /// Calls `body` with each item that has a size of its own, in order.
    func forEachOwnSize(_ body: (Int, Size) -> Void) {
        if let waterfall {
            waterfall.columns?.forEachItem { item, _, size in
                if !size.isUnsized { body(item, size) }
            }
            return
        }
        guard let store else { return }
        if let given = store.givenSizes {
            for (item, size) in given.enumerated() { body(item, size) }
            return
        }
        store.runs.forEach(from: 0, before: .zero) { run, before in
            guard let buffer = run.sizes else { return true }
            for entry in 0..<buffer.count {
                let size = buffer.size(at: entry)
                if !size.isUnsized { body(before.items + buffer.offset(at: entry), size) }
            }
            return true
        }
    }

    /// Bytes of heap the record's store holds (none without one).
    var allocatedBytes: Int { store?.allocatedBytes ?? waterfall?.allocatedBytes ?? 0 }

    /// The measured sizes of its items, summed for the mean estimate
    /// (`flow-layout.md` 7.1): width, height and count of the sizes its runs
    /// hold.
    func addMeasuredSizes(to total: inout (width: Double, height: Double, count: Int)) {
        if waterfall != nil {
            forEachOwnSize { _, size in
                total.width += size.width
                total.height += size.height
                total.count += 1
            }
            return
        }
        guard let store else { return }
        store.runs.forEach(from: 0, before: .zero) { run, _ in
            guard let sizes = run.sizes else { return true }
            for index in 0..<sizes.count where !sizes.size(at: index).isUnsized {
                total.width += sizes.size(at: index).width
                total.height += sizes.size(at: index).height
                total.count += 1
            }
            return true
        }
    }

    /// The record with the store moved out: what is left in the tree while a
    /// ``FlowSectionLayout`` changes the section (so that the store it holds is
    /// uniquely referenced).
    mutating func moveOut() -> SectionRecord {
        let moved = self
        store = nil
        waterfall = nil
        return moved
    }
}
