/// Packs a section's lines, produced in item order, into line blocks: runs of
/// default-size lines become uniform blocks, other lines fill explicit blocks of
/// up to ``LineBlock/maximumLines`` lines.
struct BlockBuilder {
    private(set) var blocks: [LineBlock] = []
    private let perLine: Int
    private let uniformThickness: Double
    private let lineSpacing: Double

    /// Creates a builder for a section whose default lines hold `perLine` items of
    /// thickness `uniformThickness`.
    init(perLine: Int, uniformThickness: Double, lineSpacing: Double) {
        self.perLine = perLine
        self.uniformThickness = uniformThickness
        self.lineSpacing = lineSpacing
    }

    /// Appends `itemCount` default-size items as uniform lines; merges with a
    /// uniform block just before. `itemCount` is a multiple of the per-line count
    /// unless these lines end the section.
    mutating func appendUniform(itemCount: Int) {
        guard itemCount > 0 else { return }
        var total = itemCount
        if let last = blocks.last, last.isUniform {
            total += last.itemCount
            blocks.removeLast()
        }
        let lines = (total + perLine - 1) / perLine
        blocks.append(.uniform(itemCount: total, lines: lines, thickness: uniformThickness, lineSpacing: lineSpacing))
    }

    /// Appends one line of `itemCount` items whose break was computed or read.
    mutating func appendLine(itemCount: Int, thickness: Double) {
        if let last = blocks.indices.last, blocks[last].acceptsLine {
            blocks[last].appendLine(itemCount: itemCount, thickness: thickness, lineSpacing: lineSpacing)
        } else {
            blocks.append(.explicit(firstLineItems: itemCount, thickness: thickness))
        }
    }
}
