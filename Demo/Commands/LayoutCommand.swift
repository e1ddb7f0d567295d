import FlowLayout
import FlowLayoutDescription

/// `flow-demo layout`: lays out a layout description and prints the output
/// document of `layout-description.md`.
enum LayoutCommand {
    static let help = """
        Usage: flow-demo layout [FILE] [--updates UPDATES] [--rect X,Y,WIDTH,HEIGHT]

        Reads a layout description (layout-description.md) from FILE, or from standard
        input when FILE is '-' or absent, lays it out and prints the content size and
        every element's frame as JSON. The description is read as a stream, 64 KiB at a
        time: a file of a million item sizes never sits in memory whole. Its 'layout'
        object may give lineAlignment, lastLineAlignment, crossAlignment, layoutDirection,
        sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds and displayScale,
        and the description a top-level visibleRect, V (layout-description.md, Options).

        Frames are the ones a host sees (flow-layout.md 8): pinned headers and footers
        where V puts them (V defaults to the viewport at the origin), right to left
        mirrored, on the pixel grid of displayScale. --rect meets those frames, so it
        returns exactly the elements of the full output whose frames meet it.

        Options:
          --rect X,Y,W,H     print only the elements whose frames meet this rect, found by
                             the engine's rect query (touching edges included); any finite
                             numbers, the width and height not negative
          --updates UPDATES  apply the batches of an update document (layout-description.md,
                             Updates; '-' for standard input, when FILE is not), a batch
                             of data changes or a list of "sizeReports" each, and print
                             the layout after the last, then "updates": one entry per batch;
                             or its snapshots (Snapshots: the description then gives "id"
                             and "itemIds" for every section), each entry with the "batch"
                             the snapshot was applied as
          --help             show this help

        With --updates, the visible rect V starts as the update document's visibleRect
        (default: the viewport at the origin, as layout-description.md says, whatever
        V the description gives) and moves by each
        batch's adjustment, as a host would scroll. Each entry of "updates" gives the batch's contentOffsetAdjustment, its
        anchor (the element kept still, by its index path after the batch, or null) and
        its transitions: every element meeting V before or after the batch, by its index
        path after the batch (before it, when deleted), with its before frame (moved by
        the adjustment; null when inserted) and after frame (null when deleted); a list
        of size reports has no transitions.
        contentSizeBefore and contentSizeAfter are exact: every section is laid out just
        before and just after each batch, so they never depend on what was queried
        first (the engine's own sizes count sections not laid out yet at an estimate).
        A batch the engine refuses exits with status 1 and its operation's path, as in
        'batches[2].insertItems[0].item: 7 is past the end of section 0 (5 items after
        the batch)'; nothing is printed on standard output.

        Without --rect, a layout of more than \(grouped(maximumElements)) elements (its
        items, and a header and a footer per section) is refused, since its output
        would run to gigabytes. To get past the limit, pass --rect: it prints only the
        elements that meet the rect, whatever the size of the layout.

        A description that cannot be laid out is refused with a message naming the
        field (for example 'sections[3].itemSizes[17].width: must be a finite number
        >= 0'), exit status 1 and nothing on standard output. Items wider than their
        line are laid out and reported as warnings on standard error, each saying where
        the layout put them (flow-layout.md 2.2: centred, or as the line alignment puts a
        line of one item, in a uniform section; at the leading inset in any other). Bad
        usage (an unknown option, a --rect that is not four finite numbers) exits with
        status 2.
        """

    /// The most elements printed without --rect.
    static let maximumElements = 10_000_000

    static func run(_ arguments: [String]) throws {
        let parsed = try Arguments(arguments, valued: ["rect", "updates"], flags: ["help"])
        if parsed.flag("help") {
            Terminal.out(help + "\n")
            return
        }
        try parsed.expectPositional(atMost: 1, command: "layout")
        let rect = try parsed.numbers("rect", count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        if let rect, rect.width < 0 || rect.height < 0 { throw UsageError("--rect needs a width and height >= 0") }
        let descriptionPath = parsed.positional.first ?? "-"
        let updatesPath = parsed.string("updates")
        try checkInputs(descriptionPath, updatesPath)
        var state: FlowLayoutState
        var identifiers: SnapshotReplay.Identifiers
        do {
            // The description's item sizes are not needed once the state exists: they
            // go out of scope here, and the state keeps only what it uses.
            let description = try loadDescription(descriptionPath)
            state = try makeState(description)
            identifiers = SnapshotReplay.Identifiers(sections: description.sectionIdentifiers, items: description.itemIdentifiers)
        }
        var updates: [LayoutOutput.BatchReport]?
        if let updatesPath {
            let document = try UpdateReplay.load(updatesPath, configuration: state.configuration)
            if let snapshots = document.snapshots {
                updates = try SnapshotReplay.apply(snapshots, visibleRect: document.visibleRect, identifiers: identifiers, to: &state)
            } else {
                updates = try UpdateReplay.apply(document, to: &state)
            }
        }
        let contentSize = state.exactContentSize()
        warnAboutOversizeItems(&state)
        if rect == nil {
            let total = state.totalItemCount + 2 * state.numberOfSections
            guard total <= maximumElements else {
                throw InputError("the layout has about \(total) elements, more than \(maximumElements); pass --rect to query part of it")
            }
        }
        // Stream: elements go out as the query finds them, never all in memory.
        var writer = LayoutOutput.Writer(contentSize: contentSize) { Terminal.out($0) }
        try state.enumerateElements(in: rect ?? .infinite) { element in
            writer.append(element)
            return true
        }
        if let updates {
            writer.finish(updates: updates)
        } else {
            writer.finish()
        }
    }

    /// Throws a usage error when the description and the update document would
    /// both be read from standard input.
    static func checkInputs(_ descriptionPath: String, _ updatesPath: String?) throws(UsageError) {
        if descriptionPath == "-" && updatesPath == "-" {
            throw UsageError("--updates - needs the description from a file: both cannot be read from standard input")
        }
    }

    /// Reads and decodes a description from a file, or from standard input for
    /// `-`, a chunk at a time; every failure becomes an input error.
    static func loadDescription(_ path: String) throws -> LayoutDescription {
        do {
            if path == "-" { return try LayoutDescription.decode(fileDescriptor: 0, name: "standard input") }
            return try LayoutDescription.decode(contentsOfFile: path)
        } catch {
            throw InputError(error.description)
        }
    }

    /// The engine state of a description, with the options it gives and its
    /// visible rect V, if it gives one.
    ///
    /// - Parameter options: the settings a description does not give (the scroll
    ///   anchor, estimate refinement, snapping); the others are the description's.
    static func makeState(_ description: LayoutDescription, options: FlowLayoutOptions = FlowLayoutOptions()) throws -> FlowLayoutState {
        do {
            var state = try FlowLayoutState(
                configuration: description.configuration, sections: description.sections,
                viewportSize: description.viewportSize, options: description.options(over: options))
            if let visibleRect = description.visibleRect { try state.setVisibleRect(visibleRect) }
            return state
        } catch {
            throw InputError("\(error)")
        }
    }

    /// Prints a warning on standard error for each run of items wider than
    /// their line, saying where the layout put them (``OversizeWarning``).
    static func warnAboutOversizeItems(_ state: inout FlowLayoutState) {
        for warning in OversizeWarning.warnings(in: &state) {
            Terminal.error("warning: \(warning)")
        }
    }
}

extension LayoutDescription {
    /// `options` with every setting the description format gives replaced by
    /// the description's (`layout-description.md`, Options): the alignments,
    /// the layout direction and the display scale.
    func options(over options: FlowLayoutOptions) -> FlowLayoutOptions {
        var merged = options
        merged.lineAlignment = self.options.lineAlignment
        merged.lastLineAlignment = self.options.lastLineAlignment
        merged.crossAlignment = self.options.crossAlignment
        merged.layoutDirection = self.options.layoutDirection
        merged.displayScale = self.options.displayScale
        return merged
    }
}
