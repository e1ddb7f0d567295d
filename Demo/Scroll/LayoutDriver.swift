import FlowLayout

/// The engine a session or benchmark drives: the actor, as a concurrent host
/// would, or the synchronous core directly, as a host that owns its thread would
/// (and as `bench --synchronous` does, so that callgrind, which cannot follow
/// Swift concurrency's threads, can count its instructions).
///
/// Used from one task only; the actor calls hop as usual.
final class LayoutDriver {
    /// The state a synchronous driver owns, in a box so that calls mutate it in
    /// place (an enum payload would be copied out and back).
    private final class Core {
        var state: FlowLayoutState
        init(_ state: FlowLayoutState) { self.state = state }
    }

    private enum Backend {
        /// Through the actor: one hop a call.
        case actor(FlowLayoutEngine)
        /// The core, on the caller's thread.
        case synchronous(Core)
    }

    private let backend: Backend

    /// A driver over a new engine.
    convenience init(
        configuration: FlowLayoutConfiguration, sections: [FlowSection], viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions(), synchronous: Bool = false
    ) throws {
        let state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewportSize, options: options)
        self.init(state: state, synchronous: synchronous)
    }

    /// A driver over an engine that starts from `state` (a restored layout).
    init(state: FlowLayoutState, synchronous: Bool = false) {
        backend = synchronous ? .synchronous(Core(state)) : .actor(FlowLayoutEngine(state: state))
    }

    func performFrame(_ request: FrameRequest) async throws -> FrameResult {
        switch backend {
        case .actor(let engine): try await engine.performFrame(request)
        case .synchronous(let core): try core.state.performFrame(request)
        }
    }

    /// Applies a batch of data changes: one call, as a frame is.
    func performBatchUpdates(_ batch: BatchUpdate) async throws -> BatchUpdateResult {
        switch backend {
        case .actor(let engine): try await engine.performBatchUpdates(batch)
        case .synchronous(let core): try core.state.performBatchUpdates(batch)
        }
    }

    /// Tells the engine where the host scrolled without a frame (the anchor of
    /// the next batch is found in this rect).
    func setVisibleRect(_ rect: Rect) async throws {
        switch backend {
        case .actor(let engine): try await engine.setVisibleRect(rect)
        case .synchronous(let core): try core.state.setVisibleRect(rect)
        }
    }

    /// A header's or footer's attributes, or `nil` when the section has none.
    func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: FlowIndexPath
    ) async throws -> LayoutAttributes? {
        switch backend {
        case .actor(let engine): try await engine.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
        case .synchronous(let core): try core.state.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
        }
    }

    func layoutAttributesForElements(in rect: Rect) async throws -> [LayoutAttributes] {
        switch backend {
        case .actor(let engine): try await engine.layoutAttributesForElements(in: rect)
        case .synchronous(let core): try core.state.layoutAttributesForElements(in: rect)
        }
    }

    func layoutAttributesForItem(at indexPath: FlowIndexPath) async throws -> LayoutAttributes {
        switch backend {
        case .actor(let engine): try await engine.layoutAttributesForItem(at: indexPath)
        case .synchronous(let core): try core.state.layoutAttributesForItem(at: indexPath)
        }
    }

    /// The content offset that shows an item at `position`, and from then on the
    /// engine holds the item there while the host stays (`flow-layout.md` 8.4).
    func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition) async throws -> Point {
        switch backend {
        case .actor(let engine): try await engine.contentOffset(forItemAt: indexPath, position: position)
        case .synchronous(let core): try core.state.contentOffset(forItemAt: indexPath, position: position)
        }
    }

    /// Where a scroll released at `proposed` with `velocity` comes to rest under
    /// the engine's snapping (`flow-layout.md` 8.5).
    func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point) async throws -> Point {
        switch backend {
        case .actor(let engine): try await engine.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
        case .synchronous(let core): try core.state.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
        }
    }

    /// A copy of the engine's state.
    var state: FlowLayoutState {
        get async {
            switch backend {
            case .actor(let engine): await engine.snapshot
            case .synchronous(let core): core.state
            }
        }
    }

    var contentSize: Size {
        get async {
            switch backend {
            case .actor(let engine): await engine.contentSize
            case .synchronous(let core): core.state.contentSize
            }
        }
    }

    var memoryFootprint: Int {
        get async {
            switch backend {
            case .actor(let engine): await engine.memoryFootprint
            case .synchronous(let core): core.state.memoryFootprint
            }
        }
    }
}
