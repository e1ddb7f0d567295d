import FlowLayout
import FlowLayoutDescription

/// Applies the snapshots of an update document (`layout-description.md`,
/// Snapshots) to the state of a description whose sections all give `id` and
/// `itemIds`: the document's string identifiers are numbered as they are first
/// met, each snapshot is checked with the document's paths and applied, and
/// each reports the batch it was applied as.
enum SnapshotReplay {
    /// The description's identifiers.
    struct Identifiers {
        var sections: [String?]?
        var items: [[String]?]?
    }

    /// The engine's numbers for the document's strings.
    struct Names {
        private var numbers: [String: FlowIdentifier] = [:]

        mutating func number(_ name: String) -> FlowIdentifier {
            if let number = numbers[name] { return number }
            let number = FlowIdentifier(UInt64(numbers.count + 1))
            numbers[name] = number
            return number
        }
    }

    /// Applies `snapshots` in order (V first set to `visibleRect`, else the
    /// viewport at the origin), returning each one's report.
    ///
    /// - Throws: ``InputError``: a description without identifiers everywhere
    ///   (`sections[2].id: is required with snapshots`), or the first refused
    ///   snapshot, by its path (`snapshots[1].sections[0].items[4]: "m3" appears
    ///   twice`); the snapshots before it stay applied to `state`.
    static func apply(
        _ snapshots: [DescribedSnapshot], visibleRect: Rect?, identifiers: Identifiers, to state: inout FlowLayoutState
    ) throws -> [LayoutOutput.BatchReport] {
        var sectionNames = Names()
        var itemNames = Names()
        var sectionIDs: [FlowIdentifier] = []
        var itemIDs: [[FlowIdentifier]] = []
        for q in 0..<state.numberOfSections {
            guard let id = identifiers.sections?[q] else { throw InputError("sections[\(q)].id: is required with snapshots") }
            guard let items = identifiers.items?[q] else { throw InputError("sections[\(q)].itemIds: is required with snapshots") }
            sectionIDs.append(sectionNames.number(id))
            itemIDs.append(items.map { itemNames.number($0) })
        }
        do {
            try state.setIdentifiers(sections: sectionIDs, items: itemIDs)
            try state.setVisibleRect(visibleRect ?? Rect(origin: .zero, size: state.viewportSize))
        } catch {
            throw InputError(Self.message(error, sections: identifiers.sections ?? [], items: identifiers.items ?? []))
        }
        var reports: [LayoutOutput.BatchReport] = []
        for (index, described) in snapshots.enumerated() {
            let snapshot = try checked(described, path: "snapshots[\(index)]", sectionNames: &sectionNames, itemNames: &itemNames)
            let before = state.exactContentSize()
            let applied: SnapshotUpdateResult
            do {
                applied = try state.apply(snapshot)
            } catch {
                throw InputError("\(error.prefixingPath(with: FieldPath("snapshots", index)))")
            }
            var report = LayoutOutput.BatchReport(
                result: applied.result, contentSizeBefore: before, contentSizeAfter: state.exactContentSize())
            report.batch = applied.batch
            reports.append(report)
        }
        return reports
    }

    /// The engine's snapshot of `described`, after the checks of `flow-layout.md`
    /// 11.4 with the document's paths and names.
    static func checked(
        _ described: DescribedSnapshot, path: String, sectionNames: inout Names, itemNames: inout Names
    ) throws -> FlowSnapshot {
        var sectionsSeen = Set<String>()
        var itemsSeen = Set<String>()
        for (q, section) in described.sections.enumerated() {
            if !sectionsSeen.insert(section.id).inserted {
                throw InputError("\(path).sections[\(q)].id: \"\(section.id)\" appears twice")
            }
            for (j, item) in section.items.enumerated() where !itemsSeen.insert(item).inserted {
                throw InputError("\(path).sections[\(q)].items[\(j)]: \"\(item)\" appears twice")
            }
        }
        var snapshot = FlowSnapshot()
        for (q, section) in described.sections.enumerated() {
            for entry in section.sizes where !itemsSeen.contains(entry.id) {
                throw InputError("\(path).sections[\(q)].sizes.\(entry.id): \"\(entry.id)\" is not an item of the snapshot")
            }
            for (j, item) in section.reload.enumerated() where !itemsSeen.contains(item) {
                throw InputError("\(path).sections[\(q)].reload[\(j)]: \"\(item)\" is not an item of the snapshot")
            }
            var engine = FlowSnapshot.Section(id: sectionNames.number(section.id), items: section.items.map { itemNames.number($0) })
            for entry in section.sizes { engine.sizes[itemNames.number(entry.id)] = entry.size }
            engine.reloaded = section.reload.map { itemNames.number($0) }
            engine.sectionInset = section.overrides.sectionInset
            engine.minimumLineSpacing = section.overrides.minimumLineSpacing
            engine.minimumInteritemSpacing = section.overrides.minimumInteritemSpacing
            engine.headerReferenceSize = section.overrides.headerReferenceSize
            engine.footerReferenceSize = section.overrides.footerReferenceSize
            snapshot.appendSection(engine)
        }
        return snapshot
    }

    /// An error of the description's identifiers, with its names.
    static func message(_ error: FlowLayoutError, sections: [String?], items: [[String]?]) -> String {
        switch error {
        case let .invalidSnapshot(path, .duplicateSection):
            let q = path.components.compactMap { if case .index(let i) = $0 { i } else { nil } }.first ?? 0
            return "sections[\(q)].id: \"\(sections[q] ?? "")\" appears twice"
        case let .invalidSnapshot(path, .duplicateItem):
            let numbers = path.components.compactMap { if case .index(let i) = $0 { i } else { nil } }
            if numbers.count == 2, let name = items[numbers[0]]?[numbers[1]] {
                return "sections[\(numbers[0])].itemIds[\(numbers[1])]: \"\(name)\" appears twice"
            }
            return "\(error)"
        default:
            return "\(error)"
        }
    }
}
