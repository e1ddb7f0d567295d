import FlowLayoutCore

/// The description's small values: lengths, counts, coordinates, option
/// names, booleans, sizes and insets (`layout-description.md`, Input, Options, Updates),
/// each read from the bytes under the position. A value that is wrong is read
/// through all the same (its syntax still matters) and reported in `failure`,
/// with the field path `path` gives; paths are only built for a problem.
extension DescriptionParser {
    static let sizeFields = FieldNames(["width", "height"])
    static let insetFields = FieldNames(["top", "left", "bottom", "right"])

    /// The problem of a member `fields` does not know.
    static func unknownField(_ path: FieldPath, _ key: String, _ fields: FieldNames) -> DescriptionError {
        DescriptionError(path: path.appending(key), message: "unknown field (expected one of: \(fields.expected))")
    }

    /// Whether `byte` starts a number.
    @inline(__always)
    static func startsNumber(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
    }

    /// Reads a length: a finite number from 0 to ``FlowLayoutLimits/maximumLength``.
    @inline(__always)
    mutating func length(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Double {
        guard Self.startsNumber(try input.peek()) else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be a finite number >= 0, not \(type)")
            return 0
        }
        let number = try number().value
        guard number.isFinite, number >= 0 else {
            failure = DescriptionError(path: path(), message: "must be a finite number >= 0")
            return 0
        }
        guard number <= FlowLayoutLimits.maximumLength else {
            failure = DescriptionError(path: path(), message: "must be at most 1e15")
            return 0
        }
        return number
    }

    /// Reads a count: a number written without a fraction or an exponent, from 0
    /// to ``FlowLayoutLimits/maximumCount``.
    mutating func count(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Int {
        let limit = FlowLayoutLimits.maximumCount
        if Self.startsNumber(try input.peek()) {
            let (number, isInteger) = try number()
            if isInteger, number >= 0, number <= Double(limit), let count = Int(exactly: number) { return count }
        } else {
            try skipValue()
        }
        failure = DescriptionError(path: path(), message: "must be a whole number from 0 to \(limit)")
        return 0
    }

    /// Reads a coordinate: any finite number, negative ones included.
    mutating func coordinate(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Double {
        guard Self.startsNumber(try input.peek()) else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be a finite number, not \(type)")
            return 0
        }
        let number = try number().value
        guard number.isFinite else {
            failure = DescriptionError(path: path(), message: "must be a finite number")
            return 0
        }
        return number
    }

    /// Reads one of the names of `Value` (an option such as `lineAlignment`): a
    /// string equal to one of its raw values, compared exactly, as
    /// `scrollDirection` is.
    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ path: () -> FieldPath, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> Value? where Value.RawValue == String {
        var value: Value?
        if try input.peek() == UInt8(ascii: "\"") {
            value = Value(rawValue: try string())
        } else {
            try skipValue()
        }
        if value == nil {
            let names = Value.allCases.map { "\"\($0.rawValue)\"" }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            failure = DescriptionError(path: path(), message: "must be \(list)")
        }
        return value
    }

    /// Reads a boolean (an option such as `sectionHeadersPinToVisibleBounds`):
    /// `true` or `false`, nothing else (not `0`, `1` or `"true"`).
    mutating func boolean(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Bool? {
        let first = try input.peek()
        let type = try skipValue()
        switch first {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default:
            failure = DescriptionError(path: path(), message: "must be true or false, not \(type)")
            return nil
        }
    }

    /// Reads an object, or reports what else the value is.
    @inline(__always)
    mutating func beginObject(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Bool {
        if try input.peek() == UInt8(ascii: "{") {
            try beginObject()
            return true
        }
        let type = try skipValue()
        failure = DescriptionError(path: path(), message: "must be an object, not \(type)")
        return false
    }

    /// Reads a size: both `width` and `height`, lengths.
    ///
    /// Checks, in order: an unknown field, a missing `width`, a missing `height`,
    /// the width, the height.
    @inline(__always)
    mutating func size(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Size {
        var size = Size(width: 0, height: 0)
        guard try beginObject(path, &failure) else { return size }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        while let field = try nextMember(&cursor, Self.sizeFields) {
            var fieldFailure: DescriptionError?
            switch field {
            case 0:
                size.width = try length({ path().appending("width") }, &fieldFailure)
                problem.record(3, fieldFailure)
            case 1:
                size.height = try length({ path().appending("height") }, &fieldFailure)
                problem.record(4, fieldFailure)
            default:
                problem.record(0, Self.unknownField(path(), lastUnknownKey, Self.sizeFields))
                try skipValue()
            }
        }
        if !cursor.has(0) { problem.record(1, DescriptionError(path: path().appending("width"), message: "is required")) }
        if !cursor.has(1) { problem.record(2, DescriptionError(path: path().appending("height"), message: "is required")) }
        failure = problem.error
        return size
    }

    /// Reads insets: any of the four edges, lengths; the others are inherited
    /// when the description is complete.
    ///
    /// Checks, in order: an unknown field, then top, left, bottom, right.
    mutating func insets(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> PartialInsets {
        var insets = PartialInsets()
        guard try beginObject(path, &failure) else { return insets }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        while let field = try nextMember(&cursor, Self.insetFields) {
            guard field != FieldNames.unknown else {
                problem.record(0, Self.unknownField(path(), lastUnknownKey, Self.insetFields))
                try skipValue()
                continue
            }
            let name = Self.insetFields.names[field]
            var fieldFailure: DescriptionError?
            let value = try length({ path().appending(name) }, &fieldFailure)
            problem.record(1 + field, fieldFailure)
            insets.edges[field] = value
        }
        failure = problem.error
        return insets
    }
}

/// Insets of which only some edges may be given; the others come from the
/// insets they override.
struct PartialInsets: Hashable {
    /// Top, left, bottom, right: `nil` for an edge not given.
    var edges: [Double?] = [nil, nil, nil, nil]

    /// These insets over `base`.
    func resolved(over base: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: edges[0] ?? base.top, left: edges[1] ?? base.left, bottom: edges[2] ?? base.bottom,
            right: edges[3] ?? base.right)
    }
}
