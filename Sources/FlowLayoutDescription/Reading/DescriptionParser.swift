/// A strict JSON reader (RFC 8259) that decodes a layout description straight
/// from its bytes, with no tree of values in between (`layout-description.md`).
///
/// The syntax is the old whole-document parser's, byte for byte: the same
/// errors at the same line and column, nesting deeper than ``maximumDepth``
/// refused before it can exhaust the stack, duplicate members refused, only
/// white space after the document. What the description means is decoded as the
/// members go by (`DescriptionParser+Description.swift`); a value the schema
/// does not want is still read through, so that a syntax error anywhere in the
/// document is reported before any problem with what it says.
///
/// The reader never traps and allocates only what the input holds: the window
/// of ``ByteInput``, one string or number token at a time, and the decoded
/// description.
struct DescriptionParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 64

    /// The bytes, read a window at a time.
    var input: ByteInput
    /// How many arrays and objects enclose the current position.
    var depth = 0
    /// The unknown member names of each object being read that has any, the
    /// innermost last (see ``ObjectCursor/unknownKeysIndex``).
    var unknownKeys: [Set<String>] = []
    /// The name of the member just read when its object does not know it.
    var lastUnknownKey = ""

    init(input: ByteInput) {
        self.input = input
    }

    // MARK: errors

    /// A syntax error at the current position, in the format of the old parser:
    /// `invalid JSON at line L, column C: message`.
    mutating func syntaxError(_ message: String) -> DescriptionError {
        let (line, column) = input.lineAndColumn(at: input.position)
        return DescriptionError(path: "", message: "invalid JSON at line \(line), column \(column): \(message)")
    }

    // MARK: white space, nesting, literals

    /// Skips spaces, tabs, carriage returns and line feeds.
    @inline(__always)
    mutating func skipWhitespace() throws(DescriptionError) {
        while true {
            while input.position < input.end {
                let byte = input[input.position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                input.position += 1
            }
            guard try input.refill() else { return }
        }
    }

    /// Throws when the end of the input is not reached after white space.
    mutating func expectEnd() throws(DescriptionError) {
        try skipWhitespace()
        guard try input.peek() == nil else { throw syntaxError("unexpected text after the JSON document") }
    }

    /// Counts one more level of nesting at the `{` or `[` under the position.
    @inline(__always)
    private mutating func enter() throws(DescriptionError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw syntaxError("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Reads `literal` (`true`, `false` or `null`), whose first byte is under the position.
    private mutating func literal(_ literal: StaticString) throws(DescriptionError) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in text {
            guard try input.peek() == byte else { throw syntaxError("expected '\(literal)'") }
            input.position += 1
        }
    }

    // MARK: objects and arrays

    /// Steps into the object whose `{` is under the position.
    @inline(__always)
    mutating func beginObject() throws(DescriptionError) {
        try enter()
        input.position += 1
    }

    /// Steps into the array whose `[` is under the position.
    @inline(__always)
    mutating func beginArray() throws(DescriptionError) {
        try enter()
        input.position += 1
    }

    /// Moves to the next element of the array being read: returns `true` with the
    /// position at the element's first byte, or `false` past the closing `]`.
    /// `first` is `true` before the first call for an array.
    @inline(__always)
    mutating func nextElement(_ first: inout Bool) throws(DescriptionError) -> Bool {
        try skipWhitespace()
        if first {
            first = false
            if try input.peek() == UInt8(ascii: "]") {
                input.position += 1
                depth -= 1
                return false
            }
        } else {
            switch try input.peek() {
            case UInt8(ascii: ","): input.position += 1
            case UInt8(ascii: "]"):
                input.position += 1
                depth -= 1
                return false
            default: throw syntaxError("expected ',' or ']' in an array")
            }
        }
        try skipWhitespace()
        return true
    }

    /// Moves to the next member of the object being read: reads its name and the
    /// `:`, and returns the index of the name in `fields`, ``FieldNames/unknown``
    /// for a name `fields` does not hold (then ``lastUnknownKey`` holds it), or
    /// `nil` past the closing `}`. Refuses a name given twice.
    @inline(__always)
    mutating func nextMember(_ cursor: inout ObjectCursor, _ fields: FieldNames) throws(DescriptionError) -> Int? {
        try skipWhitespace()
        if cursor.isFirst {
            cursor.isFirst = false
            if try input.peek() == UInt8(ascii: "}") {
                input.position += 1
                depth -= 1
                return nil
            }
        } else {
            switch try input.peek() {
            case UInt8(ascii: ","): input.position += 1
            case UInt8(ascii: "}"):
                input.position += 1
                depth -= 1
                if cursor.unknownKeysIndex >= 0 { unknownKeys.removeLast() }
                return nil
            default: throw syntaxError("expected ',' or '}' in an object")
            }
            try skipWhitespace()
        }
        guard try input.peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a member name in quotes") }
        let field = try memberName(&cursor, fields)
        try skipWhitespace()
        guard try input.peek() == UInt8(ascii: ":") else { throw syntaxError("expected ':' after member name") }
        input.position += 1
        try skipWhitespace()
        return field
    }

    // MARK: values the schema does not want

    /// The JSON type name of the value whose first byte is `byte`, for messages.
    static func typeName(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// Reads through one value, checking its syntax as strictly as any other, and
    /// returns its type name (`an array`, `null`).
    ///
    /// - Complexity: O(length of the value); memory for its longest string and its
    ///   largest object's member names only.
    @discardableResult
    mutating func skipValue() throws(DescriptionError) -> String {
        guard let byte = try input.peek() else { throw syntaxError("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            try beginObject()
            var cursor = ObjectCursor()
            while try nextMember(&cursor, .none) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw syntaxError("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
        return Self.typeName(byte)
    }
}

/// Where the reading of one object stands: whether a member was read yet, and
/// the names seen, to refuse one given twice. A plain value: reading an object
/// of known names costs no allocation and no reference counting.
struct ObjectCursor {
    /// No member has been read yet.
    var isFirst = true
    /// The known fields seen, one bit per index in the object's ``FieldNames``.
    var seen: UInt64 = 0
    /// Where the names seen that the object does not know are kept in
    /// ``DescriptionParser/unknownKeys``, `-1` while there are none: objects with
    /// only known names, the description's own, need no set at all.
    var unknownKeysIndex = -1

    /// Whether the field at `index` was given.
    @inline(__always)
    func has(_ index: Int) -> Bool { seen & (1 << UInt64(index)) != 0 }
}
