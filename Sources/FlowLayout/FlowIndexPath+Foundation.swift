#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// Conversions between the core's index path and Foundation's `IndexPath`,
/// the type UIKit's collection views use.
extension FlowIndexPath {
    /// Converts a two-element Foundation `IndexPath` (section, item); `nil` for
    /// any other length.
    public init?(_ indexPath: IndexPath) {
        guard indexPath.count == 2 else { return nil }
        self.init(item: indexPath[1], section: indexPath[0])
    }

    /// The Foundation `IndexPath` of this index path: `[section, item]`.
    public var indexPath: IndexPath { IndexPath(indexes: [section, item]) }
}
#endif
