import FlowLayout
import FlowLayoutDescription
import Foundation

/// `scroll --chat --save FILE` and `--restore FILE` (`flow-layout.md` 11.5):
/// the archive a chat writes when it is closed, and the relaunch that restores
/// it against the messages of the next launch.
enum ChatRelaunch {
    /// Writes the archive of `session`'s engine at the end of the session: each
    /// message's identity (its number in the session) and measured size, and
    /// the anchor.
    static func save(_ session: ScrollSession, to path: String) async throws -> Int {
        var state = await session.engine.state
        try state.setIdentifiers(sections: [FlowIdentifier(1)], items: session.identifiers)
        guard let archive = state.archive() else { throw InputError("the chat has no identifiers to save") }
        guard FileManager.default.createFile(atPath: path, contents: Data(archive)) else {
            throw InputError("cannot write '\(path)'")
        }
        return archive.count
    }

    /// Restores the archive at `path` against the next launch's messages: the
    /// saved ones less one in `deleteEvery` (never the newest), plus `arrived`
    /// new ones at the end; returns the summary of the relaunch and the
    /// restored layout, from which the session goes on.
    static func restore(
        from path: String, workload: ScrollWorkload, deleteEvery: Int, arrived: Int, timing: Bool
    ) throws -> (summary: String, restoration: FlowLayoutRestoration) {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError("cannot read '\(path)'") }
        let archive = [UInt8](data)
        let saved: FlowSnapshot
        do {
            saved = try FlowLayoutState.archivedSnapshot(archive)
        } catch {
            throw InputError("'\(path)': \(error)")
        }
        // The next launch's messages.
        var next = saved
        var deleted = 0
        var highest: UInt64 = 0
        for (q, section) in saved.sections.enumerated() {
            highest = max(highest, section.items.map(\.rawValue).max() ?? 0)
            next.sections[q].sizes = [:]
            next.sections[q].items = section.items.enumerated().filter { index, _ in
                let gone = deleteEvery > 0 && index % deleteEvery == deleteEvery - 1 && index < section.items.count - 1
                if gone { deleted += 1 }
                return !gone
            }.map(\.element)
        }
        if next.sections.isEmpty { next.sections = [FlowSnapshot.Section(id: 1, items: [])] }
        let last = next.sections.count - 1
        next.sections[last].items += (0..<UInt64(arrived)).map { FlowIdentifier((1 << 62) | (highest + 1 + $0)) }
        let start = ContinuousClock.now
        var restoration: FlowLayoutRestoration
        var options = FlowLayoutOptions()
        options.scrollAnchor = .lastVisibleItem
        do {
            restoration = try FlowLayoutState.restoring(
                archive, snapshot: next, configuration: workload.configuration, viewportSize: workload.viewportSize,
                options: options)
        } catch {
            throw InputError("'\(path)': \(error)")
        }
        let elapsed = Measure.micros(since: start)
        let savedCount = saved.itemCount
        let measured = saved.sections.reduce(0) { $0 + $1.sizes.count }
        var lines = [
            "flow-demo scroll --chat --restore: a relaunch from '\(path)'",
            "archive          \(grouped(archive.count)) bytes, "
                + String(format: "%.2f", Double(archive.count) / Double(max(savedCount, 1)))
                + " per message, version \(FlowLayoutState.archiveVersion), "
                + (restoration.fingerprintMatched ? "fingerprint matched" : "fingerprint differs (no size re-attaches)"),
            "messages         \(grouped(savedCount)) saved; \(grouped(deleted)) deleted and \(grouped(arrived)) arrived since: "
                + "\(grouped(next.itemCount)) now",
            "sizes            \(grouped(restoration.reattachedSizeCount)) re-attached by identity "
                + "(of \(grouped(measured)) measured when saved)",
        ]
        if let anchor = restoration.anchor, let distance = restoration.anchorDistance, let visible = restoration.state.visibleRect {
            let frame = try restoration.state.layoutAttributesForItem(at: anchor.indexPath).frame
            // The distance of the edge the anchor keeps: its bottom from the
            // screen's bottom for the last visible message, else its top.
            let fromBottom = restoration.anchorEdge == .bottom
            let now = fromBottom ? visible.maxY - frame.maxY : frame.minY - visible.minY
            lines.append(
                "anchor           message \(grouped(anchor.indexPath.item + 1)) of \(grouped(next.itemCount)) at \(LayoutOutput.number(distance)) pt from the \(fromBottom ? "bottom" : "top") of the screen when saved, "
                    + "\(LayoutOutput.number(now)) pt after the relaunch: moved \(LayoutOutput.number(now - distance)) pt")
        } else {
            lines.append("anchor           none saved")
        }
        if timing { lines.append("restore          \(Measure.micros(elapsed))") }
        return (lines.joined(separator: "\n") + "\n", restoration)
    }
}
