import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `LineGeometry` and `OpenLine` alone: how many default items a line holds,
/// a line filled item by item and by stretches of default items, and the
/// columns of a full line, against the plain model.
@Suite("Components: line geometry")
struct LineGeometryTests {
    /// BREAK RULE: `fitCount` is the uniform-line rule itself; it is held to
    /// `PlainLineModel.perLine`, which states it (`flow-layout.md` 2.1).
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
            let available = length(-50...1000)
            #expect(
                LineGeometry.fitCount(width: width, spacing: spacing, available: available)
                    == PlainLineModel.perLine(width: width, spacing: spacing, available: available),
                "width \(width), spacing \(spacing), available \(available)")
        }
        // Hand cases: 2.1's example, and any number when width and spacing are 0.
        #expect(LineGeometry.fitCount(width: 100, spacing: 10, available: 320) == 3)
        #expect(LineGeometry.fitCount(width: 400, spacing: 10, available: 320) == 1)
        #expect(LineGeometry.fitCount(width: 0, spacing: 0, available: 320) == LineGeometry.unbounded)
        #expect(LineGeometry.fitCount(width: 0, spacing: 0, available: -1) == 1)
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

    @Test("a full line's gap: the space left by perLine default widths, summed in order, shared by the gaps")
    func fullLineGap() {
        var random = SeededRandom(seed: 1813)
        for _ in 0..<(500 * LongRuns.factor) {
            let geometry = ComponentModel.geometry(
                viewport: random.double(50...800), spacing: random.double(0...20),
                defaultSize: Size(width: random.double(1...200), height: 10))
            let k = geometry.perLine
            guard k >= 2, k != LineGeometry.unbounded else {
                #expect(geometry.fullLineGap == 0)
                continue
            }
            var total = geometry.defaultMain
            for _ in 1..<k { total += geometry.defaultMain }
            #expect(geometry.fullLineGap == (geometry.available - total) / Double(k - 1))
        }
        // 3.3's example: viewport 330, width 100, spacing 10: three a line, gap 15.
        #expect(ComponentModel.geometry(viewport: 330, spacing: 10, defaultSize: Size(width: 100, height: 50)).fullLineGap == 15)
    }
}
