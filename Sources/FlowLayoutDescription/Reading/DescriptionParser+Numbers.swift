/// Numbers (RFC 8259 section 6), read to the nearest `Double`.
///
/// The grammar and its errors are the old parser's. The value of a short
/// decimal comes from Clinger's fast path: when the decimal significand `w` has
/// at most 19 digits and is at most 2^53, and the decimal exponent `e` is within
/// ±22, both `w` and 10^|e| are exact doubles, so the one IEEE multiplication or
/// division `w × 10^e` (or `w / 10^-e`) is the correctly rounded value of the
/// decimal: exactly what the standard library's `Double(_: String)` returns.
/// Every other number (long significands, large exponents, underflow, overflow
/// to infinity) goes to `Double(_: String)` on its text. Measured sizes such as
/// `123.45` all take the fast path, most of them read in a single pass over
/// their digits (``shortDecimal()``).
extension DescriptionParser {
    /// Reads the number whose first byte (`-` or a digit) is under the position.
    /// `isInteger` is `true` when its text has no fraction and no exponent.
    @inline(__always)
    mutating func number() throws(DescriptionError) -> (value: Double, isInteger: Bool) {
        if let number = shortDecimal() { return number }
        return try anyNumber()
    }

    /// Reads the number under the position when it is a short decimal that lies
    /// whole in the window, digits accumulated in one pass: no exponent, at most
    /// 19 digits, at most 2^53 without its point. Else returns `nil` and moves
    /// nothing, and ``anyNumber()`` reads it (and reports its errors).
    @inline(__always)
    private mutating func shortDecimal() -> (value: Double, isInteger: Bool)? {
        let end = input.end
        var index = input.position
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var significand: UInt64 = 0
        while index < end, input[index] &- UInt8(ascii: "0") < 10 {
            significand = significand &* 10 &+ UInt64(input[index] &- UInt8(ascii: "0"))
            index += 1
        }
        let integerDigits = index - integerStart
        guard index < end, integerDigits > 0, integerDigits == 1 || input[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if input[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, input[index] &- UInt8(ascii: "0") < 10 {
                significand = significand &* 10 &+ UInt64(input[index] &- UInt8(ascii: "0"))
                index += 1
            }
            fractionDigits = index - fractionStart
            guard index < end, fractionDigits > 0 else { return nil }
        }
        guard input[index] | 0x20 != UInt8(ascii: "e"), integerDigits + fractionDigits <= 19, significand <= 1 << 53 else {
            return nil
        }
        // Clinger's fast path, with an exponent of -fractionDigits (at most 18 here).
        let magnitude = Double(significand) / Self.exactPowerOfTen(fractionDigits)
        input.position = index
        return (negative ? -magnitude : magnitude, fractionDigits == 0)
    }

    /// Reads any number, across chunk boundaries, with the old parser's errors.
    private mutating func anyNumber() throws(DescriptionError) -> (value: Double, isInteger: Bool) {
        input.mark = input.position
        defer { input.mark = -1 }
        // 1. The grammar, keeping the text whole in the window.
        let negative = input[input.position] == UInt8(ascii: "-")
        if negative { input.position += 1 }
        let integerDigits = try digits()
        guard integerDigits > 0 else { throw syntaxError("expected digits in a number") }
        if integerDigits > 1 && input[input.mark + (negative ? 1 : 0)] == UInt8(ascii: "0") {
            throw syntaxError("leading zero in a number")
        }
        var fractionDigits = 0
        var hasExponent = false
        if try input.peek() == UInt8(ascii: ".") {
            input.position += 1
            fractionDigits = try digits()
            guard fractionDigits > 0 else { throw syntaxError("expected digits after '.'") }
        }
        if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            input.position += 1
            hasExponent = true
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                input.position += 1
            }
            guard try digits() > 0 else { throw syntaxError("expected digits in an exponent") }
        }
        // 2. The value.
        let text = input.bytes(input.mark, input.position)
        let isInteger = fractionDigits == 0 && !hasExponent
        if let value = Self.fastValue(
            text, negative: negative, integerDigits: integerDigits, fractionDigits: fractionDigits,
            hasExponent: hasExponent)
        {
            return (value, isInteger)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else {
            throw syntaxError("number out of range")
        }
        return (value, isInteger)
    }

    /// Skips decimal digits and returns how many there were.
    @inline(__always)
    private mutating func digits() throws(DescriptionError) -> Int {
        var count = 0
        while true {
            while input.position < input.end, input[input.position] &- UInt8(ascii: "0") < 10 {
                input.position += 1
                count += 1
            }
            if input.position < input.end { return count }
            guard try input.refill() else { return count }
        }
    }

    /// 10^`exponent` for `exponent` in 0...22: the powers of ten that are exact doubles.
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The correctly rounded value of a number's well-formed `text` when the fast
    /// path applies, else `nil`.
    @inline(__always)
    static func fastValue(
        _ text: UnsafeBufferPointer<UInt8>, negative: Bool, integerDigits: Int, fractionDigits: Int, hasExponent: Bool
    ) -> Double? {
        // 1. The significand's digits, leading zeros dropped.
        var significand: UInt64 = 0
        var significantDigits = 0
        let start = negative ? 1 : 0
        for index in start..<(start + integerDigits) {
            let digit = UInt64(text[index] &- UInt8(ascii: "0"))
            if significantDigits > 0 || digit != 0 {
                significand = significand &* 10 &+ digit
                significantDigits += 1
            }
        }
        let fractionStart = start + integerDigits + 1
        for index in fractionStart..<(fractionStart + fractionDigits) {
            let digit = UInt64(text[index] &- UInt8(ascii: "0"))
            if significantDigits > 0 || digit != 0 {
                significand = significand &* 10 &+ digit
                significantDigits += 1
            }
        }
        if significantDigits == 0 { return negative ? -0.0 : 0.0 }
        guard significantDigits <= 19, significand <= 1 << 53 else { return nil }
        // 2. The decimal exponent.
        var exponent = -fractionDigits
        if hasExponent {
            var index = fractionDigits > 0 ? fractionStart + fractionDigits + 1 : start + integerDigits + 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            guard text.count - index <= 4 else { return nil }
            var written = 0
            while index < text.count {
                written = written * 10 + Int(text[index] &- UInt8(ascii: "0"))
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        // 3. One correctly rounded operation.
        guard exponent >= -22, exponent <= 22 else { return nil }
        let magnitude =
            exponent < 0
            ? Double(significand) / exactPowerOfTen(-exponent) : Double(significand) * exactPowerOfTen(exponent)
        return negative ? -magnitude : magnitude
    }
}
