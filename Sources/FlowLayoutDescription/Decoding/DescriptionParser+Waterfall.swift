import FlowLayoutCore

/// Waterfall sections in a description (`layout-description.md`, Waterfall
/// sections; `flow-layout.md` 12): `waterfall` in `layout` and in a section,
/// and a section's `itemColumns`.
extension DescriptionParser {
    static let waterfallFields = FieldNames(["columnCount", "minimumColumnWidth"])

    /// Reads a `waterfall` value: `{ "columnCount": n }` or
    /// `{ "minimumColumnWidth": m }`, or `null`, which lays the section's
    /// items out in lines (`.flow`: a section turning the layout's off).
    ///
    /// Checks, in order: the value's type, an unknown field, neither field
    /// nor both, `columnCount` (an integer from 1 to 64), `minimumColumnWidth`
    /// (a finite number above 0) (12.6).
    mutating func waterfall(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> SectionKind? {
        if try input.peek() == UInt8(ascii: "n") {
            let type = try skipValue()
            guard type == "null" else {
                failure = DescriptionError(path: path(), message: "must be an object or null, not \(type)")
                return nil
            }
            return .flow
        }
        guard try beginObject(path, &failure) else { return nil }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        var count: Int?
        var width: Double?
        while let field = try nextMember(&cursor, Self.waterfallFields) {
            var fieldFailure: DescriptionError?
            switch field {
            case 0:
                count = try columnCount({ path().appending("columnCount") }, &fieldFailure)
                problem.record(3, fieldFailure)
            case 1:
                width = try minimumColumnWidth({ path().appending("minimumColumnWidth") }, &fieldFailure)
                problem.record(4, fieldFailure)
            default:
                problem.record(0, Self.unknownField(path(), lastUnknownKey, Self.waterfallFields))
                try skipValue()
            }
        }
        switch (cursor.has(0), cursor.has(1)) {
        case (false, false):
            problem.record(1, DescriptionError(path: path(), message: "needs columnCount or minimumColumnWidth"))
        case (true, true):
            problem.record(2, DescriptionError(path: path(), message: "gives both columnCount and minimumColumnWidth; give one"))
        default:
            break
        }
        failure = problem.error
        guard failure == nil else { return nil }
        if let count { return .waterfall(.count(count)) }
        return width.map { .waterfall(.minimumWidth($0)) }
    }

    /// Reads `columnCount`: an integer from 1 to 64, with the engine's
    /// words for anything else.
    private mutating func columnCount(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Int? {
        let limit = WaterfallColumns.maximumCount
        guard Self.startsNumber(try input.peek()) else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be an integer from 1 to \(limit), not \(type)")
            return nil
        }
        let (number, _) = try number()
        guard number >= 1, number <= Double(limit), number == number.rounded(), let count = Int(exactly: number) else {
            failure = DescriptionError(path: path(), message: "must be an integer from 1 to \(limit) (got \(Self.text(number)))")
            return nil
        }
        return count
    }

    /// Reads `minimumColumnWidth`: a finite number above 0.
    private mutating func minimumColumnWidth(
        _ path: () -> FieldPath, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> Double? {
        guard Self.startsNumber(try input.peek()) else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be a finite number > 0, not \(type)")
            return nil
        }
        let number = try number().value
        guard number.isFinite, number > 0 else {
            failure = DescriptionError(path: path(), message: "must be a finite number > 0 (got \(Self.text(number)))")
            return nil
        }
        return number
    }

    /// Reads `itemColumns`: an array of columns, whole numbers (the engine
    /// checks them against the section: one per item, each below its column
    /// count, 12.6).
    mutating func itemColumns(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> [Int] {
        var columns: [Int] = []
        try list(path, &failure) { (parser, path, failure) throws(DescriptionError) in
            columns.append(try parser.count(path, &failure))
        }
        return columns
    }

    /// A number as a refusal quotes it: whole numbers without a fraction.
    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }
}
