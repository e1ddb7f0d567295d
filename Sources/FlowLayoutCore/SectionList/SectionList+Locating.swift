/// Locating sections (`flow-layout.md` 4.1, 6): a section's exact start is
/// the sum of the extents before it, exact once every section before it is
/// laid out. Every call here lays out the pending sections up to the one it
/// hands out, so that a ``LocatedSection`` holds an exact start by
/// construction.
extension SectionList {
    /// Section `q`, located: every pending section up to and including it is
    /// laid out first.
    ///
    /// - Complexity: O(log S), plus the layout of the pending sections through `q`.
    mutating func locatedSection(_ q: Int) -> LocatedSection {
        layOutPendingSections(through: q)
        return LocatedSection(index: q, start: records.prefix(before: q).extent, section: section(q))
    }

    /// The first section whose end reaches `key`, located (every pending
    /// section before it and itself laid out); `nil` when the content ends
    /// before `key`.
    ///
    /// - Complexity: O(log S), plus the layout of the pending sections through it.
    @inline(__always)
    mutating func locatedSection(reaching key: Offset) -> LocatedSection? {
        while true {
            // Scoped: no copy of a record is alive while sections are laid out
            // (see ``layOutSection(_:)``).
            let position: Int
            let layOutBefore: Bool
            do {
                let found = records.find(key, in: { $0.extent }, rule: .reaching)
                guard found.before.pending > 0 || found.element?.isPending == true else {
                    guard let record = found.element else { return nil }
                    return LocatedSection(index: found.position, start: found.before.extent, section: section(of: record))
                }
                position = found.position
                layOutBefore = found.before.pending > 0
            }
            if layOutBefore {
                layOutPendingSections(through: Swift.min(position, records.count - 1))
            } else {
                layOutSection(position)
            }
        }
    }

    /// Moves `located` to the section after it, located (laid out if it was
    /// pending); returns `false`, leaving it as it is, after the last.
    ///
    /// - Complexity: O(log S), plus its layout if it was pending.
    @inline(__always)
    mutating func advance(_ located: inout LocatedSection) -> Bool {
        let q = located.index + 1
        guard q < records.count else { return false }
        var record = records[q]
        if record.isPending {
            record.store = nil  // no copy of the store while it is laid out (`layOutSection(_:)`)
            layOutSection(q)
            record = records[q]
        }
        located = LocatedSection(index: q, start: located.end, section: section(of: record))
        return true
    }

    /// The exact start of section `q`, after laying out every pending section
    /// before it (not `q` itself).
    ///
    /// - Complexity: O(log S), plus the layout of the pending sections before `q`.
    mutating func start(ofSection q: Int) -> Offset {
        if q > 0 { layOutPendingSections(through: q - 1) }
        return records.prefix(before: q).extent
    }

    /// Lays out every pending section.
    ///
    /// - Complexity: O(1) when none is pending; else their layout.
    mutating func layOutAllPendingSections() {
        layOutPendingSections(through: records.count - 1)
    }

    /// Lays out every pending section up to and including `q`.
    private mutating func layOutPendingSections(through q: Int) {
        while records.summary.pending > 0 {
            // Only the position: no copy of the record while it is laid out.
            let first = records.find(0, in: { $0.pending }, rule: .containing).position
            guard first <= q else { return }
            layOutSection(first)
        }
    }
}

extension SectionList {
    /// The index of the section whose span along the scroll axis holds
    /// `offset`: the last section that starts at or before it. Offsets past
    /// the end give the last section; `nil` when there are no sections.
    /// Pending sections count at their estimated extents.
    ///
    /// - Complexity: O(log S).
    func sectionIndex(atOffset offset: Double) -> Int? {
        guard records.count > 0 else { return nil }
        guard offset.isFinite, offset > 0 else { return offset.isNaN ? nil : (offset > 0 ? records.count - 1 : 0) }
        let found = records.find(Offset(clamping: offset), in: { $0.extent }, rule: .containing)
        return Swift.min(found.position, records.count - 1)
    }
}
