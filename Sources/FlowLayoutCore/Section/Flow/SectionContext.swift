/// Everything the line algorithms need to know about one section, gathered once
/// per section and query.
struct SectionContext {
    /// The number of items.
    let itemCount: Int
    /// Resolved metrics.
    let metrics: SectionMetrics
    /// Line breaking's view of the section.
    let geometry: LineGeometry
    /// The runs of items with sizes of their own; `nil` when every item has the
    /// default size (one implicit run of default items).
    let runs: BTree<Run>?
    /// In a self-sizing section whose items all have one extent along the line
    /// (measured or estimated), that extent (`flow-layout.md` 3.3).
    let sharedWidth: Double?
    /// Whether every line of the section holds exactly one item (3.3 (a)).
    let everyLineHoldsOneItem: Bool
    /// The alignment options (3.4).
    let lineAlignment: LineAlignment
    let lastLineAlignment: LastLineAlignment
    let crossAlignment: CrossAlignment

    /// The summary of the section's runs: item, line and advance totals.
    var runsSummary: RunSummary {
        if let runs { return runs.summary }
        let lines = geometry.linesOfDefaults(itemCount)
        return RunSummary(
            items: itemCount, lines: lines, advance: geometry.defaultAdvance * lines, sized: 0)
    }

    /// The one run of a section without items of its own.
    var implicitRun: Run {
        let lines = geometry.linesOfDefaults(itemCount)
        return Run(itemCount: itemCount, lineCount: lines, advance: geometry.defaultAdvance * lines)
    }
}
