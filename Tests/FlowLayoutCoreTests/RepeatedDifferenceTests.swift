import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// UIKit's `remaining − (spacing + width)`, repeated (`flow-layout.md` 2.1): the
/// closed form must give exactly what the plain loop gives.
@Suite("Repeated difference")
struct RepeatedDifferenceTests {
    /// The loop itself: steps while `floor <= r`, at most `maximum`.
    static func loop(from start: Double, removing c: Double, floor: Double, maximum: Int) -> (Int, Double) {
        var r = start
        var taken = 0
        while taken < maximum && floor <= r {
            r = r - c
            taken += 1
        }
        return (taken, r)
    }

    @Test("steps and values equal the loop's, for random starts, amounts and floors")
    func matchesLoop() {
        var random = SeededRandom(seed: 19)
        for _ in 0..<2_000 {
            let c: Double =
                switch random.int(0...3) {
                case 0: random.double(0...1) * 1e-3
                case 1: 320.0 / Double(random.int(1...9))
                case 2: (random.double(0...4) * 4).rounded() / 4
                default: random.double(0...200)
                }
            let start = random.double(0...50_000)
            let floor = random.chance(0.5) ? 0 : random.double(0...start)
            let maximum = random.int(0...200_000)
            let expected = Self.loop(from: start, removing: c, floor: floor, maximum: maximum)
            let closed = RepeatedDifference(removing: c).steps(from: start, whileAtLeast: floor, maximum: maximum)
            #expect(closed.count == expected.0 && closed.value == expected.1, "c \(c) start \(start) floor \(floor) max \(maximum)")
            let n = Swift.min(expected.0, 100_000)
            var r = start
            for _ in 0..<n { r = r - c }
            #expect(RepeatedDifference(removing: c).value(from: start, after: n) == r)
        }
    }

    @Test("a fixed point (nothing removed) fits any number")
    func fixedPoint() {
        #expect(RepeatedDifference(removing: 0).steps(from: 0, whileAtLeast: 0, maximum: .max - 1).count == .max - 1)
        #expect(RepeatedDifference(removing: 1e-20).steps(from: 300, whileAtLeast: 10, maximum: 1_000).count == 1_000)
        #expect(RepeatedDifference(removing: 0).value(from: 5, after: .max) == 5)
    }
}
