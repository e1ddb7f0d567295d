/// A section's storage built whole from an archive (`flow-layout.md` 11.5),
/// and read whole to write one: the saved sizes go straight into a pending
/// section, without a per-item edit; a section's own sizes come out as one
/// array, a dense run's buffer copied whole.
extension FlowSectionLayout {
    /// The section `empty` (its items at the default size, no overrides)
    /// with the saved `sizes` of its items (``Size/unsized`` for an item
    /// saved without one; `sizedCount` are not, as the archive's reader
    /// counted), pending: laid out when a query first reaches it.
    /// `equalWidths` says whether the sized items all have one width (the
    /// reader saw it), so that summing them need not look again.
    /// When every item has a size and not `packed`, the array itself is kept,
    /// as sizes a host gives are (their census counted only when they are all
    /// equal), so that laying the section out is one pass over it; else the
    /// sizes are packed into unaligned runs.
    ///
    /// - Complexity: O(n) for n items, one pass to sum them (and one to pack).
    init(
        restoring empty: SectionRecord, savedSizes sizes: [Size], sizedCount: Int, equalWidths: Bool, packed: Bool,
        resolved: GeometrySelector, alignments: Alignments
    ) {
        var record = empty
        sizes.withUnsafeBufferPointer { buffer in
            if !packed && sizedCount == buffer.count {
                record.store = ItemStore(givenSizes: GivenSizes([sizes]), sums: SizeSums(given: buffer, equalWidths: equalWidths))
            } else {
                let sums = SizeSums(buffer)
                guard sums.count > 0 else { return }
                record.store = ItemStore(runs: Self.pack(saved: buffer, sizedCount: sums.count), sums: sums)
            }
        }
        self.init(record: record, resolved: resolved, alignments: alignments)
        // Pending when it has items of its own, its estimate and bound refreshed.
        invalidate(resolved: resolved)
    }

    /// Saved sizes (``Size/unsized`` for an item without one) packed into
    /// unaligned runs, as a pending section keeps them: every item sized,
    /// dense runs of ``Run/sizedCapacity`` copied straight from the sizes;
    /// else by a ``RunBuilder``.
    private static func pack(saved sizes: UnsafeBufferPointer<Size>, sizedCount: Int) -> BTree<Run> {
        var runs: [Run] = []
        if sizedCount == sizes.count {
            runs.reserveCapacity(sizes.count / Run.sizedCapacity + 1)
            var first = 0
            while first < sizes.count {
                let end = Swift.min(first + Run.sizedCapacity, sizes.count)
                runs.append(
                    Run(
                        itemCount: end - first, lineCount: 0, advance: .zero,
                        sizes: .dense(UnsafeBufferPointer(rebasing: sizes[first..<end])), sizedCount: end - first))
                first = end
            }
            return BTree(runs)
        }
        var builder = RunBuilder(aligned: false, lineSpacing: 0)
        var j = 0
        while j < sizes.count {
            if sizes[j].isUnsized {
                let first = j
                while j < sizes.count && sizes[j].isUnsized { j += 1 }
                builder.append(.defaults(j - first))
            } else {
                builder.append(.sized(sizes[j]))
                j += 1
            }
        }
        return BTree(builder.finish())
    }
}

extension SectionRecord {
    /// Every item's size of its own, ``Size/unsized`` for an item without
    /// one, into `own` (emptied first): a dense run's buffer is copied whole.
    ///
    /// - Complexity: O(n).
    func ownSizes(into own: inout [Size]) {
        own.removeAll(keepingCapacity: true)
        own.reserveCapacity(itemCount)
        if let waterfall {
            // A waterfall section's items, read column by column into their places.
            own.append(contentsOf: repeatElement(Size.unsized, count: itemCount))
            waterfall.columns?.forEachItem { item, _, size in own[item] = size }
            return
        }
        guard let store else {
            own.append(contentsOf: repeatElement(Size.unsized, count: itemCount))
            return
        }
        if let given = store.givenSizes {
            own.append(contentsOf: given)
            return
        }
        store.runs.forEach(from: 0, before: .zero) { run, _ in
            guard let buffer = run.sizes else {
                own.append(contentsOf: repeatElement(Size.unsized, count: run.itemCount))
                return true
            }
            if buffer.isDense {
                own.append(contentsOf: UnsafeBufferPointer(start: buffer.sizes, count: buffer.count))
            } else {
                let start = own.count
                own.append(contentsOf: repeatElement(Size.unsized, count: run.itemCount))
                for entry in 0..<buffer.count { own[start + buffer.offset(at: entry)] = buffer.size(at: entry) }
            }
            return true
        }
    }
}
