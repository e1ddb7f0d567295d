import FlowLayoutCore
import FlowLayoutReference

/// The inputs an engine has received, kept plainly so that the eager reference
/// can lay out the same thing at any moment: configuration, sections, viewport,
/// and the latest size reported for each item.
public struct ReferenceModel: Sendable {
    /// The layout's properties.
    public var configuration: FlowLayoutConfiguration
    /// The sections.
    public var sections: [FlowSection]
    /// The viewport.
    public var viewportSize: Size
    /// The latest size reported for each item.
    public var reportedSizes: [FlowIndexPath: Size] = [:]

    /// Creates a model of the given inputs.
    public init(configuration: FlowLayoutConfiguration, sections: [FlowSection], viewportSize: Size) {
        self.configuration = configuration
        self.sections = sections
        self.viewportSize = viewportSize
    }

    /// Records reports in order: a later report of an item replaces an earlier one.
    public mutating func apply(_ reports: [SizeReport]) {
        for report in reports { reportedSizes[report.indexPath] = report.size }
    }

    /// The reference layout of the current inputs, with self-sizing items that
    /// have not reported at `estimatedItemSize` (the engine's current estimate).
    public func layout(estimatedItemSize: Size? = nil) -> ReferenceLayout {
        ReferenceLayout(
            configuration: configuration, sections: sections, viewportSize: viewportSize,
            reportedSizes: reportedSizes, estimatedItemSize: estimatedItemSize)
    }
}
