import FlowLayoutCore
import Testing

/// `lineStart` resting offsets with pixel snapping (`flow-layout.md` 8.3, 8.5):
/// the candidates are the presented (snapped) leading edges, so a line whose
/// natural edge lies just below the proposal but snaps onto or past it is a
/// candidate at or after the proposal, not before it. Found by the differential
/// tests (seed 500190 of `PresentationDifferentialTests`).
@Suite("Snapped lineStart candidates")
struct SnappedLineStartTests {
    /// Items 320 × 49.75, line spacing 10: natural line starts 0, 59.75, 119.5,
    /// 179.25; at scale 2 they present at 0, 60, 119.5, 179.5 (`round(2e) / 2`).
    static func list(_ direction: ScrollDirection, mirrored: Bool = false) throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 49.75))
        var viewport = Size(width: 320, height: 100)
        if direction == .horizontal {
            configuration = configuration.transposed
            viewport = viewport.transposed
        }
        return try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 20)], viewportSize: viewport,
            options: FlowLayoutOptions(layoutDirection: mirrored ? .rightToLeft : .leftToRight, displayScale: 2, snapping: .lineStart))
    }

    static func target(_ state: inout FlowLayoutState, _ proposed: Double, _ velocity: Double) throws -> Double {
        let direction = state.configuration.scrollDirection
        let point = { (value: Double) in direction == .vertical ? Point(x: 0, y: value) : Point(x: value, y: 0) }
        let offset = try state.targetContentOffset(forProposedContentOffset: point(proposed), velocity: point(velocity))
        return direction == .vertical ? offset.y : offset.x
    }

    @Test("a proposal on a snapped line start rests there; one just before it does not pass it", arguments: ScrollDirection.allCases)
    func snappedCandidates(direction: ScrollDirection) throws {
        var state = try Self.list(direction)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.minY == (direction == .vertical ? 60 : 0))
        // Line 1 presents at 60: moving forward from 60 rests on it.
        #expect(try Self.target(&state, 60, 1) == 60)
        #expect(try Self.target(&state, 60, 0) == 60)
        // 59.9 is before line 1's presented start: moving back goes to line 0.
        #expect(try Self.target(&state, 59.9, -1) == 0)
        // Nearest to 59.8: line 1 at 60, not its natural 59.75.
        #expect(try Self.target(&state, 59.8, 0) == 60)
        #expect(try Self.target(&state, 119.5, 1) == 119.5)
    }

    @Test("right to left, scrolling horizontally: the same, mirrored")
    func snappedCandidatesMirrored() throws {
        // Content 20 × 49.75 + 19 × 10 = 1185 wide, viewport 100: line k's items
        // present at x' = 1185 − start − 49.75, its origin rounded (8.3), so its
        // right edge is snap(x') + 49.75: 1185.25 (1135.25 rounds to 1135.5),
        // 1125.25 (1075.5 stays), 1065.75 (1015.75 rounds to 1016); the candidate
        // is that minus 100: 1085.25, 1025.25, 965.75.
        var state = try Self.list(.horizontal, mirrored: true)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.maxX == 1125.25)
        #expect(try Self.target(&state, 1025.25, 1) == 1025.25)
        #expect(try Self.target(&state, 1025.6, -1) == 1025.25)
        // Past line 1's candidate, forward: line 0's, 1085.25, clamped to 1185 − 100.
        #expect(try Self.target(&state, 1025.4, 1) == 1085)
        #expect(try Self.target(&state, 965.8, -1) == 965.75)
    }
}
