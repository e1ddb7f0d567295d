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
    /// Its overrides are a ``SectionOverrides``, as a ``FlowSection``'s are,
    /// read through the same property names; but here a `nil` property keeps
    /// what the section has (a surviving section keeps its overrides, a
    /// reported header size included), where a ``FlowSection``'s means the
    /// layout's property.
    public struct Section: Hashable, Sendable, SectionOverriding {
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
        /// The overrides the snapshot gives the section: each property given
        /// replaces the section's own, each `nil` one keeps it (for a new
        /// section, the layout's property). Read and written one by one
        /// through the properties of the same names (``SectionOverriding``).
        public var overrides: SectionOverrides

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
            self.init(
                id: id, items: items, sizes: sizes, reloaded: reloaded,
                overrides: SectionOverrides(
                    sectionInset: sectionInset, minimumLineSpacing: minimumLineSpacing,
                    minimumInteritemSpacing: minimumInteritemSpacing, headerReferenceSize: headerReferenceSize,
                    footerReferenceSize: footerReferenceSize))
        }

        /// Creates a section of `items` with `overrides` (and optionally sizes
        /// and reloads).
        public init(
            id: FlowIdentifier, items: [FlowIdentifier], sizes: [FlowIdentifier: Size] = [:], reloaded: [FlowIdentifier] = [],
            overrides: SectionOverrides
        ) {
            self.id = id
            self.items = items
            self.sizes = sizes
            self.reloaded = reloaded
            self.overrides = overrides
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
