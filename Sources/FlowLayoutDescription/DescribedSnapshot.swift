import FlowLayoutCore

/// A snapshot of an update document (`layout-description.md`, Snapshots;
/// `flow-layout.md` 11.2), with the document's string identifiers: the demo
/// maps them onto the engine's ``/FlowLayoutCore/FlowIdentifier``s.
public struct DescribedSnapshot: Hashable, Sendable {
    /// One section of a snapshot.
    public struct Section: Hashable, Sendable {
        /// The section's identifier.
        public var id: String
        /// The items' identifiers, in order.
        public var items: [String]
        /// Sizes for some items, in the document's order.
        public var sizes: [ItemSize]
        /// Identifiers to reload.
        public var reload: [String]
        /// The overrides the section gives (its `sectionInset` completed from
        /// the layout's): the core's value, as a section and a snapshot's
        /// section hold it.
        public var overrides: SectionOverrides

        /// Creates a section.
        public init(
            id: String, items: [String], sizes: [ItemSize] = [], reload: [String] = [], overrides: SectionOverrides = SectionOverrides()
        ) {
            self.id = id
            self.items = items
            self.sizes = sizes
            self.reload = reload
            self.overrides = overrides
        }
    }

    /// A size given for an item, by identifier.
    public struct ItemSize: Hashable, Sendable {
        /// The item's identifier.
        public var id: String
        /// Its size.
        public var size: Size

        /// Creates an entry.
        public init(id: String, size: Size) {
            self.id = id
            self.size = size
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// Creates a snapshot.
    public init(sections: [Section]) {
        self.sections = sections
    }
}
