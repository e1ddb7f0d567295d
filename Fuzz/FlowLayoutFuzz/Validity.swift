import FlowLayoutCore

/// Which values the engine accepts (`flow-layout.md` 9), as the harness decides
/// it before a call: a length is neither negative, nor NaN, nor past
/// ``FlowLayoutLimits/maximumLength`` (so −0 is one, infinity is not).
enum Validity {
    /// Whether `value` is a length the engine accepts.
    static func isLength(_ value: Double) -> Bool {
        value >= 0 && value <= FlowLayoutLimits.maximumLength
    }

    /// Whether both components of `size` are lengths.
    static func isSize(_ size: Size) -> Bool {
        isLength(size.width) && isLength(size.height)
    }
}
