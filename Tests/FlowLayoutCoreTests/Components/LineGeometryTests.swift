import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `LineGeometry` and `OpenLine` alone: how many default items a line holds,
/// a line filled item by item and by stretches of default items, and the
/// columns of a full line, against the plain model.
@Suite("Components: line geometry")
struct LineGeometryTests {
    /// BREAK RULE: a uniform geometry's `perLine` is floor division, any other
    /// geometry's the count of UIKit's subtraction; each held to the
    /// `PlainLineModel` function that states it (`flow-layout.md` 2.1).
    @Test("break rule: default items a line, over random whole and fractional lengths")
    func perLine() {
        var random = SeededRandom(seed: 1811)
        for round in 0..<(2000 * LongRuns.factor) {
            let fractional = round % 2 == 1
            func length(_ range: ClosedRange<Int>) -> Double {
                fractional ? random.double(Double(range.lowerBound)...Double(range.upperBound)) : Double(random.int(range))
            }
            let width = length(1...200)
            let spacing = length(0...20)
            let viewport = length(50...1000)
            let defaultSize = Size(width: width, height: 10)
            let uniform = ComponentModel.geometry(viewport: viewport, spacing: spacing, defaultSize: defaultSize, uniform: true)
            let other = ComponentModel.geometry(viewport: viewport, spacing: spacing, defaultSize: defaultSize)
            #expect(
                uniform.perLine == PlainLineModel.perLine(width: width, spacing: spacing, available: uniform.available),
                "width \(width), spacing \(spacing), viewport \(viewport)")
            #expect(
                other.perLine == PlainLineModel.subtractionCount(width: width, spacing: spacing, available: other.available),
                "width \(width), spacing \(spacing), viewport \(viewport)")
        }
        // Hand cases: 2.1's examples, and any number when width and spacing are 0.
        #expect(LineGeometry.uniformCount(width: 100, spacing: 10, available: 320) == 3)
        #expect(LineGeometry.uniformCount(width: 400, spacing: 10, available: 320) == 1)
        #expect(LineGeometry.uniformCount(width: 0, spacing: 0, available: 320) == LineGeometry.unbounded)
        #expect(LineGeometry.uniformCount(width: 0, spacing: 0, available: -1) == 1)
        #expect(LineGeometry.uniformCount(width: 320.0 / 3, spacing: 0, available: 320) == 3)
        let thirds = ComponentModel.geometry(viewport: 320, spacing: 0, defaultSize: Size(width: 320.0 / 3, height: 10))
        #expect(thirds.perLine == 2)
    }

    @Test("lines of default items: a count split into lines of perLine, the last what is left")
    func linesOfDefaults() {
        let geometry = ComponentModel.geometry(viewport: 330, spacing: 10, lineSpacing: 10, defaultSize: Size(width: 100, height: 50))
        #expect(geometry.perLine == 3)
        #expect((0...10).map(geometry.linesOfDefaults) == [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4])
        #expect(geometry.defaultAdvance == Offset(60))
    }

    @Test("an open line takes items and stretches of default items as the model does, item by item")
    func openLine() {
        var random = SeededRandom(seed: 1812)
        for _ in 0..<(500 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let direction = geometry.direction
            var line = OpenLine()
            var model = PlainLineModel.OpenLine()
            var thickness = 0.0
            // Fill until an item does not fit, as the breaker does.
            filling: while true {
                if random.chance(0.5) {
                    let count = random.int(1...(random.chance(0.5) ? 40 : 3))
                    let taken = line.takeDefaults(count, in: geometry)
                    var expected = 0
                    while expected < count,
                        PlainLineModel.joins(
                            width: geometry.defaultMain, line: &model, spacing: geometry.spacing, available: geometry.available)
                    {
                        expected += 1
                        thickness = max(thickness, geometry.defaultCross)
                    }
                    #expect(taken == expected)
                    if taken < count { break filling }
                } else {
                    let size = Size(width: Double(random.int(1...200)), height: Double(random.int(1...80)))
                    let took = line.take(size, in: geometry)
                    let expected = PlainLineModel.joins(
                        width: direction.main(size), line: &model, spacing: geometry.spacing, available: geometry.available)
                    #expect(took == expected)
                    if !took { break filling }
                    thickness = max(thickness, direction.cross(size))
                }
                #expect(line.itemCount == model.count)
                #expect(line.thickness == thickness)
            }
        }
    }

    @Test("a full line's gap in a uniform section: (available − n·width) / (n − 1)")
    func fullLineGap() {
        var random = SeededRandom(seed: 1813)
        for _ in 0..<(500 * LongRuns.factor) {
            let geometry = ComponentModel.geometry(
                viewport: random.double(50...800), spacing: random.double(0...20),
                defaultSize: Size(width: random.double(1...200), height: 10), uniform: true)
            let k = geometry.perLine
            guard k >= 2, k != LineGeometry.unbounded else {
                #expect(geometry.fullLineGap == 0)
                continue
            }
            #expect(geometry.fullLineGap == (geometry.available - Double(k) * geometry.defaultMain) / Double(k - 1))
        }
        // 3.3's example: viewport 330, width 100, spacing 10: three a line, gap 15.
        #expect(
            ComponentModel.geometry(viewport: 330, spacing: 10, defaultSize: Size(width: 100, height: 50), uniform: true).fullLineGap
                == 15)
        // Not uniform: no columns.
        #expect(ComponentModel.geometry(viewport: 330, spacing: 10, defaultSize: Size(width: 100, height: 50)).fullLineGap == 0)
    }
}
