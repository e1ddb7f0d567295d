import FlowLayout
import FlowLayoutReference

/// The `snapshots` scenario (`flow-layout.md` 11): snapshots applied by diff,
/// and archives written and restored, on measured chat-like content (messages
/// the full width, text heights on half points, now and then a photo), against
/// the eager reference, which matches each item to its size through a
/// dictionary and lays everything out again.
///
/// Timed on the core. The targets of issue 17 are stated in the notes, with
/// whether this run met them.
extension Scenarios {
    /// Items of the large snapshot rows and of the archive rows.
    var snapshotItems: Int { quick ? 100_000 : 1_000_000 }
    /// Repetitions of a snapshot.
    var snapshotRepeats: Int { quick ? 5 : 21 }

    func snapshots() throws -> [BenchRow] {
        // Each group sets up its own content: one whose rows are all filtered
        // out is skipped (under callgrind, only the kept rows' work counts).
        var rows: [BenchRow] = []
        if runs(prependOperation) { rows += try prependRows() }
        if runs(randomChangeOperation) { rows += try randomChangeRows() }
        if runs("archive: write \(grouped(snapshotItems))", "archive: restore \(grouped(snapshotItems))") { rows += try archiveRows() }
        return rows
    }

    /// A message's measured size: the same for an identifier whenever it is asked.
    private func messageSize(_ identifier: FlowIdentifier) -> Size {
        var random = SeededRandom.keyed(identifier.rawValue, seed: 17)
        if random.chance(0.08) { return Size(width: viewport.width, height: 240) }
        var lines = 1
        while lines < 15 && random.chance(0.45) { lines += 1 }
        return Size(width: viewport.width, height: 20 + 20.5 * Double(lines))
    }

    private var chatConfiguration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: viewport.width, height: 60)
        configuration.minimumLineSpacing = 8
        return configuration
    }

    /// A state of `sections` (identifiers), every item measured, V in the middle.
    private func measuredState(_ sections: [[FlowIdentifier]]) throws -> FlowLayoutState {
        let snapshot = FlowSnapshot(sections: sections.enumerated().map { FlowSnapshot.Section(id: FlowIdentifier(UInt64($0)), items: $1) })
        var state = try FlowLayoutState(configuration: chatConfiguration, snapshot: snapshot, viewportSize: viewport)
        for (s, items) in sections.enumerated() {
            for start in stride(from: 0, to: items.count, by: 10_000) {
                let reports = (start..<min(start + 10_000, items.count)).map {
                    SizeReport(indexPath: FlowIndexPath(item: $0, section: s), size: messageSize(items[$0]))
                }
                _ = try state.reportSizes(reports)
            }
        }
        try state.setVisibleRect(rect(at: state.contentSize.height / 2))
        return state
    }

    /// The reference: every item's size found by identity, everything laid out again.
    private func referenceLayout(_ sections: [[FlowIdentifier]], sizes: [FlowIdentifier: Size]) -> Size {
        let described = sections.map { items in FlowSection(itemSizes: items.map { sizes[$0] ?? chatConfiguration.estimatedItemSize }) }
        return ReferenceLayout(configuration: chatConfiguration, sections: described, viewportSize: viewport).contentSize
    }

    // MARK: Prepend

    private var prependOperation: String { "snapshot: prepend 50 to 100,000" }

    private func prependRows() throws -> [BenchRow] {
        let count = 100_000
        var items = (1...count).map { FlowIdentifier(UInt64($0)) }
        var state = try measuredState([items])
        var next = UInt64(count + 1)
        var snapshots: [FlowSnapshot] = []
        for _ in 0..<snapshotRepeats {
            items = (0..<50).map { FlowIdentifier(next + UInt64($0)) } + items
            next += 50
            snapshots.append(FlowSnapshot(sections: [FlowSnapshot.Section(id: 0, items: items)]))
        }
        var moves = 0
        let timings = try Timing.repeated(snapshotRepeats) { index in
            moves += try state.apply(snapshots[index]).batch.movedItems.count
        }
        var row = BenchRow(
            scenario: "snapshots", operation: prependOperation, engine: timings,
            engineMemoryBytes: state.memoryFootprint, items: state.totalItemCount,
            note: "target ≤ 100 µs incl. diff: \(timings.median <= 100 ? "met" : "missed"); \(moves) moves")
        if engineOnly {
            row.referenceNote = "skipped"
        } else {
            let sizes = Dictionary(uniqueKeysWithValues: (1...UInt64(count)).map { (FlowIdentifier($0), messageSize(FlowIdentifier($0))) })
            row.reference = Timing.repeated(referenceRepeats) { index in
                _ = referenceLayout([snapshots[index].sections[0].items], sizes: sizes)
            }
        }
        return [row]
    }

    // MARK: 100 random changes

    private var randomChangeOperation: String { "snapshot: 100 random changes in \(grouped(snapshotItems))" }

    private func randomChangeRows() throws -> [BenchRow] {
        let sectionCount = 1_000
        let perSection = snapshotItems / sectionCount
        var sections = (0..<sectionCount).map { s in
            (0..<perSection).map { FlowIdentifier(UInt64(s * perSection + $0 + 1)) }
        }
        var state = try measuredState(sections)
        let empty = try FlowLayoutState(configuration: chatConfiguration, sections: [], viewportSize: viewport).memoryFootprint
        let withoutIdentity = try measuredStateWithoutIdentity(sections)
        var random = SeededRandom(seed: 1_717)
        var next = UInt64(snapshotItems + 1)
        var snapshots: [FlowSnapshot] = []
        for _ in 0..<snapshotRepeats {
            for change in 0..<100 {
                let s = random.int(0..<sectionCount)
                switch change % 5 {
                case 0, 1:
                    sections[s].insert(FlowIdentifier(next), at: random.int(0...sections[s].count))
                    next += 1
                case 2,
                    3 where !sections[s].isEmpty:
                    sections[s].remove(at: random.int(0..<sections[s].count))
                default:
                    guard !sections[s].isEmpty else { continue }
                    let item = sections[s].remove(at: random.int(0..<sections[s].count))
                    let t = random.chance(0.5) ? s : random.int(0..<sectionCount)
                    sections[t].insert(item, at: random.int(0...sections[t].count))
                }
            }
            snapshots.append(
                FlowSnapshot(sections: sections.enumerated().map { FlowSnapshot.Section(id: FlowIdentifier(UInt64($0)), items: $1) }))
        }
        let timings = try Timing.repeated(snapshotRepeats) { index in _ = try state.apply(snapshots[index]) }
        let identityBytes = Double(state.memoryFootprint - withoutIdentity) / Double(state.totalItemCount)
        var row = BenchRow(
            scenario: "snapshots", operation: randomChangeOperation, engine: timings,
            engineMemoryBytes: state.memoryFootprint - empty, items: state.totalItemCount,
            note: "target ≤ 2 ms: \(timings.median <= 2_000 ? "met" : "missed"); identifiers "
                + String(format: "%.1f B/item", identityBytes) + " (target ≤ 16 B: \(identityBytes <= 16 ? "met" : "missed"))")
        if engineOnly {
            row.referenceNote = "skipped"
        } else {
            var sizes: [FlowIdentifier: Size] = [:]
            for section in snapshots[0].sections { for item in section.items { sizes[item] = messageSize(item) } }
            row.reference = Timing.repeated(referenceRepeats) { index in
                _ = referenceLayout(snapshots[index].sections.map(\.items), sizes: sizes)
            }
        }
        return [row]
    }

    /// The memory of the same content measured, without identifiers.
    private func measuredStateWithoutIdentity(_ sections: [[FlowIdentifier]]) throws -> Int {
        var state = try FlowLayoutState(
            configuration: chatConfiguration, sections: sections.map { FlowSection(itemCount: $0.count) }, viewportSize: viewport)
        for (s, items) in sections.enumerated() {
            let reports = items.indices.map { SizeReport(indexPath: FlowIndexPath(item: $0, section: s), size: messageSize(items[$0])) }
            _ = try state.reportSizes(reports)
        }
        return state.memoryFootprint
    }

    // MARK: Archives

    private func archiveRows() throws -> [BenchRow] {
        let sectionCount = 1_000
        let perSection = snapshotItems / sectionCount
        let sections = (0..<sectionCount).map { s in (0..<perSection).map { FlowIdentifier(UInt64(s * perSection + $0 + 1)) } }
        var state = try measuredState(sections)
        var archive: [UInt8] = []
        let writes = Timing.repeated(snapshotRepeats) { _ in archive = state.archive() ?? [] }
        let perItem = Double(archive.count) / Double(snapshotItems)
        let count = grouped(snapshotItems)
        var writeRow = BenchRow(
            scenario: "snapshots", operation: "archive: write \(count)", engine: writes, referenceNote: "no archive",
            engineMemoryBytes: archive.count, items: snapshotItems,
            note: "target ≤ 20 ms: \(writes.median <= 20_000 ? "met" : "missed"); "
                + String(format: "%.2f B/item on disk", perItem) + " (target ≤ 12 B: \(perItem <= 12 ? "met" : "missed"))")
        // This launch: the same messages, a few gone, a few new.
        var nextSections = sections
        nextSections[0].removeFirst(5)
        nextSections[sectionCount - 1] += (1...20).map { FlowIdentifier(UInt64(snapshotItems + $0)) }
        let snapshot = FlowSnapshot(
            sections: nextSections.enumerated().map { FlowSnapshot.Section(id: FlowIdentifier(UInt64($0)), items: $1) })
        var reattached = 0
        let restores = try Timing.repeated(snapshotRepeats) { _ in
            reattached = try FlowLayoutState.restoring(
                archive, snapshot: snapshot, configuration: chatConfiguration, viewportSize: viewport
            ).reattachedSizeCount
        }
        var restoreRow = BenchRow(
            scenario: "snapshots", operation: "archive: restore \(count)", engine: restores, engineMemoryBytes: 0,
            items: snapshotItems,
            note: "target ≤ 30 ms: \(restores.median <= 30_000 ? "met" : "missed"); \(grouped(reattached)) sizes re-attached")
        if engineOnly {
            writeRow.referenceNote = "skipped"
            restoreRow.referenceNote = "skipped"
        } else {
            // The reference keeps identifiers and sizes in plain arrays and matches them through a dictionary.
            let ids = sections.flatMap { $0 }
            let sizes = ids.map(messageSize)
            restoreRow.reference = Timing.repeated(referenceRepeats) { _ in
                var table: [FlowIdentifier: Size] = [:]
                table.reserveCapacity(ids.count)
                for (id, size) in zip(ids, sizes) { table[id] = size }
                _ = referenceLayout(nextSections, sizes: table)
            }
        }
        return [writeRow, restoreRow]
    }
}
