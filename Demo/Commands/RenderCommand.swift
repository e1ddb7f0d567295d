import FlowLayout
import FlowLayoutDescription

/// `flow-demo render`: draws a layout description, or one frame of a scroll
/// session, as SVG.
enum RenderCommand {
    static let help = """
        Usage: flow-demo render [FILE] [--rect X,Y,W,H] [--viewport-rect X,Y,W,H] [--output PATH]
               flow-demo render --frame N [scroll options] [--output PATH]

        Draws a layout description (from FILE, or standard input when FILE is '-' or
        absent) as SVG: cells, headers and footers in distinct styles, labelled with
        their index paths, and the content bounds dashed.

        With --frame N, runs a scroll session (same options as 'flow-demo scroll') up to
        frame N and draws that frame: the elements around the viewport and the viewport
        outlined.

        Options:
          --rect X,Y,W,H           draw only this region of the content (found by a rect query)
          --viewport-rect X,Y,W,H  outline this rect as the viewport
          --frame N                draw frame N of a scroll session
          --output PATH            write the SVG to PATH instead of standard output
          --help                   show this help
        """

    static func run(_ arguments: [String]) async throws {
        let parsed = try Arguments(
            arguments, valued: ScrollCommand.valued.union(["rect", "viewport-rect", "output", "frame"]),
            flags: ScrollCommand.flags)
        if parsed.flag("help") {
            Terminal.out(help + "\n")
            return
        }
        try parsed.expectPositional(atMost: 1, command: "render")
        let svg: String
        if parsed.string("frame") != nil {
            svg = try await renderSessionFrame(parsed)
        } else {
            for option in ScrollCommand.valued.union(ScrollCommand.flags).subtracting(["help"]) where parsed.string(option) != nil || parsed.flag(option) {
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
        let viewport = try parsed.numbers("viewport-rect", count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        for (name, value) in [("rect", rect), ("viewport-rect", viewport)] {
            if let value, value.width < 0 || value.height < 0 { throw UsageError("--\(name) needs a width and height >= 0") }
        }
        let description = try LayoutCommand.loadDescription(parsed.positional.first ?? "-")
        var state = try LayoutCommand.makeState(description)
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
        if let viewport { region = region.union(viewport) }
        return SVGRenderer(region: region, contentSize: contentSize, viewport: viewport).render(elements)
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
        return SVGRenderer(region: region, contentSize: contentSize, viewport: viewport).render(elements)
    }
}
