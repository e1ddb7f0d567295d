/// What the engine keeps for one section.
///
/// A section whose items all have the default size (`itemSize` or the estimate)
/// and that nothing was reported for keeps no lines at all: its layout is one
/// implicit uniform block, in closed form. Line blocks are created the first time
/// the section needs explicit lines: per-item sizes, or a reported size.
struct SectionState: Hashable, Sendable {
    /// The number of items.
    var itemCount: Int
    /// Index of the section's metrics in the state's metrics table.
    var metricsIndex: Int
    /// The per-item sizes the host gave (`sizeForItemAt`), or `nil`.
    var baseSizes: [Size]?
    /// The mean of `baseSizes`: the size a section with per-item sizes is
    /// estimated with while it waits to be laid out.
    var meanBaseSize = Size.zero
    /// Sizes that differ from the base: reported real sizes.
    var overrides = SizeOverrides()
    /// The line blocks, or `nil` for the implicit uniform layout.
    var blocks: BlockSequence?
    /// Whether `blocks` and the section's extent must be recomputed before use:
    /// the section has never been laid out, or an invalidation reached it.
    var needsLayout: Bool

    /// Whether the section can do without blocks: every item has the default size.
    var isImplicitlyUniform: Bool { baseSizes == nil && overrides.isEmpty }
}
