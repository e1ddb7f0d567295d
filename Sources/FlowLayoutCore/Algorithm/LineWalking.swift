/// Reading lines out of a section's blocks: the lines that meet a span across
/// lines (for rect queries) and the line that holds an item (for single-item
/// queries and updates).
///
/// Every path computes a line's top the same way, so that a frame read one way
/// equals the frame read the other: a block's top is the section's first-line
/// offset plus the block's top from its ``BlockSequence``; in a uniform block,
/// line `j` starts at `blockTop + j · pitch`; in an explicit block, lines start
/// one after another, `top + thickness + lineSpacing`.
struct LineSpan: Hashable {
    /// The first item.
    var start: Int
    /// One past the last item.
    var end: Int
    /// The line's top (cross-axis offset in content coordinates).
    var top: Double
    /// The line's thickness.
    var thickness: Double
}

extension SectionContext {
    /// Calls `body` for the lines of `block` (first item `firstItem`, top `top`)
    /// whose span `top ... top + thickness` meets `low ... high`, in order.
    /// Returns `false` when `body` stopped or a line started below `high`.
    func forEachLine(
        of block: LineBlock, firstItem: Int, top: Double, from low: Double, through high: Double,
        _ body: (LineSpan) -> Bool
    ) -> Bool {
        if block.isUniform {
            let lines = uniformLines(itemCount: block.itemCount)
            let pitch = uniformPitch
            let thickness = uniformThickness
            let blockEnd = firstItem + block.itemCount
            var j = 0
            if pitch > 0 {
                let estimate = (low - thickness - top) / pitch
                if estimate > 0 { j = estimate >= Double(lines) ? lines : Int(estimate) }
            }
            while j > 0 && top + Double(j - 1) * pitch + thickness >= low { j -= 1 }
            while j < lines && top + Double(j) * pitch + thickness < low { j += 1 }
            while j < lines {
                let lineTop = top + Double(j) * pitch
                if lineTop > high { return false }
                let start = firstItem + j * perLine
                if !body(LineSpan(start: start, end: min(start + perLine, blockEnd), top: lineTop, thickness: thickness)) {
                    return false
                }
                j += 1
            }
            return true
        }
        var lineTop = top
        for j in 0..<Int(block.lineCount) {
            if lineTop > high { return false }
            let start = firstItem + block.lineStart(j)
            let end = firstItem + block.lineEnd(j)
            let thickness = sizes.thickness(from: start, to: end)
            if lineTop + thickness >= low {
                if !body(LineSpan(start: start, end: end, top: lineTop, thickness: thickness)) { return false }
            }
            lineTop = lineTop + thickness + metrics.lineSpacing
        }
        return true
    }

    /// Calls `body` for the section's lines that meet `low ... high`, given the
    /// top of its first line. Returns `false` when stopped early.
    func forEachLine(
        blocks: BlockSequence?, linesTop: Double, from low: Double, through high: Double,
        _ body: (LineSpan) -> Bool
    ) -> Bool {
        guard itemCount > 0 else { return true }
        guard let blocks else {
            return forEachLine(of: implicitBlock, firstItem: 0, top: linesTop, from: low, through: high, body)
        }
        // Search a hair early: the search compares relative offsets, the lines
        // absolute ones, and the two may round differently by an ulp.
        let slack = (abs(low) + abs(linesTop)) * 0x1p-40
        guard var cursor = blocks.cursor(reachingOffset: low - linesTop - slack) else { return true }
        while true {
            let top = linesTop + cursor.top
            if top > high { return false }
            if !forEachLine(of: blocks[cursor], firstItem: cursor.firstItem, top: top, from: low, through: high, body) {
                return false
            }
            guard let next = blocks.next(cursor) else { return true }
            cursor = next
        }
    }

    /// The line holding `item`, given the top of the section's first line.
    func line(containing item: Int, blocks: BlockSequence?, linesTop: Double) -> LineSpan {
        let block: LineBlock
        let firstItem: Int
        let top: Double
        if let blocks {
            let cursor = blocks.cursor(containingItem: item)
            block = blocks[cursor]
            firstItem = cursor.firstItem
            top = linesTop + cursor.top
        } else {
            block = implicitBlock
            firstItem = 0
            top = linesTop
        }
        if block.isUniform {
            let j = (item - firstItem) / perLine
            let start = firstItem + j * perLine
            return LineSpan(
                start: start, end: min(start + perLine, firstItem + block.itemCount),
                top: top + Double(j) * uniformPitch, thickness: uniformThickness)
        }
        var lineTop = top
        var j = 0
        while true {
            let start = firstItem + block.lineStart(j)
            let end = firstItem + block.lineEnd(j)
            let thickness = sizes.thickness(from: start, to: end)
            if item < end { return LineSpan(start: start, end: end, top: lineTop, thickness: thickness) }
            lineTop = lineTop + thickness + metrics.lineSpacing
            j += 1
        }
    }
}
