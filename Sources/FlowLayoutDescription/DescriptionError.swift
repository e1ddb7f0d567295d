import FlowLayoutCore

/// A layout description that cannot be used: the field path and what is wrong
/// with it, in the format of `layout-description.md`
/// (`sections[3].itemSizes[17].width: must be a finite number >= 0`). Malformed
/// JSON and an input that cannot be read are reported with an empty path.
public struct DescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field path (the core's ``/FlowLayoutCore/FieldPath``, the same
    /// value an engine refusal carries), empty for the document itself.
    public var path: FieldPath
    /// What is wrong.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: the field path, empty for the document itself.
    ///   - message: what is wrong.
    /// - Complexity: O(1).
    public init(path: FieldPath, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone for the document itself.
    ///
    /// - Complexity: O(length of the text).
    public var description: String { path.isEmpty ? message : "\(path.description): \(message)" }
}
