import FlowLayout

/// The engine a session or benchmark drives: the actor, as a concurrent host
/// would, or the synchronous core directly, as a host that owns its thread would
/// (and as `bench --synchronous` does, so that callgrind, which cannot follow
/// Swift concurrency's threads, can count its instructions).
///
/// Exactly one of `engine` and `core` is set. Used from one task only; the
/// actor calls hop as usual.
final class LayoutDriver {
    private let engine: FlowLayoutEngine?
    private var core: FlowLayoutState?

    /// A driver over a new engine.
    init(
        configuration: FlowLayoutConfiguration, sections: [FlowSection], viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions(), synchronous: Bool = false
    ) throws {
        let state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewportSize, options: options)
        engine = synchronous ? nil : FlowLayoutEngine(state: state)
        core = synchronous ? state : nil
    }

    func performFrame(_ request: FrameRequest) async throws -> FrameResult {
        if let engine { return try await engine.performFrame(request) }
        return try core!.performFrame(request)
    }

    /// Applies a batch of data changes: one call, as a frame is.
    func performBatchUpdates(_ batch: BatchUpdate) async throws -> BatchUpdateResult {
        if let engine { return try await engine.performBatchUpdates(batch) }
        return try core!.performBatchUpdates(batch)
    }

    /// Tells the engine where the host scrolled without a frame (the anchor of
    /// the next batch is found in this rect).
    func setVisibleRect(_ rect: Rect) async throws {
        if let engine { return try await engine.setVisibleRect(rect) }
        try core!.setVisibleRect(rect)
    }

    /// A header's or footer's attributes, or `nil` when the section has none.
    func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: FlowIndexPath
    ) async throws -> LayoutAttributes? {
        if let engine { return try await engine.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath) }
        return try core!.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }

    func layoutAttributesForElements(in rect: Rect) async throws -> [LayoutAttributes] {
        if let engine { return try await engine.layoutAttributesForElements(in: rect) }
        return try core!.layoutAttributesForElements(in: rect)
    }

    func layoutAttributesForItem(at indexPath: FlowIndexPath) async throws -> LayoutAttributes {
        if let engine { return try await engine.layoutAttributesForItem(at: indexPath) }
        return try core!.layoutAttributesForItem(at: indexPath)
    }

    /// The content offset that shows an item at `position`, and from then on the
    /// engine holds the item there while the host stays (`flow-layout.md` 8.4).
    func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition) async throws -> Point {
        if let engine { return try await engine.contentOffset(forItemAt: indexPath, position: position) }
        return try core!.contentOffset(forItemAt: indexPath, position: position)
    }

    /// Where a scroll released at `proposed` with `velocity` comes to rest under
    /// the engine's snapping (`flow-layout.md` 8.5).
    func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point) async throws -> Point {
        if let engine { return try await engine.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity) }
        return try core!.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
    }

    var contentSize: Size {
        get async {
            if let engine { return await engine.contentSize }
            return core!.contentSize
        }
    }

    var memoryFootprint: Int {
        get async {
            if let engine { return await engine.snapshot.memoryFootprint }
            return core!.memoryFootprint
        }
    }
}
