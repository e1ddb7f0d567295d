import FlowLayoutHosting
import Testing

/// `flow-layout.md` 8.3: UIKit rounds element origins to the screen's pixels by
/// default; the host does as UIKit does, the engine (no screen) does not.
@Suite("Host display scale")
struct DisplayScaleTests {
    static let sections = [
        FlowSection(
            itemSizes: [Size(width: 20.4, height: 10), Size(width: 30, height: 12)],
            sectionInset: EdgeInsets(top: 0.3, left: 10.3, bottom: 0, right: 0))
    ]

    @Test("a host rounds origins at the screen scale by default; the engine's default is 0")
    func hostRoundsByDefault() throws {
        let host = try FlowLayoutHost(sections: Self.sections, bounds: Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(host.state.options.displayScale == FlowLayoutHost.defaultScreenScale)
        let frame = try host.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame
        // 10.3 → 10.5 at scale 2; the size stays.
        #expect(frame.minX == 10.5 && frame.width == 20.4)
        let engine = try FlowLayoutState(sections: Self.sections, viewportSize: Size(width: 320, height: 100))
        #expect(engine.options.displayScale == 0)
        // The screen's scale, when the host is told it; an explicit option wins.
        let three = try FlowLayoutHost(sections: Self.sections, bounds: Rect(x: 0, y: 0, width: 320, height: 100), screenScale: 3)
        #expect(try three.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame.minX == 31.0 / 3)
        let explicit = try FlowLayoutHost(
            sections: Self.sections, bounds: Rect(x: 0, y: 0, width: 320, height: 100), options: FlowLayoutOptions(displayScale: 1))
        #expect(try explicit.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame.minX == 10)
    }
}
