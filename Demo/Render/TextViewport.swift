import FlowLayout

/// Draws the viewport of one frame as text, so a person can watch a scroll in a
/// terminal: cells as boxes of letters (one letter per item, cycling), headers
/// as `=`, footers as `-`.
enum TextViewport {
    static let columns = 48
    static let rows = 24

    static func draw(_ record: ScrollSession.FrameRecord, direction: ScrollDirection, viewport: Size) -> String {
        var grid = [[Character]](repeating: [Character](repeating: " ", count: columns), count: rows)
        let rect = record.visibleRect
        let scaleX = Double(columns) / max(rect.width, 1)
        let scaleY = Double(rows) / max(rect.height, 1)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for element in record.elements {
            let frame = element.frame
            let x0 = max(0, Int(((frame.minX - rect.minX) * scaleX).rounded()))
            let x1 = min(columns, Int(((frame.maxX - rect.minX) * scaleX).rounded()))
            let y0 = max(0, Int(((frame.minY - rect.minY) * scaleY).rounded()))
            let y1 = min(rows, Int(((frame.maxY - rect.minY) * scaleY).rounded()))
            guard x0 < x1, y0 < y1 else { continue }
            let fill: Character
            switch element.category {
            case .header: fill = "="
            case .footer: fill = "-"
            case .cell: fill = letters[element.indexPath.item % letters.count]
            }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let edge = x == x0 || x == x1 - 1 || y == y0 || y == y1 - 1
                    grid[y][x] = element.category == .cell && edge && x1 - x0 > 2 && y1 - y0 > 2 ? "." : fill
                }
            }
            if element.category == .cell, x1 - x0 > 6, y1 - y0 > 2 {
                let label = Array("\(element.indexPath.section).\(element.indexPath.item)".prefix(x1 - x0 - 2))
                for (i, c) in label.enumerated() { grid[y0 + 1][x0 + 1 + i] = c }
            }
        }
        let border = "+" + String(repeating: "-", count: columns) + "+"
        var out = "frame \(record.index)  \(record.gesture)  offset \(String(format: "%.1f", record.offset))"
        out += record.adjustment != 0 ? "  adjusted \(String(format: "%+.1f", record.adjustment))" : ""
        out += "\n" + border + "\n"
        for row in grid { out += "|" + String(row) + "|\n" }
        return out + border + "\n"
    }
}
