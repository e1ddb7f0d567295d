import FlowLayout
import FlowLayoutDescription

/// Applies the batches and size reports of an update document
/// (`layout-description.md`, Updates) to the state of a description, as a host
/// would: V is set first, each step moves it by its adjustment (the engine's
/// state does that), and each is reported for the output document.
///
/// The content sizes reported around a batch are exact: every section is laid
/// out just before and just after it. The engine's own `previousContentSize`
/// and `contentSize` are its cheap best estimates, which count sections no
/// query has reached at an estimated extent, so they would depend on what was
/// queried before; laying out everything makes the output the same however it
/// was produced, and costs no more than the output document's own exact content
/// size. It does not change a frame: a pending section lays out exactly as it
/// would later (`flow-layout.md` 10.3).
enum UpdateReplay {
    /// Reads and decodes an update document from a file, or from standard input
    /// for `-`; every failure becomes an input error. A problem with the
    /// document as a whole (its JSON, or a top-level value that is not an
    /// object) names the file, since the description may have the same problem.
    static func load(_ path: String, configuration: FlowLayoutConfiguration) throws -> UpdateDocument {
        do {
            if path == "-" { return try UpdateDocument.decode(fileDescriptor: 0, name: "standard input", configuration: configuration) }
            return try UpdateDocument.decode(contentsOfFile: path, configuration: configuration)
        } catch {
            let name = path == "-" ? "standard input" : "'\(path)'"
            if error.path.isEmpty && !error.message.hasPrefix("cannot read ") {
                throw InputError("the update document \(name): \(error.message)")
            }
            throw InputError(error.description)
        }
    }

    /// Sets V (the document's; without one, the description's, else the viewport
    /// at the origin) and applies `document`'s batches and size reports up to
    /// `last` (all of them when `nil`), returning each one's report.
    ///
    /// - Throws: ``InputError`` for a batch or report the engine refuses: its
    ///   message is the engine's, in the document's terms, with the path
    ///   prefixed by `batches[i].`; the steps before it stay applied to `state`.
    static func apply(_ document: UpdateDocument, to state: inout FlowLayoutState, through last: Int? = nil) throws -> [LayoutOutput
        .BatchReport]
    {
        do {
            // The update document's V, else the viewport at the origin (layout-description.md,
            // Updates: the document's default, whatever V the description gave).
            try state.setVisibleRect(document.visibleRect ?? Rect(origin: .zero, size: state.viewportSize))
        } catch {
            throw InputError("\(error)")
        }
        var reports: [LayoutOutput.BatchReport] = []
        for (index, step) in document.steps.enumerated() {
            if let last, index > last { break }
            let before = state.exactContentSize()
            do {
                switch step {
                case .batch(let batch):
                    let result = try state.performBatchUpdates(batch)
                    reports.append(
                        LayoutOutput.BatchReport(result: result, contentSizeBefore: before, contentSizeAfter: state.exactContentSize()))
                case .sizeReports(let sizeReports):
                    let update = try state.reportSizes(sizeReports)
                    reports.append(
                        LayoutOutput.BatchReport(reports: update, contentSizeBefore: before, contentSizeAfter: state.exactContentSize()))
                }
            } catch {
                throw InputError("\(documentTerms(error).prefixingPath(with: FieldPath("batches", index)))")
            }
        }
        return reports
    }

    /// The engine's refusal in the document's terms: a size report's
    /// `indexPath` is the document's `section` or `item`, whichever is out of
    /// range (`sizeReports[0].indexPath` → `sizeReports[0].item`).
    static func documentTerms(_ error: FlowLayoutError) -> FlowLayoutError {
        let name: String
        switch error {
        case .sectionOutOfRange: name = "section"
        case .itemOutOfRange: name = "item"
        default: return error
        }
        return error.mappingPaths { path in
            guard path.hasPrefix("sizeReports"), path.components.last == .field("indexPath") else { return path }
            return FieldPath(Array(path.components.dropLast())).appending(name)
        }
    }

}
