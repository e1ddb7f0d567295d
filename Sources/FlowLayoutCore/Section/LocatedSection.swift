/// A laid-out section with its exact start along the scroll axis: what every
/// query that reads positions (lines, frames, headers, footers) works on.
///
/// A section's start is the sum of the extents before it, exact only when no
/// earlier section is pending (a pending section counts at its estimate). A
/// `LocatedSection` is made only here, by calls that lay out every pending
/// section up to and including it first (``FlowLayoutState/locatedSection(_:)``,
/// ``FlowLayoutState/locatedSection(reaching:)``,
/// ``FlowLayoutState/advance(_:)``), so a query that holds one reads
/// exact positions by construction. ``FlowLayoutState/start(ofSection:)`` gives
/// the exact start alone (laying out only what comes before the section).
struct LocatedSection {
    /// The section's index.
    let index: Int
    /// Its exact start: the offset of its header's leading edge.
    let start: Offset
    /// The section, laid out.
    let section: SectionLayout

    @inline(__always)
    fileprivate init(index: Int, start: Offset, section: SectionLayout) {
        self.index = index
        self.start = start
        self.section = section
    }

    /// Where the section ends: the next section's start.
    @inline(__always)
    var end: Offset { start + section.extent }

    /// The leading edge of its first line: after the header and the leading inset.
    @inline(__always)
    var linesTop: Offset { start + section.metrics.linesOffset }
}

extension FlowLayoutState {
    /// Section `q`, located: every pending section up to and including it is
    /// laid out first.
    ///
    /// - Complexity: O(log S), plus the layout of the pending sections through `q`.
    mutating func locatedSection(_ q: Int) -> LocatedSection {
        layOutPendingSections(through: q)
        return LocatedSection(index: q, start: sections.prefix(before: q).extent, section: section(q))
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
            // (see `layOutSection(_:)`).
            let position: Int
            let layOutBefore: Bool
            do {
                let found = sections.find(key, in: { $0.extent }, rule: .reaching)
                guard found.before.pending > 0 || found.element?.isPending == true else {
                    guard let record = found.element else { return nil }
                    return LocatedSection(index: found.position, start: found.before.extent, section: section(of: record))
                }
                position = found.position
                layOutBefore = found.before.pending > 0
            }
            if layOutBefore {
                layOutPendingSections(through: Swift.min(position, sections.count - 1))
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
        guard q < sections.count else { return false }
        var record = sections[q]
        if record.isPending {
            record.store = nil  // no copy of the store while it is laid out (`layOutSection(_:)`)
            layOutSection(q)
            record = sections[q]
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
        return sections.prefix(before: q).extent
    }

    /// Lays out every pending section.
    ///
    /// - Complexity: O(1) when none is pending; else their layout.
    mutating func layOutAllPendingSections() {
        layOutPendingSections(through: sections.count - 1)
    }

    /// Lays out every pending section up to and including `q`.
    private mutating func layOutPendingSections(through q: Int) {
        while sections.summary.pending > 0 {
            // Only the position: no copy of the record while it is laid out.
            let first = sections.find(0, in: { $0.pending }, rule: .containing).position
            guard first <= q else { return }
            layOutSection(first)
        }
    }
}
