/// The complete content of a layout as identifiers (`flow-layout.md` 11.2),
/// like UIKit's `NSDiffableDataSourceSnapshot`: sections in order, each with its
/// identifier, its items' identifiers in order, optional per-section overrides,
/// sizes for some items, and identifiers to reload.
///
/// Apply it with ``FlowLayoutState/apply(_:)``: the engine works out the batch
/// (`flow-layout.md` 11.3) and applies it like ``BatchUpdate``.
///
/// ```swift
/// var snapshot = FlowSnapshot()
/// snapshot.appendSection(FlowSnapshot.Section(id: 1, items: [10, 11, 12]))
/// let applied = try state.apply(snapshot)
/// ```
public struct FlowSnapshot: Hashable, Sendable {
    /// One section of a snapshot.
    ///
    /// Its five overrides have ``FlowSection``'s names and types but are kept
    /// parallel on purpose, not in a shared type: here `nil` keeps what the
    /// section has (a surviving section keeps its overrides, a report's header
    /// size included), there `nil` means the layout's property; and a snapshot
    /// section names items by identifier, with sizes and reloads by identifier,
    /// where a ``FlowSection`` counts its items and gives sizes by position. A
    /// shared public piece would blur the two meanings of `nil` and change the
    /// members and initializers hosts, tests and the demo use. Inside the
    /// engine both become one internal override set.
    public struct Section: Hashable, Sendable {
        /// The section's identifier, unique among the snapshot's sections.
        public var id: FlowIdentifier
        /// The items' identifiers, in order, unique among all the snapshot's items.
        public var items: [FlowIdentifier]
        /// Sizes for some items (of any section of the snapshot): an item's size
        /// after the snapshot is the one given here, if any (11.2).
        public var sizes: [FlowIdentifier: Size]
        /// Items whose content changed (UIKit's `reloadItems`/`reconfigureItems`):
        /// a self-sizing one becomes unmeasured unless a size is given (10.2).
        public var reloaded: [FlowIdentifier]
        /// This section's margins, or `nil` to keep the section's (the layout's, for a new section).
        public var sectionInset: EdgeInsets?
        /// This section's line spacing, or `nil` to keep the section's.
        public var minimumLineSpacing: Double?
        /// This section's item spacing, or `nil` to keep the section's.
        public var minimumInteritemSpacing: Double?
        /// This section's header size, or `nil` to keep the section's.
        public var headerReferenceSize: Size?
        /// This section's footer size, or `nil` to keep the section's.
        public var footerReferenceSize: Size?

        /// Creates a section of `items`.
        public init(
            id: FlowIdentifier,
            items: [FlowIdentifier],
            sizes: [FlowIdentifier: Size] = [:],
            reloaded: [FlowIdentifier] = [],
            sectionInset: EdgeInsets? = nil,
            minimumLineSpacing: Double? = nil,
            minimumInteritemSpacing: Double? = nil,
            headerReferenceSize: Size? = nil,
            footerReferenceSize: Size? = nil
        ) {
            self.id = id
            self.items = items
            self.sizes = sizes
            self.reloaded = reloaded
            self.sectionInset = sectionInset
            self.minimumLineSpacing = minimumLineSpacing
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.headerReferenceSize = headerReferenceSize
            self.footerReferenceSize = footerReferenceSize
        }

        /// Whether the section gives any of the five overrides.
        var givesOverrides: Bool {
            sectionInset != nil || minimumLineSpacing != nil || minimumInteritemSpacing != nil
                || headerReferenceSize != nil || footerReferenceSize != nil
        }

        /// The overrides the snapshot gives, over `current` (a surviving
        /// section's; `nil` for a new one).
        func overrides(over current: MetricOverrides?) -> MetricOverrides? {
            if !givesOverrides { return current == MetricOverrides() ? nil : current }
            var result = current ?? MetricOverrides()
            if let sectionInset { result.sectionInset = sectionInset }
            if let minimumLineSpacing { result.minimumLineSpacing = minimumLineSpacing }
            if let minimumInteritemSpacing { result.minimumInteritemSpacing = minimumInteritemSpacing }
            if let headerReferenceSize { result.headerReferenceSize = headerReferenceSize }
            if let footerReferenceSize { result.footerReferenceSize = footerReferenceSize }
            return result == MetricOverrides() ? nil : result
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// Creates a snapshot of `sections`.
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// Appends a section.
    public mutating func appendSection(_ section: Section) {
        sections.append(section)
    }

    /// The number of items in all sections.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

/// What applying a snapshot did: the batch it was applied as (11.3), in the
/// index conventions of ``BatchUpdate``, and that batch's result.
public struct SnapshotUpdateResult: Hashable, Sendable {
    /// The batch that turned the old content into the snapshot's.
    public var batch: BatchUpdate
    /// The anchor's adjustment, content sizes and transitions (10.4, 10.5).
    public var result: BatchUpdateResult
    /// How many items left the layout with a size of their own that the engine
    /// now remembers (11.2).
    public var rememberedCount: Int

    /// Creates a result.
    public init(batch: BatchUpdate, result: BatchUpdateResult, rememberedCount: Int) {
        self.batch = batch
        self.result = result
        self.rememberedCount = rememberedCount
    }
}
