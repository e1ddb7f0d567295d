/// How the frames the line algorithms produce, *natural* frames (left to right,
/// unpinned, on no pixel grid, from the content's start), become the frames a
/// host sees (`flow-layout.md` 8.1 to 8.3, 8.6), in the spec's order: pin
/// (against the visible rect, taken into natural coordinates), move content
/// shorter than the viewport to its end (8.6), mirror (`x' = W − x − width`),
/// round each origin to the pixel grid (sizes stay as they are, as UIKit does).
///
/// The layout itself never changes: a presentation is computed per query from
/// the options, the visible rect and the content width, so a pure scroll moves
/// pinned frames without re-laying out anything.
struct Presentation {
    /// The scroll direction.
    let direction: ScrollDirection
    /// The content width frames are mirrored in, or `nil` left to right.
    let mirrorWidth: Double?
    /// How far frames move along the scroll axis: content at the end (8.6).
    let shift: Double
    /// Pixels per point; 0 is off.
    let scale: Double
    /// Whether headers and footers pin (8.1).
    let pinsHeaders: Bool
    let pinsFooters: Bool
    /// The visible rect's span along the scroll axis, in natural coordinates.
    let visibleLow: Double
    let visibleHigh: Double

    /// Whether natural frames are presented as they are.
    var isIdentity: Bool { mirrorWidth == nil && shift == 0 && scale == 0 && !pinsHeaders && !pinsFooters }

    /// An origin `o` on the pixel grid: `round(o × scale) / scale`, half away
    /// from zero (8.3).
    @inline(__always)
    func snap(_ origin: Double) -> Double {
        scale > 0 ? (origin * scale).rounded(.toNearestOrAwayFromZero) / scale : origin
    }

    /// The frame a host sees for a natural frame (already pinned).
    @inline(__always)
    func present(_ frame: Rect) -> Rect {
        var x = frame.minX
        var y = frame.minY
        if shift != 0 {
            if direction == .vertical { y += shift } else { x += shift }
        }
        if let width = mirrorWidth { x = width - x - frame.width }
        guard scale > 0 else { return Rect(x: x, y: y, width: frame.width, height: frame.height) }
        return Rect(x: snap(x), y: snap(y), width: frame.width, height: frame.height)
    }

    /// The presented frame of an element whose natural frame is `natural`,
    /// when a query of `rect` shows it (the rect walk's rule): the natural
    /// frame meets `query` (``naturalQuery(_:)``, or `rect` itself when the
    /// presentation is the identity) and the presented frame meets `rect`.
    @inline(__always)
    func shown(_ natural: Rect, query: Rect, rect: Rect) -> Rect? {
        guard natural.touches(query) else { return nil }
        let frame = present(natural)
        return frame.touches(rect) ? frame : nil
    }

    /// The natural rect to search for the elements whose presented frames may
    /// meet `rect`: mirrored, and widened by a pixel (rounding moves an origin by
    /// half of one at most) and by a few ulps (mirroring rounds). Callers test the
    /// presented frames against `rect` itself.
    func naturalQuery(_ rect: Rect) -> Rect {
        var x = rect.minX
        var y = rect.minY
        if let width = mirrorWidth { x = width - rect.maxX }
        if shift != 0 {
            if direction == .vertical { y -= shift } else { x -= shift }
        }
        let magnitude = Swift.max(abs(x), abs(y), abs(rect.maxX), abs(rect.maxY), mirrorWidth ?? 0, shift, 1)
        let margin = (scale > 0 ? 1 / scale : 0) + 8 * magnitude.ulp
        return Rect(x: x - margin, y: y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
    }

    /// A pinned header's offset along the scroll axis: `min(max(V.low, hy), E − hh)`,
    /// where `hy` is its natural offset, `hh` its extent, `E` the footer's offset.
    @inline(__always)
    func pinnedHeader(natural: Double, extent: Double, end: Double) -> Double {
        Swift.min(Swift.max(visibleLow, natural), end - extent)
    }

    /// A pinned footer's offset: `max(min(V.high − fh, fy), S)`, where `fy` is its
    /// natural offset, `fh` its extent, `S` where the section's content starts
    /// (after its header).
    @inline(__always)
    func pinnedFooter(natural: Double, extent: Double, contentStart: Double) -> Double {
        Swift.max(Swift.min(visibleHigh - extent, natural), contentStart)
    }

    /// Whether the leading edge along the scroll axis is the larger coordinate:
    /// scrolling horizontally, right to left.
    var leadsFromMax: Bool { mirrorWidth != nil && direction == .horizontal }
}
