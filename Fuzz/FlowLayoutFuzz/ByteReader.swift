import FlowLayoutCore
import FlowLayoutTestSupport

/// Reads a binary fuzz program one small value at a time.
///
/// Past the end of the input every read is 0, so any byte string, however
/// short, is a complete program: libFuzzer's mutations never produce an input
/// the harness cannot run, and every choice is a function of a byte or two that
/// a mutation can flip.
package struct ByteReader {
    /// The program.
    package let bytes: [UInt8]
    /// The index of the next byte to read.
    package private(set) var position = 0
    /// In a program with waterfall sections, the scroll direction: every
    /// ``size()`` is then made exact in a column (``WaterfallValues/exact(_:vertical:)``),
    /// so that the engine's and the reference's sums agree to the bit and
    /// their columns never differ by a rounding.
    var waterfallDirection: ScrollDirection?

    /// Creates a reader at the start of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, 0 to 255 (0 past the end).
    mutating func byte() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    /// A value in `0 ..< count` (`count` > 0): one byte, or two when `count`
    /// exceeds 256, so that every position of a large section can be named.
    mutating func below(_ count: Int) -> Int {
        precondition(count > 0, "below(0)")
        return count <= 256 ? byte() % count : (byte() << 8 | byte()) % count
    }

    /// Whether a byte's bit `bit` (0 to 7) is set: one byte read per call.
    mutating func flag(_ bit: Int) -> Bool {
        byte() >> bit & 1 == 1
    }

    /// A length from 0 to 127.5 in halves, or 900 for byte 255 (wider than
    /// any viewport the programs make, so oversize items occur). Every length
    /// is dyadic and small, so sums of them are exact in `Double`.
    mutating func length() -> Double {
        let value = byte()
        return value == 255 ? 900 : Double(value) / 2
    }

    /// A size of two ``length()``s (made exact in a waterfall program).
    mutating func size() -> Size {
        let size = Size(width: length(), height: length())
        guard let waterfallDirection else { return size }
        return WaterfallValues.exact(size, vertical: waterfallDirection == .vertical)
    }

    /// Columns from one byte: a count that keeps a column's width exact
    /// (``WaterfallValues/columnCounts``).
    mutating func columns() -> WaterfallColumns {
        .count(WaterfallValues.columnCounts[byte() % WaterfallValues.columnCounts.count])
    }

    /// A length the engine must refuse, or (for byte values 6 and 7) one that
    /// looks odd but is valid: negative, NaN, infinite, past
    /// ``FlowLayoutLimits/maximumLength``, −0 or 0.
    mutating func oddLength() -> Double {
        switch byte() % 8 {
        case 0: -0.5
        case 1: .nan
        case 2: .infinity
        case 3: -.infinity
        case 4: FlowLayoutLimits.maximumLength * 2
        case 5: -Double.leastNonzeroMagnitude
        case 6: -0.0
        default: 0
        }
    }
}
