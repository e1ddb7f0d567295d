/// Size reports (`flow-layout.md` 7.1): an item's real size replaces the one
/// in use, and only what it can move is laid out again.
extension SectionList {
    /// Throws unless every report names an existing item and a valid size
    /// (`sizeReports[i].indexPath`, `sizeReports[i].size.width`).
    func checkReports(_ reports: [SizeReport], path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        for (index, report) in reports.enumerated() {
            try checkItem(report.indexPath, path: path().appending(index: index).appending("indexPath"))
            try Validation.check(size: report.size, path: path().appending(index: index).appending("size"))
        }
    }

    /// The validated reports as item edits, by section in order (among
    /// reports of one item, the later wins; a report of the size an item
    /// has already is dropped), and how much they may grow the sections'
    /// bounds in all (``SectionLayout/possibleGrowth(adding:)``).
    ///
    /// - Complexity: O(r log r) to order the reports, plus O(log S + log R) each.
    func edits(reporting reports: [SizeReport]) -> (edits: [SectionEdits], growth: Double) {
        let order = reports.indices.sorted { (reports[$0].indexPath, $0) < (reports[$1].indexPath, $1) }
        var bySection: [SectionEdits] = []
        var growth = 0.0
        var i = 0
        while i < order.count {
            let q = reports[order[i]].indexPath.section
            let section = section(q)
            let record = section.record
            var edits: [ItemEdit] = []
            while i < order.count, reports[order[i]].indexPath.section == q {
                let report = reports[order[i]]
                i += 1
                if i < order.count, reports[order[i]].indexPath == report.indexPath { continue }
                guard let edit = record.edit(settingItem: report.indexPath.item, to: section.storedSize(report.size))
                else { continue }
                edits.append(edit)
            }
            if !edits.isEmpty {
                growth += section.possibleGrowth(adding: edits)
                bySection.append(SectionEdits(section: q, edits: edits))
            }
        }
        return (bySection, growth)
    }
}

/// One section's item edits: the section's index and its edits, sorted.
///
/// A struct rather than a tuple: an array of tuples is destroyed through the
/// runtime's generic tuple witness, some hundreds of instructions a batch.
struct SectionEdits {
    var section: Int
    var edits: [ItemEdit]
}
