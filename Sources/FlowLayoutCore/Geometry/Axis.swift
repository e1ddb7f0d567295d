/// Conversions between screen coordinates (x, y) and the layout's own axes.
///
/// The algorithm is written once, in two axes: the *main* axis runs along a line
/// (x when scrolling vertically) and the *cross* axis runs across lines, which is
/// the scroll axis (y when scrolling vertically). Horizontal scrolling is the
/// transpose (`flow-layout.md` 5): line breaking, placement and re-breaking
/// read sizes and rects only through these conversions. A few places outside
/// this file still branch on the direction themselves (resolving insets in
/// `SectionMetrics`, `SizeSums`, the content size, snapping's points, the
/// estimate's mean size, and the host's offsets).
extension ScrollDirection {
    /// The main-axis component of a size: along a line.
    @inline(__always)
    func main(_ size: Size) -> Double {
        self == .vertical ? size.width : size.height
    }

    /// The cross-axis component of a size: across lines, along the scroll axis.
    @inline(__always)
    func cross(_ size: Size) -> Double {
        self == .vertical ? size.height : size.width
    }

    /// The rect whose main-axis span is `main ..< main + mainLength` and whose
    /// cross-axis span is `cross ..< cross + crossLength`.
    @inline(__always)
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        self == .vertical
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }

    /// The main-axis span of a rect as (minimum, maximum).
    @inline(__always)
    func mainSpan(_ rect: Rect) -> (min: Double, max: Double) {
        self == .vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }

    /// The cross-axis span of a rect as (minimum, maximum).
    @inline(__always)
    func crossSpan(_ rect: Rect) -> (min: Double, max: Double) {
        self == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// The point whose cross-axis component is `cross` and main-axis one is zero.
    @inline(__always)
    func offset(cross: Double) -> Point {
        self == .vertical ? Point(x: 0, y: cross) : Point(x: cross, y: 0)
    }
}
