/// The frames a host sees (`flow-layout.md` 8.1 to 8.3): every query answers
/// with natural frames put through the current ``Presentation``, and tests
/// presented frames against the rect it was given.
///
/// With every presentation option off (UIKit's behaviour) natural frames are
/// returned as they are, at no cost.
extension FlowLayoutState {
    /// V: the visible rect the host last gave, or the viewport at the origin.
    @inline(__always) var visibleRectOrViewport: Rect { visibleRect ?? Rect(origin: .zero, size: viewportSize) }

    /// Whether the content mirrors along the scroll axis: right to left, scrolling
    /// horizontally. Its frames then depend on the whole content's width.
    @inline(__always) var mirrorsAlongScrollAxis: Bool {
        options.layoutDirection == .rightToLeft && configuration.scrollDirection == .horizontal
    }

    /// How far content shorter than the viewport moves along the scroll axis
    /// with ``FlowLayoutOptions/ContentAlignment/end`` (`flow-layout.md` 8.6):
    /// the viewport's extent less the content's; 0 otherwise.
    ///
    /// - Complexity: O(1) (the content's extent as summed now).
    @inline(__always) var contentShift: Double {
        guard options.contentAlignment == .end else { return 0 }
        let direction = configuration.scrollDirection
        return Swift.max(0, direction.cross(viewportSize) - sections.summary.extent.double)
    }

    /// The current presentation. Mirroring along the scroll axis needs the exact
    /// content width, and content at the end (8.6) the exact extent, so either
    /// lays out every pending section first.
    ///
    /// - Complexity: O(1), or the layout of the pending sections when mirroring
    ///   along the scroll axis or placing content at the end.
    mutating func presentation() -> Presentation {
        if (mirrorsAlongScrollAxis || options.contentAlignment == .end) && sections.summary.pending > 0 {
            sections.layOutAllPendingSections()
        }
        let direction = configuration.scrollDirection
        let mirrors = options.layoutDirection == .rightToLeft
        let width = contentSize.width
        let visible = visibleRectOrViewport
        var span = direction.crossSpan(visible)
        if mirrorsAlongScrollAxis { span = (width - visible.maxX, width - visible.minX) }
        // V in natural coordinates: before the shift of content at the end.
        // (Computed here, not by the getter: a getter called from a mutating
        // function is handed a copy of the whole state.)
        let shift =
            options.contentAlignment == .end
            ? Swift.max(0, direction.cross(viewportSize) - sections.summary.extent.double) : 0
        if shift > 0 { span = (span.min - shift, span.max - shift) }
        return Presentation(
            direction: direction, mirrorWidth: mirrors ? width : nil, shift: shift, scale: options.displayScale,
            pinsHeaders: configuration.pins(.header), pinsFooters: configuration.pins(.footer), visibleLow: span.min, visibleHigh: span.max)
    }

    /// Calls `body` with each element whose presented frame meets `rect`, in
    /// order (per section: header, cells by index, footer), until it returns
    /// `false` (``SectionList/forEachNaturalElement(in:pinning:lines:_:)``,
    /// each frame presented: ``Presentation/shown(_:query:rect:)``).
    @inline(__always)
    mutating func forEachElement(in rect: Rect, _ body: (LayoutAttributes) -> Bool) {
        let presentation = presentation()
        guard !presentation.isIdentity else { return sections.forEachNaturalElement(in: rect, body) }
        sections.forEachNaturalElement(in: presentation.naturalQuery(rect), pinning: presentation) {
            natural in
            var attributes = natural
            attributes.frame = presentation.present(natural.frame)
            guard attributes.frame.touches(rect) else { return true }
            return body(attributes)
        }
    }

    /// The presented attributes of a valid item.
    mutating func attributes(ofItemAt indexPath: FlowIndexPath) -> LayoutAttributes {
        let presentation = presentation()
        var attributes = sections.naturalAttributes(ofItemAt: indexPath)
        if !presentation.isIdentity { attributes.frame = presentation.present(attributes.frame) }
        return attributes
    }

    /// The presented attributes of a valid section's header or footer, or `nil`
    /// if omitted.
    mutating func attributes(of category: ElementCategory, inSection q: Int) -> LayoutAttributes? {
        let presentation = presentation()
        guard !presentation.isIdentity else { return sections.naturalAttributes(of: category, inSection: q, pinning: nil) }
        guard var attributes = sections.naturalAttributes(of: category, inSection: q, pinning: presentation) else {
            return nil
        }
        attributes.frame = presentation.present(attributes.frame)
        return attributes
    }

    /// The presented frame of an element as laid out now (`nil` for an
    /// omitted header or footer).
    mutating func frame(of element: ElementIdentifier) -> Rect? {
        switch element.category {
        case .cell: attributes(ofItemAt: element.indexPath).frame
        case .header, .footer: attributes(of: element.category, inSection: element.indexPath.section)?.frame
        }
    }
}
