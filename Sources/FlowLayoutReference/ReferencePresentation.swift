import FlowLayoutCore

/// The presentation options of `flow-layout.md` 8, applied eagerly to a
/// ``ReferenceLayout``: every frame a host would see for one visible rect,
/// the presented content size, and scrolling to an item and where scrolling
/// comes to rest, found by trying every candidate.
///
/// It follows the spec's words in presented coordinates (the frames a host
/// sees) and shares no code with the engine. The steps, for each element:
/// move content shorter than the viewport to its end (8.6, with
/// `contentAlignment: .end`: every frame and section span along the scroll
/// axis by the viewport's extent less the content's, the content as long as
/// the viewport), mirror (8.2, `x' = W − x − width` in the presented content width `W`), pin
/// (8.1, against the visible rect, the leading edge being the right one when
/// scrolling horizontally right to left), round every origin to the pixel grid
/// (8.3).
package struct ReferencePresentation: Sendable {
    /// The layout before presentation: left to right, unpinned, unsnapped.
    package let natural: ReferenceLayout
    /// The layout's properties (pinning is among them).
    package let configuration: FlowLayoutConfiguration
    /// The presentation options.
    package let options: FlowLayoutOptions
    /// The viewport.
    package let viewportSize: Size
    /// *V*: the visible rect the host gave.
    package let visibleRect: Rect
    /// Every element as the host sees it, in element order.
    package private(set) var attributes: [LayoutAttributes] = []
    /// Every element mirrored and snapped but not pinned: where snapping finds
    /// headers (8.5).
    package private(set) var unpinnedAttributes: [LayoutAttributes] = []
    /// The content size, never rounded (8.3); as long as the viewport along
    /// the scroll axis, at least, with content at the end (8.6).
    package let contentSize: Size
    /// How far content at the end moves along the scroll axis (8.6); 0 otherwise.
    package let shift: Double

    /// Presents `natural` for the visible rect `visibleRect`.
    ///
    /// - Complexity: O(n) for n elements.
    package init(
        natural: ReferenceLayout, configuration: FlowLayoutConfiguration, options: FlowLayoutOptions,
        viewportSize: Size, visibleRect: Rect? = nil
    ) {
        self.natural = natural
        self.configuration = configuration
        self.options = options
        self.viewportSize = viewportSize
        self.visibleRect = visibleRect ?? Rect(origin: .zero, size: viewportSize)
        let vertical = configuration.scrollDirection == .vertical
        let extent = vertical ? natural.contentSize.height : natural.contentSize.width
        let viewportExtent = vertical ? viewportSize.height : viewportSize.width
        let shift = options.contentAlignment == .end && extent < viewportExtent ? viewportExtent - extent : 0
        self.shift = shift
        var contentSize = natural.contentSize
        if shift > 0 {
            if vertical { contentSize.height = viewportExtent } else { contentSize.width = viewportExtent }
        }
        self.contentSize = contentSize
        for element in natural.attributes {
            let mirrored = mirror(moved(element.frame, by: shift))
            var unpinned = element
            unpinned.frame = snap(mirrored)
            unpinnedAttributes.append(unpinned)
            var presented = element
            if isPinned(element.category) {
                var span = natural.sectionSpans[element.indexPath.section]
                span.start += shift
                span.linesEnd += shift
                presented.frame = snap(pin(mirrored, category: element.category, span: span))
            } else {
                presented.frame = unpinned.frame
            }
            attributes.append(presented)
        }
    }

    // MARK: - The three steps

    var vertical: Bool { configuration.scrollDirection == .vertical }

    /// Whether the leading edge along the scroll axis is the larger coordinate.
    package var leadsFromMax: Bool { !vertical && options.layoutDirection == .rightToLeft }

    /// Whether elements of `category` pin.
    package func isPinned(_ category: ElementCategory) -> Bool {
        switch category {
        case .cell: false
        case .header: configuration.sectionHeadersPinToVisibleBounds
        case .footer: configuration.sectionFootersPinToVisibleBounds
        }
    }

    /// 8.2: `x' = W − x − width`, right to left.
    func mirror(_ frame: Rect) -> Rect {
        guard options.layoutDirection == .rightToLeft else { return frame }
        return Rect(x: contentSize.width - frame.minX - frame.width, y: frame.minY, width: frame.width, height: frame.height)
    }

    /// 8.3: each origin to `round(o × scale) / scale`, half away from zero;
    /// sizes as they are.
    func snap(_ frame: Rect) -> Rect {
        Rect(x: snap(frame.minX), y: snap(frame.minY), width: frame.width, height: frame.height)
    }

    /// One coordinate on the pixel grid, rounded half away from zero.
    package func snap(_ edge: Double) -> Double {
        let scale = options.displayScale
        return scale > 0 ? (edge * scale).rounded(.toNearestOrAwayFromZero) / scale : edge
    }

    /// The span of `rect` along the scroll axis.
    func span(_ rect: Rect) -> (min: Double, max: Double) {
        vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// `rect` moved by `distance` along the scroll axis.
    func moved(_ rect: Rect, by distance: Double) -> Rect {
        guard distance != 0 else { return rect }
        let own = span(rect)
        return moved(rect, to: own.min + distance)
    }

    /// `rect` with its span along the scroll axis starting at `low`.
    func moved(_ rect: Rect, to low: Double) -> Rect {
        vertical
            ? Rect(x: rect.minX, y: low, width: rect.width, height: rect.height)
            : Rect(x: low, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// 8.1 on a mirrored frame. Leading from the minimum, a header sits at
    /// `min(max(V.min, hy), E − hh)` and a footer at `max(min(V.max − fh, fy), S)`.
    /// Right to left scrolling horizontally, everything along x is mirrored: the
    /// header's right edge stays at V's right edge, never right of its natural
    /// place, and its left edge never passes the mirrored end of the lines `W − E`;
    /// the footer's left edge stays at V's left edge, its right edge never past the
    /// mirrored content start `W − S`.
    func pin(_ frame: Rect, category: ElementCategory, span section: ReferenceLayout.SectionSpan) -> Rect {
        let own = span(frame)
        let extent = own.max - own.min
        let visible = span(visibleRect)
        let width = contentSize.width
        switch (category, leadsFromMax) {
        case (.header, false):
            return moved(frame, to: min(max(visible.min, own.min), section.linesEnd - extent))
        case (.footer, false):
            return moved(frame, to: max(min(visible.max - extent, own.min), section.contentStart))
        case (.header, true):
            return moved(frame, to: max(min(visible.max - extent, own.min), width - section.linesEnd))
        case (.footer, true):
            return moved(frame, to: min(max(visible.min, own.min), width - section.contentStart - extent))
        case (.cell, _):
            return frame
        }
    }

    // MARK: - Queries

    /// The presented elements meeting `rect`, touching edges included, in order.
    ///
    /// - Complexity: O(n).
    package func elements(in rect: Rect) -> [LayoutAttributes] {
        attributes.filter { $0.frame.touches(rect) }
    }

    /// The presented attributes of one element.
    package func attributes(of identifier: ElementIdentifier) -> LayoutAttributes? {
        attributes.first { $0.identifier == identifier }
    }

    /// The element an update keeps still (7.2, 8.1): the first element meeting
    /// V in element order that does not pin (the last, for `lastVisibleItem`);
    /// with `next`, the configuration an update sets, nor pins after it.
    package func anchorElement(before next: FlowLayoutConfiguration? = nil) -> LayoutAttributes? {
        func pinsNext(_ category: ElementCategory) -> Bool {
            switch category {
            case .cell: false
            case .header: next?.sectionHeadersPinToVisibleBounds == true
            case .footer: next?.sectionFootersPinToVisibleBounds == true
            }
        }
        let candidates = elements(in: visibleRect).filter { !isPinned($0.category) && !pinsNext($0.category) }
        return options.scrollAnchor == .firstVisibleItem ? candidates.first : candidates.last
    }

    /// The position along the scroll axis of a frame's leading edge (its top; its
    /// right edge scrolling horizontally right to left), centre or trailing edge.
    package func edge(_ edge: Edge, of frame: Rect) -> Double {
        let own = span(frame)
        switch edge {
        case .leading: return leadsFromMax ? own.max : own.min
        case .center: return own.min + (own.max - own.min) / 2
        case .trailing: return leadsFromMax ? own.min : own.max
        }
    }

    /// An edge of a frame along the scroll axis, in reading order.
    package enum Edge: Sendable, Hashable {
        /// The edge reading starts from: top, or left (right, right to left).
        case leading
        /// The centre.
        case center
        /// The opposite edge.
        case trailing
    }
}
