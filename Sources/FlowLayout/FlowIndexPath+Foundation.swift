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

#if !canImport(UIKit) && !canImport(AppKit)
/// UIKit's (and AppKit's) item-and-section view of an `IndexPath`, for the
/// platforms that have neither, so that code written against UIKit reads the
/// same on Linux: `IndexPath(item: 3, section: 1)` is `[1, 3]`.
extension IndexPath {
    /// An index path of two elements: `[section, item]`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first element.
    public var section: Int { self[0] }

    /// The item: the second element.
    public var item: Int { self[1] }
}
#endif
#endif
