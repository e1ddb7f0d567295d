/// Conversions between screen coordinates (x, y) and the layout's own axes.
///
/// The algorithm is written once, in two axes: the *main* axis runs along a line
/// (x when scrolling vertically) and the *cross* axis runs across lines, which is
/// the scroll axis (y when scrolling vertically). Horizontal scrolling is the
/// transpose (`flow-layout.md` 5): line breaking, placement, re-breaking,
/// section metrics, size sums, queries, scrolling and the host read and make
/// sizes, insets, points and rects only through these conversions.
extension ScrollDirection {
    /// The main-axis component of a size: along a line.
    @inline(__always)
    package func main(_ size: Size) -> Double {
        self == .vertical ? size.width : size.height
    }

    /// The cross-axis component of a size: across lines, along the scroll axis.
    @inline(__always)
    package func cross(_ size: Size) -> Double {
        self == .vertical ? size.height : size.width
    }

    /// The size whose main-axis component is `main` and cross-axis one `cross`.
    @inline(__always)
    func size(main: Double, cross: Double) -> Size {
        self == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
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

    /// `rect` widened by `margin` at both ends of its cross-axis span.
    func widenedAcross(_ rect: Rect, by margin: Double) -> Rect {
        self == .vertical
            ? Rect(x: rect.minX, y: rect.minY - margin, width: rect.width, height: rect.height + 2 * margin)
            : Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + 2 * margin, height: rect.height)
    }

    /// The insets at the two ends of a line: (left, right) scrolling
    /// vertically, (top, bottom) horizontally.
    @inline(__always)
    func mainInsets(_ insets: EdgeInsets) -> (leading: Double, trailing: Double) {
        self == .vertical ? (insets.left, insets.right) : (insets.top, insets.bottom)
    }

    /// The insets before the first line and after the last: (top, bottom)
    /// scrolling vertically, (left, right) horizontally.
    @inline(__always)
    func crossInsets(_ insets: EdgeInsets) -> (leading: Double, trailing: Double) {
        self == .vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
    }

    /// The point whose cross-axis component is `cross` and main-axis one is zero.
    @inline(__always)
    func offset(cross: Double) -> Point {
        point(main: 0, cross: cross)
    }

    /// The point whose main-axis component is `main` and cross-axis one `cross`.
    @inline(__always)
    package func point(main: Double, cross: Double) -> Point {
        self == .vertical ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }

    /// The main-axis component of a point: along a line.
    @inline(__always)
    package func main(_ point: Point) -> Double {
        self == .vertical ? point.x : point.y
    }

    /// The cross-axis component of a point: along the scroll axis.
    @inline(__always)
    package func cross(_ point: Point) -> Double {
        self == .vertical ? point.y : point.x
    }
}
