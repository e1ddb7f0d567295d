@_exported import FlowLayout

/// A `UICollectionViewLayout` without UIKit: the engine behind the override
/// points of a collection view layout, one method for each, with UIKit's
/// names, driven synchronously in UIKit's call order.
///
/// `FlowCollectionViewLayout` (the `FlowLayoutUIKit` library; see
/// <doc:UsingItFromUIKit>) forwards each override of `UICollectionViewLayout`
/// to a host; this module compiles and is tested on any platform, against a
/// simulated collection view that calls it as UIKit does.
///
/// The lifecycle, as UIKit drives it:
/// 1. ``prepare()``, ``collectionViewContentSize``, then
///    ``layoutAttributesForElements(in:)-(Rect)`` for the rect about to show.
/// 2. Each self-sizing cell measures itself and UIKit asks
///    ``shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``:
///    `true` only when the size differs from the one in use, so a cell that
///    reports its size again invalidates nothing. Then
///    ``invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``
///    applies the size and returns the content-offset adjustment that keeps the
///    anchor element still (`flow-layout.md` 7.2), and
///    ``invalidateLayout(with:)`` receives it back.
/// 3. Each scroll asks ``shouldInvalidateLayout(forBoundsChange:)-(Rect)``: `false`,
///    unless headers or footers pin (then only they are invalidated) or the
///    size changed (a rotation: the layout relays out and keeps the anchor).
/// 4. A batch update runs ``prepare(forCollectionViewUpdates:sections:itemSizes:)``,
///    the appearing and disappearing attributes, and
///    ``finalizeCollectionViewUpdates()``; ``targetContentOffset(forProposedContentOffset:)->Point``
///    gives the offset that keeps the anchor through it.
///
/// Why a final class: a layout is one object that a collection view holds and
/// calls back, with state that every call reads and changes (the layout, the
/// rect taken in, an update in progress); a value copied into two places would
/// fork that state. It is not `Sendable`: like a `UICollectionViewLayout`, it
/// belongs to the one isolation domain that created it (the main actor, in an
/// app), and the compiler keeps it there.
///
/// Changes are applied when the invalidation context describing them is made,
/// because the context must carry the adjustment they cause;
/// ``invalidateLayout(with:)`` only records that the host took the context.
/// Every method that takes input checks it first and throws
/// ``/FlowLayoutCore/FlowLayoutError`` with a field path, leaving the layout
/// as it was.
public final class FlowLayoutHost {
    /// The layout: every query and update of the core is available on it.
    public internal(set) var state: FlowLayoutState
    /// What the host has done since it was created: the proof that self-sizing
    /// and scrolling invalidate only what they must.
    public internal(set) var counters = HostCounters()
    /// Whether headers and footers size themselves (beyond UIKit, whose flow
    /// layout ignores their preferred sizes): their preferred attributes are
    /// then taken as cells' are, with their reference size as the estimate
    /// (``/FlowLayoutCore/FlowLayoutState/reportSize(_:ofSupplementaryElementOfKind:inSection:)``).
    /// Default: `false`, as in UIKit.
    public var headersAndFootersSizeThemselves = false
    /// The frames of the batch update in progress, between
    /// ``prepare(forCollectionViewUpdates:sections:itemSizes:)`` and
    /// ``finalizeCollectionViewUpdates()``.
    var transitions: UpdateTransitions?
    /// The elements in view as last answered, so that a size report compares
    /// frames after it with these instead of querying them again.
    var elementsInView: ElementsInView?
    /// The sections whose content is supplied when a query first reaches
    /// them, and where to ask (see ``provideSectionContent(_:)``).
    var lazySections: LazySections?

    /// The screen scale a host rounds origins at when its options give none:
    /// 2 pixels per point, a Retina screen's. UIKit always rounds element
    /// origins to the pixels of the collection view's screen (`flow-layout.md`
    /// 8.3); a host in a UIKit app passes its trait collection's `displayScale`.
    public static let defaultScreenScale = 2.0

    /// Creates a host for `sections` shown in `bounds` (the collection view's
    /// bounds: its content offset and size).
    ///
    /// Unlike the engine, whose ``/FlowLayoutCore/FlowLayoutOptions/displayScale``
    /// defaults to 0 (no rounding), a host rounds origins as UIKit does: at
    /// `options.displayScale` when it is set, else at `screenScale`.
    ///
    /// - Parameters:
    ///   - configuration: the layout's properties.
    ///   - sections: the sections.
    ///   - bounds: the collection view's bounds.
    ///   - options: the settings beyond UIKit.
    ///   - screenScale: the scale of the screen the collection view is on, used
    ///     when `options.displayScale` is 0.
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first invalid
    ///   value (`bounds.width`, `sections[2].itemCount`, ...).
    /// - Complexity: that of ``/FlowLayoutCore/FlowLayoutState/init(configuration:sections:viewportSize:options:)``.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(), sections: [FlowSection], bounds: Rect,
        options: FlowLayoutOptions = FlowLayoutOptions(), screenScale: Double = FlowLayoutHost.defaultScreenScale
    ) throws(FlowLayoutError) {
        try Validation.check(rect: bounds, path: "bounds")
        var options = options
        if options.displayScale == 0 { options.displayScale = screenScale }
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: bounds.size, options: options)
        try state.setVisibleRect(bounds)
        self.state = state
    }

    /// Creates a host over an existing layout, shown in `bounds` exactly: a
    /// size other than the state's viewport is a viewport change, and nothing
    /// is anchored (the host's bounds are where the collection view is).
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for invalid bounds, or a
    ///   width at which the content would pass the limit.
    /// - Complexity: O(1), plus O(S) for a viewport change.
    public init(state: FlowLayoutState, bounds: Rect) throws(FlowLayoutError) {
        try Validation.check(rect: bounds, path: "bounds")
        var state = state
        do throws(FlowLayoutError) {
            if bounds.size != state.viewportSize { _ = try state.setViewportSize(bounds.size) }
            try state.setVisibleRect(bounds)
        } catch {
            throw error.prefixingPath(with: "bounds")
        }
        self.state = state
    }

    /// The rect of content the layout has taken in: the host's bounds, moved by
    /// every adjustment the layout has asked for.
    public var bounds: Rect { state.visibleRect ?? Rect(origin: .zero, size: state.viewportSize) }

    // MARK: - Layout

    /// UIKit's `prepare()`: called before each layout pass. The engine lays out
    /// lazily, in the queries that need it, so this counts the pass and, when
    /// section content is supplied lazily (``provideSectionContent(_:)``),
    /// supplies the sections the bounds reach, so that the content size read
    /// next counts them.
    ///
    /// - Complexity: O(1), plus the sections supplied.
    public func prepare() {
        counters.prepares += 1
        if lazySections != nil {
            try? supplySections(reaching: bounds)
            _ = takeUnreportedSizeChange()
        }
    }

    /// UIKit's `collectionViewContentSize`: exact for every section laid out,
    /// the estimate for the rest (see ``/FlowLayoutCore/FlowLayoutState/contentSize``).
    ///
    /// - Complexity: O(1).
    public var collectionViewContentSize: Size { state.contentSize }

    /// UIKit's `layoutAttributesForElements(in:)`: the cells, headers and
    /// footers meeting `rect`, in element order.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for
    ///   a rect with a NaN or infinite component or a negative size.
    /// - Complexity: O(log S + log R + k) for k elements returned; O(k) for
    ///   ``bounds`` when they were answered last and nothing changed since (a
    ///   scroll's frame answers them).
    public func layoutAttributesForElements(in rect: Rect) throws(FlowLayoutError) -> [LayoutAttributes] {
        try supplySections(reaching: rect)
        if rect == bounds { return try currentElementsInView() }
        return try state.layoutAttributesForElements(in: rect)
    }

    /// UIKit's `layoutAttributesForItem(at:)`.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path out of
    ///   range (UIKit's subclass answers `nil`).
    /// - Complexity: O(log S + log R + run length).
    public func layoutAttributesForItem(at indexPath: FlowIndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try supplySections(through: indexPath.section)
        return try state.layoutAttributesForItem(at: indexPath)
    }

    /// UIKit's `layoutAttributesForSupplementaryView(ofKind:at:)`: a section's
    /// header or footer, or `nil` when it is omitted (zero extent).
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(log S).
    public func layoutAttributesForSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: FlowIndexPath)
        throws(FlowLayoutError) -> LayoutAttributes?
    {
        try supplySections(through: indexPath.section)
        return try state.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }

    /// Replaces every section, as UIKit's `reloadData()` does (after an
    /// invalidation context with
    /// ``InvalidationContext/invalidateDataSourceCounts``): measured sizes are
    /// forgotten; the configuration, options and bounds stay. Nothing is
    /// anchored: the content offset stays where it is.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first invalid
    ///   value (`sections[2].itemCount`); the layout is unchanged.
    /// - Complexity: that of creating a layout of `sections`.
    public func reloadData(sections: [FlowSection]) throws(FlowLayoutError) {
        var next = try FlowLayoutState(
            configuration: state.configuration, sections: sections, viewportSize: state.viewportSize, options: state.options)
        try next.setVisibleRect(bounds)
        state = next
        transitions = nil
        elementsInView = nil
        lazySections?.reset(sectionCount: sections.count)
    }

    /// Changes the layout-wide properties (UIKit's flow layout properties),
    /// keeping the anchor still: ``targetContentOffset(forProposedContentOffset:)->Point``
    /// then answers the offset that keeps it.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the invalid property.
    /// - Complexity: that of ``/FlowLayoutCore/FlowLayoutState/setConfiguration(_:)``.
    public func setConfiguration(_ configuration: FlowLayoutConfiguration) throws(FlowLayoutError) -> InvalidationContext {
        invalidatingEverything(after: try state.setConfiguration(configuration))
    }

    /// Changes the settings beyond UIKit (alignment, anchoring, pixel
    /// rounding, snapping), keeping the anchor still as
    /// ``setConfiguration(_:)`` does.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the invalid option.
    /// - Complexity: that of ``/FlowLayoutCore/FlowLayoutState/setOptions(_:)``.
    public func setOptions(_ options: FlowLayoutOptions) throws(FlowLayoutError) -> InvalidationContext {
        invalidatingEverything(after: try state.setOptions(options))
    }

    /// The context of a change of the layout-wide settings: every element is
    /// invalidated, with the update's adjustments, and the elements in view are
    /// answered anew.
    private func invalidatingEverything(after update: LayoutUpdate) -> InvalidationContext {
        elementsInView = nil
        return InvalidationContext(
            invalidateEverything: true, contentOffsetAdjustment: update.contentOffsetAdjustment,
            contentSizeAdjustment: update.contentSizeAdjustment)
    }

    /// The elements meeting ``bounds``: those last answered while nothing has
    /// changed since, else a query.
    ///
    /// - Complexity: O(1) when remembered, else O(log S + log R + k).
    func currentElementsInView() throws(FlowLayoutError) -> [LayoutAttributes] {
        if let remembered = elementsInView, remembered.rect == bounds, remembered.contentSize == state.contentSize,
            remembered.pendingSections == state.pendingSectionCount
        {
            return remembered.elements
        }
        let elements = try state.layoutAttributesForElements(in: bounds)
        remember(elements)
        return elements
    }

    /// Remembers `elements` as the elements meeting ``bounds`` now.
    func remember(_ elements: [LayoutAttributes]) {
        elementsInView = ElementsInView(
            rect: bounds, elements: elements, contentSize: state.contentSize, pendingSections: state.pendingSectionCount)
    }
}

/// The elements meeting a rect, with what identifies the layout they were
/// read from: every change the host makes forgets them, and a query that lays
/// out a pending section (which may move later frames) changes the pending count.
struct ElementsInView {
    var rect: Rect
    var elements: [LayoutAttributes]
    var contentSize: Size
    var pendingSections: Int
}

/// How often a ``FlowLayoutHost`` did each thing: what tests count to show that
/// nothing is invalidated twice and a scroll invalidates nothing.
public struct HostCounters: Hashable, Sendable {
    /// Calls of ``FlowLayoutHost/prepare()``.
    public var prepares = 0
    /// Contexts received by ``FlowLayoutHost/invalidateLayout(with:)``.
    public var contextsReceived = 0
    /// Calls of ``FlowLayoutHost/invalidateLayout()``.
    public var fullInvalidations = 0
    /// Preferred sizes that differed from the size in use: each invalidated the layout once.
    public var sizeChanges = 0
    /// Preferred sizes equal to the size in use: each invalidated nothing.
    public var unchangedSizes = 0
    /// Bounds changes that invalidated the layout (a size change, or a scroll
    /// with pinned headers or footers).
    public var boundsInvalidations = 0
    /// Bounds changes taken in without invalidating anything.
    public var boundsChangesTakenIn = 0
    /// Batch updates applied.
    public var batchUpdates = 0

    /// Zeroed counters.
    public init() {}
}
