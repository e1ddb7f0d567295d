import FlowLayoutCore

/// The two shapes most of an update document is made of (`layout-description.md`,
/// Updates), read by one pattern each: an object of known fields, some of them
/// required, and an array of like elements. The order of the checks is the
/// description's (``FirstProblem``): for an object, an unknown field first, then
/// the missing required fields, then the values in the order of the fields; for
/// an array, its elements in order, the first with a problem ending the reading
/// of the others (they are only read through).
extension DescriptionParser {
    /// Reads the value of one member: called with the parser, the field's index
    /// in its ``FieldNames``, the field's path (built only for a problem), and
    /// where to report a problem with the value.
    typealias MemberReader = (inout DescriptionParser, Int, () -> FieldPath, inout DescriptionError?) throws(DescriptionError) -> Void

    /// Reads one element of an array: called with the parser, the element's
    /// path (built only for a problem), and where to report a problem with it.
    typealias ElementReader = (inout DescriptionParser, () -> FieldPath, inout DescriptionError?) throws(DescriptionError) -> Void

    /// Reads the object at `path`, each known member's value by `member`; the
    /// first `required` names of `fields` must be given.
    ///
    /// Checks, in order: the object's type, an unknown field, each missing
    /// required field in the order of `fields`, then the values in that order.
    mutating func object(
        _ path: () -> FieldPath, _ fields: FieldNames, required: Int, _ failure: inout DescriptionError?,
        _ member: MemberReader
    ) throws(DescriptionError) {
        guard try beginObject(path, &failure) else { return }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        while let field = try nextMember(&cursor, fields) {
            guard field != FieldNames.unknown else {
                problem.record(0, Self.unknownField(path(), lastUnknownKey, fields))
                try skipValue()
                continue
            }
            var fieldFailure: DescriptionError?
            // The field's path is built only for a problem, from the object's.
            try withoutActuallyEscaping(path) { (path) throws(DescriptionError) in
                try member(&self, field, { path().appending(fields.names[field]) }, &fieldFailure)
            }
            problem.record(1 + required + field, fieldFailure)
        }
        for field in 0..<required where !cursor.has(field) {
            problem.record(1 + field, DescriptionError(path: path().appending(fields.names[field]), message: "is required"))
        }
        failure = problem.error
    }

    /// Reads the array at `path`, each element by `element`, whose path is
    /// `path[index]`. After the first element with a problem, the others are
    /// only read through.
    ///
    /// Checks, in order: the array's type, then its elements in order.
    mutating func list(_ path: () -> FieldPath, _ failure: inout DescriptionError?, _ element: ElementReader) throws(DescriptionError) {
        guard try input.peek() == UInt8(ascii: "[") else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be an array, not \(type)")
            return
        }
        try beginArray()
        var first = true
        var index = 0
        while try nextElement(&first) {
            if failure == nil {
                try withoutActuallyEscaping(path) { (path) throws(DescriptionError) in
                    try element(&self, { path().appending(index: index) }, &failure)
                }
            } else {
                try skipValue()
            }
            index += 1
        }
    }
}
