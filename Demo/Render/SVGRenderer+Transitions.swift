import FlowLayout

/// A batch's transitions (`flow-layout.md` 10.5) drawn over the layout after
/// it: what appeared, what went, and what moved.
///
/// - An inserted element (no before frame) is outlined in green at its frame.
/// - A deleted element (no after frame) is a dashed red outline at its frame
///   before the batch, moved by the adjustment as the engine reports it.
/// - An element whose before and after frames differ gets an arrow from the
///   before frame's centre to the after frame's, and a dotted outline at its
///   before frame.
/// Elements that stay where they were on screen get nothing: they are the
/// layout itself. Each mark has a `<title>` naming the element.
extension SVGRenderer {
    /// The styles and the arrowhead the transitions use; nothing when no
    /// transition has a mark.
    func transitionDefinitions() -> String {
        guard transitions.contains(where: { $0.before != $0.after }) else { return "" }
        return """
              <defs>
                <style>
                  .inserted { fill: none; stroke: #1f9d55; stroke-width: 3; }
                  .deleted { fill: none; stroke: #c62828; stroke-width: 1.5; stroke-dasharray: 5 3; }
                  .before { fill: none; stroke: #7b3fc4; stroke-width: 1; stroke-dasharray: 2 3; }
                  .moved { fill: none; stroke: #7b3fc4; stroke-width: 1.5; stroke-opacity: 0.8; marker-end: url(#arrowhead); }
                </style>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M 0 0 L 10 5 L 0 10 z" fill="#7b3fc4"/>
                </marker>
              </defs>

            """
    }

    /// The marks of every transition, in the engine's order.
    func transitionLayer() -> String {
        var out = ""
        for transition in transitions {
            let name = "\(transition.category.rawValue) [\(transition.indexPath.section), \(transition.indexPath.item)]"
            switch (transition.before, transition.after) {
            case (nil, let after?):
                out += "  <g><title>inserted: \(name) \(after)</title>\(rectangle("inserted", after))</g>\n"
            case (let before?, nil):
                out += "  <g><title>deleted: \(name) was at \(before)</title>\(rectangle("deleted", before))</g>\n"
            case (let before?, let after?) where before != after:
                out += "  <g><title>moved: \(name) from \(before) to \(after)</title>\(rectangle("before", before))"
                out += "<line class=\"moved\" x1=\"\(n(before.midX))\" y1=\"\(n(before.midY))\" "
                out += "x2=\"\(n(after.midX))\" y2=\"\(n(after.midY))\"/></g>\n"
            default:
                break
            }
        }
        return out
    }

    /// A rect of `style` at `frame`.
    private func rectangle(_ style: String, _ frame: Rect) -> String {
        "<rect class=\"\(style)\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/>"
    }
}
