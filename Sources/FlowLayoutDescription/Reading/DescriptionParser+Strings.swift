/// Strings and member names (RFC 8259 section 7).
///
/// A string decodes as the old parser decoded it: each run of bytes between
/// escapes through `String(decoding:as:)` (ill-formed UTF-8 becomes U+FFFD, as
/// before), each escape as its scalar, a surrogate pair as one scalar. A run is
/// kept whole in the window (``ByteInput/mark``), so that a chunk boundary
/// inside a multi-byte character decodes as the whole document did.
///
/// Member names take a fast path: a name of printable ASCII without escapes,
/// inside the window, is matched against the object's known names on its bytes.
/// Any other name is decoded and compared as a `String`, as before, so that
/// `"w\u0069dth"` is `width` and two canonically equivalent names are one name.
extension DescriptionParser {
    /// Reads the string whose `"` is under the position and returns it decoded.
    mutating func string() throws(DescriptionError) -> String {
        input.position += 1
        var scalars = String.UnicodeScalarView()
        input.mark = input.position
        defer { input.mark = -1 }
        while true {
            guard let byte = try input.peek() else { throw syntaxError("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                flush(into: &scalars)
                input.position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw syntaxError("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                flush(into: &scalars)
                input.position += 1
                scalars.append(try escape())
                input.mark = input.position
                continue
            }
            input.position += 1
        }
    }

    /// Appends the run from the mark to the position, decoded.
    private mutating func flush(into scalars: inout String.UnicodeScalarView) {
        let run = input.bytes(input.mark, input.position)
        if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars) }
    }

    /// Reads through the string whose `"` is under the position, checking it
    /// exactly as ``string()`` does, without decoding it.
    mutating func skipString() throws(DescriptionError) {
        input.position += 1
        while true {
            // The bytes of a run need no look: scan the window for the next special byte.
            while input.position < input.end {
                let byte = input[input.position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                input.position += 1
            }
            guard let byte = try input.peek() else { throw syntaxError("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                input.position += 1
                return
            }
            if byte < 0x20 { throw syntaxError("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                input.position += 1
                _ = try escape()
                continue
            }
            input.position += 1
        }
    }

    /// Reads an escape whose `\` is just behind the position and returns its scalar.
    private mutating func escape() throws(DescriptionError) -> Unicode.Scalar {
        guard let escape = try input.peek() else { throw syntaxError("unterminated escape") }
        input.position += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard try input.ensure(2), input[input.position] == UInt8(ascii: "\\"),
                    input[input.position + 1] == UInt8(ascii: "u")
                else { throw syntaxError("unpaired surrogate in \\u escape") }
                input.position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw syntaxError("unpaired surrogate in \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw syntaxError("invalid \\u escape") }
            return scalar
        default: throw syntaxError("invalid escape")
        }
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func hex4() throws(DescriptionError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try input.peek() else { throw syntaxError("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw syntaxError("invalid \\u escape")
            }
            value = value << 4 | digit
            input.position += 1
        }
        return value
    }

    // MARK: member names

    /// Reads the member name whose `"` is under the position; returns its index
    /// in `fields` or ``FieldNames/unknown``. Refuses a name the object has seen.
    @inline(__always)
    mutating func memberName(_ cursor: inout ObjectCursor, _ fields: FieldNames) throws(DescriptionError) -> Int {
        // 1. Fast path: printable ASCII, no escape, inside the window; the name's
        //    first 32 bytes packed into four words as it is scanned.
        let start = input.position + 1
        var index = start
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while index < input.end {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                input.position = index + 1
                if let field = fields.index(count: index - start, words) { return try known(field, &cursor, fields) }
                return try unknown(String(decoding: input.bytes(start, index), as: UTF8.self), &cursor)
            }
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { break }
            let offset = index - start
            let shifted = UInt64(byte) << UInt64((offset & 7) * 8)
            switch offset >> 3 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            case 2: words.2 |= shifted
            case 3: words.3 |= shifted
            default: break
            }
            index += 1
        }
        // 2. Any other name: decoded, then compared as a string.
        let name = try string()
        if let field = fields.names.firstIndex(of: name) { return try known(field, &cursor, fields, spelled: name) }
        return try unknown(name, &cursor)
    }

    /// Notes the known field at `index`, refusing it when seen before.
    @inline(__always)
    private mutating func known(
        _ index: Int, _ cursor: inout ObjectCursor, _ fields: FieldNames, spelled name: String? = nil
    ) throws(DescriptionError) -> Int {
        let bit: UInt64 = 1 << UInt64(index)
        guard cursor.seen & bit == 0 else {
            throw syntaxError("duplicate member \"\(name ?? fields.names[index])\"")
        }
        cursor.seen |= bit
        return index
    }

    /// Notes a name the object does not know, refusing it when seen before.
    private mutating func unknown(_ name: String, _ cursor: inout ObjectCursor) throws(DescriptionError) -> Int {
        if cursor.unknownKeysIndex < 0 {
            cursor.unknownKeysIndex = unknownKeys.count
            unknownKeys.append([])
        }
        guard unknownKeys[cursor.unknownKeysIndex].insert(name).inserted else {
            throw syntaxError("duplicate member \"\(name)\"")
        }
        lastUnknownKey = name
        return FieldNames.unknown
    }
}

/// The member names an object of the description knows, in the order its
/// fields are checked.
final class FieldNames: @unchecked Sendable {
    /// What ``DescriptionParser/nextMember(_:_:)`` returns for a name not known.
    static let unknown = -1
    /// An object that knows no names: one read through.
    static let none = FieldNames([])
    /// The longest name: the packed form holds 32 bytes
    /// (`sectionHeadersPinToVisibleBounds` is 32).
    static let maximumLength = 32

    /// The names, as strings.
    let names: [String]
    /// The names sorted and joined, for the message refusing an unknown field.
    let expected: String
    /// Each name's length and its bytes packed little-endian into four words,
    /// zero past the end: a name matches on five integer comparisons. Immutable
    /// after `init`, so sharing it between threads is safe.
    private let packed: UnsafeMutableBufferPointer<(count: Int, words: (UInt64, UInt64, UInt64, UInt64))>

    init(_ names: [String]) {
        precondition(names.count <= 64, "an object knows at most 64 fields")
        self.names = names
        expected = names.sorted().joined(separator: ", ")
        packed = .allocate(capacity: names.count)
        for (index, name) in names.enumerated() {
            let bytes = Array(name.utf8)
            precondition(bytes.count <= Self.maximumLength && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 })
            var words: [UInt64] = [0, 0, 0, 0]
            for (offset, byte) in bytes.enumerated() { words[offset >> 3] |= UInt64(byte) << UInt64((offset & 7) * 8) }
            packed.initializeElement(at: index, to: (bytes.count, (words[0], words[1], words[2], words[3])))
        }
    }

    deinit {
        packed.deallocate()
    }

    /// The index of the name of `count` bytes whose first 32 bytes pack into
    /// `words`, or `nil`.
    @inline(__always)
    func index(count: Int, _ words: (UInt64, UInt64, UInt64, UInt64)) -> Int? {
        guard count <= Self.maximumLength else { return nil }
        for index in packed.indices {
            let name = packed[index]
            if name.count == count && name.words.0 == words.0 && name.words.1 == words.1 && name.words.2 == words.2
                && name.words.3 == words.3
            {
                return index
            }
        }
        return nil
    }
}
