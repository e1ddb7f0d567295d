import FlowLayoutDescription
import FlowLayoutReference

/// One scripted gesture of a simulated scrolling session.
enum Gesture: Hashable, CustomStringConvertible {
    /// A drag at a constant speed (points per second, negative towards the top).
    case drag(speed: Double, seconds: Double)
    /// A fling released at `velocity` points per second, decelerating like a touch
    /// screen: velocity × 0.998 per millisecond (UIKit's normal rate).
    case fling(velocity: Double)
    /// Scroll-to-item: the item's leading edge goes to the top of the viewport.
    /// `fraction` picks the item at that fraction of all items instead.
    case jump(item: ItemTarget)
    /// To the end of the content.
    case end
    /// To the top.
    case top
    /// No motion.
    case pause(seconds: Double)

    /// An item named by index path, global index, or fraction of all items.
    enum ItemTarget: Hashable {
        case indexPath(section: Int, item: Int)
        case global(Int)
        case fraction(Double)
    }

    var description: String {
        switch self {
        case let .drag(speed, seconds): "drag:\(LayoutOutput.number(speed)):\(LayoutOutput.number(seconds))"
        case let .fling(velocity): "fling:\(LayoutOutput.number(velocity))"
        case .jump(.indexPath(let s, let i)): "jump:\(s).\(i)"
        case .jump(.global(let i)): "jump:\(i)"
        case .jump(.fraction(let f)): "jump:\(LayoutOutput.number(f * 100))%"
        case .end: "end"
        case .top: "top"
        case let .pause(seconds): "pause:\(LayoutOutput.number(seconds))"
        }
    }

    /// The default script: a drag, a fling, a jump to the middle, back up through
    /// items never measured, the end, the top.
    static let defaultScript = "drag:1500:2,fling:12000,jump:50%,drag:-1500:1.5,fling:-9000,end,drag:-1200:1,top,pause:0.25"

    /// Parses a comma-separated script; `random:N` expands to N seeded random gestures.
    static func parseScript(_ script: String, random: inout SeededRandom) throws(UsageError) -> [Gesture] {
        var gestures: [Gesture] = []
        for token in script.split(separator: ",") {
            let parts = token.split(separator: ":").map(String.init)
            func number(_ index: Int) throws(UsageError) -> Double {
                guard index < parts.count, let value = Double(parts[index]), value.isFinite else {
                    throw UsageError("--script: '\(token)' needs a number in place \(index)")
                }
                return value
            }
            switch parts.first {
            case "drag":
                guard parts.count == 3 else { throw UsageError("--script: drag is 'drag:SPEED:SECONDS'") }
                let seconds = try number(2)
                guard seconds > 0, seconds <= 3_600 else { throw UsageError("--script: drag seconds must be in (0, 3600]") }
                gestures.append(.drag(speed: try number(1), seconds: seconds))
            case "fling":
                guard parts.count == 2 else { throw UsageError("--script: fling is 'fling:VELOCITY'") }
                gestures.append(.fling(velocity: try number(1)))
            case "jump":
                guard parts.count == 2 else { throw UsageError("--script: jump is 'jump:ITEM', 'jump:SECTION.ITEM' or 'jump:PERCENT%'") }
                let target = parts[1]
                if target.hasSuffix("%"), let percent = Double(target.dropLast()), percent >= 0, percent <= 100 {
                    gestures.append(.jump(item: .fraction(percent / 100)))
                } else if let index = Int(target), index >= 0 {
                    gestures.append(.jump(item: .global(index)))
                } else {
                    let pieces = target.split(separator: ".")
                    guard pieces.count == 2, let s = Int(pieces[0]), let i = Int(pieces[1]), s >= 0, i >= 0 else {
                        throw UsageError("--script: cannot read jump target '\(target)'")
                    }
                    gestures.append(.jump(item: .indexPath(section: s, item: i)))
                }
            case "end": gestures.append(.end)
            case "top": gestures.append(.top)
            case "pause":
                let seconds = try number(1)
                guard seconds >= 0, seconds <= 3_600 else { throw UsageError("--script: pause seconds must be in [0, 3600]") }
                gestures.append(.pause(seconds: seconds))
            case "random":
                let count = try number(1)
                guard count >= 1, count <= 10_000, count == count.rounded() else {
                    throw UsageError("--script: random:N takes N from 1 to 10000")
                }
                for _ in 0..<Int(count) { gestures.append(randomGesture(&random)) }
            default:
                throw UsageError("--script: unknown gesture '\(token)' (drag, fling, jump, end, top, pause, random)")
            }
        }
        guard !gestures.isEmpty else { throw UsageError("--script is empty") }
        return gestures
    }

    /// A seeded random gesture for the random mix.
    static func randomGesture(_ random: inout SeededRandom) -> Gesture {
        switch random.int(0..<10) {
        case 0..<4: .drag(speed: random.double(-2_500...2_500).rounded(), seconds: random.double(0.2...1.5))
        case 4..<7: .fling(velocity: random.double(-15_000...15_000).rounded())
        case 7: .jump(item: .fraction(random.double(0...1)))
        case 8: random.int(0..<2) == 0 ? .end : .top
        default: .pause(seconds: 0.1)
        }
    }
}
