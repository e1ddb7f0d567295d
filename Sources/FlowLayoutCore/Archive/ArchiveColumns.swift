/// A restored archive's columns (`flow-layout.md` 12.4): every saved item of
/// a waterfall section takes back its saved column, when the section it is
/// in now has the column count and width it was saved under, and the others
/// are assigned in index order as if inserted (12.3 a).
enum ArchiveColumns {
    /// Gives the waterfall sections of `state` (this launch's content, the
    /// saved sizes re-attached) their saved columns from `content`.
    ///
    /// An item is looked for where it was saved first (the same section, the
    /// same position), then among every saved waterfall item, so that a
    /// launch whose content is the saved one, or has items added, reads no
    /// table.
    ///
    /// - Complexity: O(n) for n items, plus O(m) to index the m saved
    ///   waterfall items when one item is not where it was.
    static func restore(_ content: ArchiveContent, into state: inout FlowLayoutState) {
        guard state.sections.table.hasWaterfall, let identity = state.identity,
            content.columns.contains(where: { $0 != nil })
        else { return }
        var savedSections: [FlowIdentifier: Int] = [:]
        for (q, columns) in content.columns.enumerated() where columns != nil { savedSections[content.sectionIDs[q]] = q }
        var index: SavedIndex?
        for q in 0..<state.sections.count {
            guard case .waterfall(let section) = state.sections.section(q) else { continue }
            let geometry = section.columns
            let matches = { (saved: SavedColumns) in saved.count == geometry.count && saved.width == geometry.width }
            // The section saved under the same identifier, when its columns still hold.
            let same = savedSections[identity.sectionIDs[q]].flatMap { p in
                content.columns[p].flatMap { matches($0) ? (items: content.items[p], columns: $0.items) : nil }
            }
            var columns: [Int?] = []
            columns.reserveCapacity(section.record.itemCount)
            var kept = 0
            for chunk in identity.items[q].chunks {
                for identifier in chunk {
                    let j = columns.count
                    var column: Int?
                    if let same, j < same.items.count, same.items[j] == identifier {
                        column = Int(same.columns[j])
                    } else {
                        if index == nil { index = SavedIndex(content) }
                        if let (p, position) = index!.place[identifier], let saved = content.columns[p], matches(saved) {
                            column = Int(saved.items[position])
                        }
                    }
                    if column != nil { kept += 1 }
                    columns.append(column)
                }
            }
            // None saved: what the snapshot assigned is what (a) in index order gives.
            guard kept > 0 else { continue }
            state.sections.modifySection(q) { layout in
                guard case .waterfall(let waterfall) = layout else { return }
                layout = .waterfall(
                    WaterfallSectionLayout(reassigning: waterfall.record, keeping: columns, resolved: waterfall.resolved))
            }
        }
        state.checkInvariants()
    }

    /// Every saved waterfall item's section and position, by identifier.
    private struct SavedIndex {
        var place: [FlowIdentifier: (section: Int, position: Int)] = [:]

        init(_ content: ArchiveContent) {
            for (p, columns) in content.columns.enumerated() where columns != nil {
                for (position, identifier) in content.items[p].enumerated() { place[identifier] = (p, position) }
            }
        }
    }
}
