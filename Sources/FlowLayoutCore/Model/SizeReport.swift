/// The real size of one item, measured by the host (UIKit's
/// `preferredLayoutAttributesFitting(_:)`).
public struct SizeReport: Hashable, Sendable {
    /// The item that was measured.
    public var indexPath: FlowIndexPath
    /// Its real size.
    public var size: Size

    /// Creates a report.
    public init(indexPath: FlowIndexPath, size: Size) {
        self.indexPath = indexPath
        self.size = size
    }
}
