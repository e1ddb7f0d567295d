import FlowLayout

/// The engine a session or benchmark drives: the actor, as a concurrent host
/// would, or the synchronous core directly, as a host that owns its thread would
/// (and as `bench --synchronous` does, so that callgrind, which cannot follow
/// Swift concurrency's threads, can count its instructions).
///
/// Used from one task only; the actor calls hop as usual.
final class LayoutDriver {
    private let engine: FlowLayoutEngine?
    private var state: FlowLayoutState

    /// A driver over a new engine.
    init(
        configuration: FlowLayoutConfiguration, sections: [FlowSection], viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions(), synchronous: Bool = false
    ) throws {
        state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewportSize, options: options)
        engine = synchronous ? nil : FlowLayoutEngine(state: state)
        if engine != nil { state = try FlowLayoutState(sections: [], viewportSize: .zero) }
    }

    func performFrame(_ request: FrameRequest) async throws -> FrameResult {
        if let engine { return try await engine.performFrame(request) }
        return try state.performFrame(request)
    }

    func layoutAttributesForElements(in rect: Rect) async throws -> [LayoutAttributes] {
        if let engine { return try await engine.layoutAttributesForElements(in: rect) }
        return try state.layoutAttributesForElements(in: rect)
    }

    func layoutAttributesForItem(at indexPath: FlowIndexPath) async throws -> LayoutAttributes {
        if let engine { return try await engine.layoutAttributesForItem(at: indexPath) }
        return try state.layoutAttributesForItem(at: indexPath)
    }

    var estimatedContentSize: Size {
        get async {
            if let engine { return await engine.estimatedContentSize }
            return state.estimatedContentSize
        }
    }

    var memoryFootprint: Int {
        get async {
            if let engine { return await engine.snapshot.memoryFootprint }
            return state.memoryFootprint
        }
    }
}
