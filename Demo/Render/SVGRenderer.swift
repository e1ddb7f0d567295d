import FlowLayout
import Foundation

/// Draws elements as SVG: cells, headers and footers in distinct styles with
/// index-path labels, in zIndex order (pinned headers and footers on top, with
/// a heavier outline), the content bounds dashed, and optionally the viewport
/// and a batch's transitions (`SVGRenderer+Transitions.swift`).
struct SVGRenderer {
    /// The region of content to draw, in content coordinates.
    var region: Rect
    /// The content bounds: `(0, 0)` to the content size.
    var contentSize: Size
    /// The viewport to outline, if any.
    var viewport: Rect?
    /// The transitions of a batch to show over the elements, if any.
    var transitions: [ElementTransition] = []
    /// The categories of elements that pin (drawn with the `pinned` class).
    var pinned: Set<ElementCategory> = []
    /// The most elements drawn; more is refused by the caller.
    static let maximumElements = 20_000

    /// The SVG document.
    func render(_ elements: [LayoutAttributes]) -> String {
        let margin = 12.0
        let width = region.width + 2 * margin
        let height = region.height + 2 * margin
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="\(n(region.minX - margin)) \(n(region.minY - margin)) \(n(width)) \(n(height))" \
            font-family="Helvetica, Arial, sans-serif">
              <style>
                .cell { fill: #dbe9ff; stroke: #3b6fd8; stroke-width: 1; }
                .header { fill: #ffe3c2; stroke: #d9822b; stroke-width: 1; }
                .footer { fill: #d8f3dc; stroke: #2d9a53; stroke-width: 1; }
                .label { fill: #1d2733; text-anchor: middle; dominant-baseline: central; }
                .content { fill: none; stroke: #8a94a6; stroke-width: 1; stroke-dasharray: 6 4; }
                .viewport { fill: none; stroke: #e0245e; stroke-width: 3; }
                .pinned { stroke-width: 2.5; }
              </style>
              <rect x="\(n(region.minX - margin))" y="\(n(region.minY - margin))" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>
              <rect class="content" x="0" y="0" width="\(n(contentSize.width))" height="\(n(contentSize.height))"/>

            """
        out += transitionDefinitions()
        // Drawn in zIndex order (stable): headers and footers (10) over the cells
        // (0) they cover, as a collection view stacks them.
        let stacked = elements.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
        for element in stacked {
            let frame = element.frame
            let label: String
            switch element.category {
            case .cell: label = "\(element.indexPath.section).\(element.indexPath.item)"
            case .header: label = "header \(element.indexPath.section)"
            case .footer: label = "footer \(element.indexPath.section)"
            }
            out += "  <g><title>\(element.category.rawValue) [\(element.indexPath.section), \(element.indexPath.item)] \(frame)</title>"
            let pinned = self.pinned.contains(element.category) ? " pinned" : ""
            out += "<rect class=\"\(element.category.rawValue)\(pinned)\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" "
            out += "width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/>"
            let fontSize = min(12, frame.height * 0.6, frame.width / Double(max(label.count, 1)) * 1.6)
            if fontSize >= 4 {
                out += "<text class=\"label\" x=\"\(n(frame.midX))\" y=\"\(n(frame.midY))\" font-size=\"\(n(fontSize))\">\(label)</text>"
            }
            out += "</g>\n"
        }
        out += transitionLayer()
        if let viewport {
            out += "  <rect class=\"viewport\" x=\"\(n(viewport.minX))\" y=\"\(n(viewport.minY))\" "
            out += "width=\"\(n(viewport.width))\" height=\"\(n(viewport.height))\"/>\n"
        }
        return out + "</svg>\n"
    }

    /// A coordinate with at most 3 decimals.
    func n(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
}

extension Rect {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }

    /// The smallest rect containing both.
    func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX)
        let y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}
