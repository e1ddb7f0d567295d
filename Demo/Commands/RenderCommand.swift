import FlowLayout
import FlowLayoutDescription

/// `flow-demo render`: draws a layout description, or one frame of a scroll
/// session, as SVG.
enum RenderCommand {
    static let help = """
        Usage: flow-demo render [FILE] [--rect X,Y,W,H] [--viewport-rect X,Y,W,H] [--output PATH]
               flow-demo render [FILE] --updates UPDATES [--batch N] [--rect X,Y,W,H] [--output PATH]
               flow-demo render --frame N [scroll options] [--output PATH]

        Draws a layout description (from FILE, or standard input when FILE is '-' or
        absent) as SVG: cells, headers and footers in distinct styles, labelled with
        their index paths, and the content bounds dashed. Frames are presented as
        'flow-demo layout' prints them: a description's pinned headers and footers are
        drawn where its visibleRect V puts them, on top of the cells (heavier outline),
        right-to-left sections mirrored, frames on the pixel grid of displayScale. A
        description that gives V has it outlined as the viewport.

        With --updates, applies the batches of an update document (as 'flow-demo layout
        --updates' does) up to batch N, and draws the layout right after it: the visible
        rect V outlined where that batch's adjustment moved it, and the batch's
        transitions on top: inserted elements outlined in green, deleted ones as dashed
        red outlines at their frames before the batch, and an arrow from the before
        frame's centre to the after frame's for each element that moved.

        With --frame N, runs a scroll session (same options as 'flow-demo scroll') up to
        frame N and draws that frame: the elements around the viewport and the viewport
        outlined.

        Options:
          --rect X,Y,W,H           draw only this region of the content (found by a rect query)
          --viewport-rect X,Y,W,H  outline this rect as the viewport, and make it V (pinned
                                   headers and footers follow it), instead of the
                                   description's visibleRect
          --updates UPDATES        apply the batches of an update document (layout-description.md)
          --batch N                with --updates, draw the layout after batch N, counted from 0
                                   as in 'batches[N]' (default: the last)
          --frame N                draw frame N of a scroll session
          --output PATH            write the SVG to PATH instead of standard output
          --help                   show this help
        """

    static func run(_ arguments: [String]) async throws {
        let parsed = try Arguments(
            arguments, valued: ScrollCommand.valued.union(["rect", "viewport-rect", "output", "frame", "updates", "batch"]),
            flags: ScrollCommand.flags)
        if parsed.flag("help") {
            Terminal.out(help + "\n")
            return
        }
        try parsed.expectPositional(atMost: 1, command: "render")
        let svg: String
        if parsed.string("frame") != nil {
            for option in ["updates", "batch"] where parsed.string(option) != nil {
                throw UsageError("--\(option) does not apply with --frame")
            }
            svg = try await renderSessionFrame(parsed)
        } else {
            for option in ScrollCommand.valued.union(ScrollCommand.flags).subtracting(["help"])
            where parsed.string(option) != nil || parsed.flag(option) {
                throw UsageError("--\(option) applies only with --frame")
            }
            svg = try renderDescription(parsed)
        }
        if let path = parsed.string("output") {
            try Terminal.write(svg, to: path)
        } else {
            Terminal.out(svg)
        }
    }

    static func renderDescription(_ parsed: Arguments) throws -> String {
        let rect = try parsed.numbers("rect", count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        var viewport = try parsed.numbers("viewport-rect", count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        for (name, value) in [("rect", rect), ("viewport-rect", viewport)] {
            if let value, value.width < 0 || value.height < 0 { throw UsageError("--\(name) needs a width and height >= 0") }
        }
        let descriptionPath = parsed.positional.first ?? "-"
        let updatesPath = parsed.string("updates")
        let batch = try parsed.string("batch").map { _ in try parsed.int("batch", default: 0, in: 0...Int(Int32.max)) }
        if updatesPath == nil, batch != nil { throw UsageError("--batch applies only with --updates") }
        if updatesPath != nil, viewport != nil {
            throw UsageError("--viewport-rect does not apply with --updates: the outlined rect is the update document's V")
        }
        try LayoutCommand.checkInputs(descriptionPath, updatesPath)
        let description = try LayoutCommand.loadDescription(descriptionPath)
        var state = try LayoutCommand.makeState(description)
        if let given = viewport {
            do { try state.setVisibleRect(given) } catch { throw InputError("--viewport-rect: \(error)") }
        } else if updatesPath == nil {
            viewport = description.visibleRect
        }
        var transitions: [ElementTransition] = []
        if let updatesPath {
            (viewport, transitions) = try applyUpdates(updatesPath, through: batch, to: &state)
        }
        let contentSize = state.exactContentSize()
        let query = rect ?? .infinite
        if rect == nil, state.totalItemCount > SVGRenderer.maximumElements {
            throw InputError("the layout has \(state.totalItemCount) items, too many to draw; pass --rect to draw part of it")
        }
        let elements = try state.layoutAttributesForElements(in: query)
        guard elements.count <= SVGRenderer.maximumElements else {
            throw InputError("\(elements.count) elements meet the region, too many to draw; pass a smaller --rect")
        }
        var region = rect ?? elements.reduce(Rect(origin: .zero, size: contentSize)) { $0.union($1.frame) }
        if rect == nil {
            // Deleted elements' frames before the batch may lie past the content now.
            for transition in transitions {
                for frame in [transition.before, transition.after].compactMap({ $0 }) { region = region.union(frame) }
            }
        }
        if let viewport { region = region.union(viewport) }
        var pinned: Set<ElementCategory> = []
        if state.configuration.sectionHeadersPinToVisibleBounds { pinned.insert(.header) }
        if state.configuration.sectionFootersPinToVisibleBounds { pinned.insert(.footer) }
        return SVGRenderer(region: region, contentSize: contentSize, viewport: viewport, transitions: transitions, pinned: pinned)
            .render(elements)
    }

    /// Applies the update document's batches up to `batch` (the last when `nil`)
    /// to `state`, and returns V after that batch and its transitions.
    static func applyUpdates(
        _ path: String, through batch: Int?, to state: inout FlowLayoutState
    ) throws -> (visibleRect: Rect?, transitions: [ElementTransition]) {
        let document = try UpdateReplay.load(path, configuration: state.configuration)
        let count = document.steps.count
        guard count > 0 else { throw InputError("the update document has no batches: there is no batch to draw") }
        let last = batch ?? count - 1
        guard last < count else {
            throw InputError("--batch \(last): the update document has \(count) batches, numbered from 0 to \(count - 1)")
        }
        let reports = try UpdateReplay.apply(document, to: &state, through: last)
        return (state.visibleRect, reports[last].transitions)
    }

    static func renderSessionFrame(_ parsed: Arguments) async throws -> String {
        let target = try parsed.int("frame", default: 0, in: 0...10_000_000)
        var (session, _) = try ScrollCommand.makeSession(parsed)
        var captured: ScrollSession.FrameRecord?
        try await session.run { record in
            if record.index == target { captured = record }
            return record.index < target
        }
        guard let record = captured else {
            throw InputError("the session ended after \(session.report.frames) frames, before frame \(target)")
        }
        let direction = session.workload.configuration.scrollDirection
        let viewport = record.visibleRect
        // The viewport and half a viewport before and after it.
        let region =
            direction == .vertical
            ? Rect(x: viewport.minX, y: viewport.minY - viewport.height / 2, width: viewport.width, height: viewport.height * 2)
            : Rect(x: viewport.minX - viewport.width / 2, y: viewport.minY, width: viewport.width * 2, height: viewport.height)
        let elements = try await session.engine.layoutAttributesForElements(in: region)
        let contentSize = await session.engine.contentSize
        var pinned: Set<ElementCategory> = []
        if session.workload.configuration.sectionHeadersPinToVisibleBounds || session.options.pinHeaders { pinned.insert(.header) }
        if session.workload.configuration.sectionFootersPinToVisibleBounds { pinned.insert(.footer) }
        return SVGRenderer(region: region, contentSize: contentSize, viewport: viewport, pinned: pinned).render(elements)
    }
}
