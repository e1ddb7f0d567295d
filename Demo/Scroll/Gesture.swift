import FlowLayout
import FlowLayoutDescription
import FlowLayoutReference

/// One scripted gesture of a simulated scrolling session.
enum Gesture: Hashable, CustomStringConvertible {
    /// A drag at a constant speed (points per second, negative towards the top).
    case drag(speed: Double, seconds: Double)
    /// A fling released at `velocity` points per second, decelerating like a touch
    /// screen: velocity × 0.998 per millisecond (UIKit's normal rate).
    case fling(velocity: Double)
    /// Scroll-to-item. Without a position, the item's leading edge goes to the
    /// top of the viewport and the first-visible anchor keeps it there. With a
    /// position, the engine's scroll to an item places it (`flow-layout.md` 8.4,
    /// `contentOffset(forItemAt:position:)`) and holds it there while the items
    /// around it are measured. `fraction` picks the item at that fraction of
    /// all items.
    case jump(item: ItemTarget, position: ScrollPosition?)
    /// To the end of the content.
    case end
    /// To the top.
    case top
    /// No motion.
    case pause(seconds: Double)
    /// A data change between two frames: one `performBatchUpdates` call.
    case change(DataChange)

    /// An item named by index path, global index, or fraction of all items.
    enum ItemTarget: Hashable, CustomStringConvertible {
        case indexPath(section: Int, item: Int)
        case global(Int)
        case fraction(Double)

        /// As the script writes it: `SECTION.ITEM`, `ITEM` or `P%`.
        var description: String {
            switch self {
            case .indexPath(let s, let i): "\(s).\(i)"
            case .global(let i): "\(i)"
            case .fraction(let f): "\(LayoutOutput.number(f * 100))%"
            }
        }
    }

    var description: String {
        switch self {
        case let .drag(speed, seconds): "drag:\(LayoutOutput.number(speed)):\(LayoutOutput.number(seconds))"
        case let .fling(velocity): "fling:\(LayoutOutput.number(velocity))"
        case .jump(let target, let position): "jump:\(target)" + (position.map { ":\($0.rawValue)" } ?? "")
        case .end: "end"
        case .top: "top"
        case let .pause(seconds): "pause:\(LayoutOutput.number(seconds))"
        case let .change(change): change.description
        }
    }

    /// The default script: a drag, a fling, a jump to the middle, back up through
    /// items never measured, the end, the top.
    static let defaultScript = "drag:1500:2,fling:12000,jump:50%,drag:-1500:1.5,fling:-9000,end,drag:-1200:1,top,pause:0.25"

    /// The default script of `scroll --chat`: the user reads upward through the
    /// history in drags and flings, with pauses to read (history pages load as
    /// they near the top, messages arrive meanwhile), then goes back to the
    /// newest message and waits there for more.
    static let defaultChatScript =
        "pause:1,drag:-800:2,pause:1.5,fling:-5000,pause:2,drag:-1200:1.5,fling:-9000,pause:1.5,fling:-12000,pause:2,end,pause:2"

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
            case "jump": gestures.append(try jump(parts))
            case "end": gestures.append(.end)
            case "top": gestures.append(.top)
            case "pause":
                let seconds = try number(1)
                guard seconds >= 0, seconds <= 3_600 else { throw UsageError("--script: pause seconds must be in [0, 3600]") }
                gestures.append(.pause(seconds: seconds))
            case "insert", "delete":
                guard parts.count == 3, let position = position(parts[1]), let count = count(parts[2]) else {
                    throw UsageError(
                        "--script: \(parts[0]) is '\(parts[0]):SECTION.ITEM:N' with N from 1 to \(grouped(DataChange.maximumCount)), not '\(token)'"
                    )
                }
                gestures.append(.change(parts[0] == "insert" ? .insert(at: position, count: count) : .delete(at: position, count: count)))
            case "prepend", "append":
                guard parts.count == 2, let count = count(parts[1]) else {
                    throw UsageError(
                        "--script: \(parts[0]) is '\(parts[0]):N' with N from 1 to \(grouped(DataChange.maximumCount)), not '\(token)'")
                }
                gestures.append(.change(parts[0] == "prepend" ? .prepend(count: count) : .append(count: count)))
            case "reload":
                guard parts.count == 2, let position = position(parts[1]) else {
                    throw UsageError("--script: reload is 'reload:SECTION.ITEM', not '\(token)'")
                }
                gestures.append(.change(.reload(at: position)))
            case "random":
                let count = try number(1)
                guard count >= 1, count <= 10_000, count == count.rounded() else {
                    throw UsageError("--script: random:N takes N from 1 to 10000")
                }
                for _ in 0..<Int(count) { gestures.append(randomGesture(&random)) }
            default:
                throw UsageError(
                    "--script: unknown gesture '\(token)' (drag, fling, jump, end, top, pause, random, insert, delete, prepend, append, reload)"
                )
            }
        }
        guard !gestures.isEmpty else { throw UsageError("--script is empty") }
        return gestures
    }

    /// `jump:TARGET[:POSITION]`: TARGET an ITEM, SECTION.ITEM or PERCENT%,
    /// POSITION a ``ScrollPosition``.
    private static func jump(_ parts: [String]) throws(UsageError) -> Gesture {
        guard parts.count == 2 || parts.count == 3 else {
            throw UsageError(
                "--script: jump is 'jump:TARGET' or 'jump:TARGET:POSITION', TARGET an ITEM, SECTION.ITEM or PERCENT%, "
                    + "POSITION top, center, bottom or nearest")
        }
        var scrollPosition: ScrollPosition?
        if parts.count == 3 {
            guard let named = ScrollPosition(rawValue: parts[2]) else {
                throw UsageError("--script: jump position must be top, center, bottom or nearest, not '\(parts[2])'")
            }
            scrollPosition = named
        }
        let target = parts[1]
        if target.hasSuffix("%"), let percent = Double(target.dropLast()), percent >= 0, percent <= 100 {
            return .jump(item: .fraction(percent / 100), position: scrollPosition)
        }
        if let index = Int(target), index >= 0 { return .jump(item: .global(index), position: scrollPosition) }
        guard let position = position(target) else { throw UsageError("--script: cannot read jump target '\(target)'") }
        return .jump(item: .indexPath(section: position.section, item: position.item), position: scrollPosition)
    }

    /// `SECTION.ITEM`, both whole numbers from 0 to the engine's largest count, or `nil`.
    private static func position(_ text: String) -> FlowIndexPath? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let range = 0...FlowLayoutLimits.maximumCount
        guard pieces.count == 2, let section = Int(pieces[0]), let item = Int(pieces[1]), range.contains(section),
            range.contains(item)
        else { return nil }
        return FlowIndexPath(item: item, section: section)
    }

    /// A count of items from 1 to ``DataChange/maximumCount``, or `nil`.
    private static func count(_ text: String) -> Int? {
        guard let count = Int(text.replacingUnderscores()), count >= 1, count <= DataChange.maximumCount else { return nil }
        return count
    }

    /// A seeded random gesture for the random mix (motion only: a random data
    /// change would mostly name items that do not exist).
    static func randomGesture(_ random: inout SeededRandom) -> Gesture {
        switch random.int(0..<10) {
        case 0..<4: .drag(speed: random.double(-2_500...2_500).rounded(), seconds: random.double(0.2...1.5))
        case 4..<7: .fling(velocity: random.double(-15_000...15_000).rounded())
        case 7: .jump(item: .fraction(random.double(0...1)), position: nil)
        case 8: random.int(0..<2) == 0 ? .end : .top
        default: .pause(seconds: 0.1)
        }
    }
}
