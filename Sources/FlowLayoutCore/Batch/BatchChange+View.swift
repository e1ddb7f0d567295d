/// The elements in view after a batch, taken from those in view before it
/// where the batch cannot have changed them (steps 3 to 5 of
/// ``BatchChange``): reading the rect again costs as much as the rest of a
/// one-item batch.
///
/// Both ways apply to a batch that changes the items of one section and
/// nothing else, keeps the estimate, and presents frames alike before and
/// after: nothing pins (a pinned frame follows its section's end), nothing is
/// mirrored along the scroll axis (a mirrored frame follows the content's
/// extent), and a mirrored width has not changed. Re-breaking tells which
/// lines it left as they were (``LineChange``):
/// - **Lines changed inside or past the rect** (a message appended below the
///   view, an item deleted further down): the lines in front of the first line
///   broken again are as they were, and the rect has not moved. The elements
///   in view are those before, up to that line, then the rect's elements read
///   from that line on (``viewAfter(previousWidth:section:kept:in:)``).
/// - **Lines changed before the rect** (an item inserted at the top, history
///   prepended to a chat): every line from where the re-break came back in
///   step is the same line, moved by the change in advance and renumbered. The
///   cells around the rect are read before the batch with their lines
///   (``readView(_:into:in:)``); after it the section places each one again
///   on its line's new top, exactly as a read would place it
///   (``LocatedSection/movedLinePlacement()``), and the rect, moved by
///   the anchor's adjustment, picks those it meets
///   (``movedView(_:previousWidth:section:change:in:)``, ``inView(_:adjustment:reserving:in:)``).
///
/// With internal checks, each result is compared with a full read of the rect.
extension BatchChange {
    // MARK: Lines changed inside or past the rect

    /// The elements in view after a batch, as entries, when the batch changed
    /// the items of section `q` only and kept its lines before `kept` (from its
    /// first line) as they were, and those lines reach into the rect: the
    /// elements of `before` (read at the rect, which has not moved) up to that
    /// line, then the rect's elements read from it on; and how many lead
    /// them unchanged, each the element of `before` at its place, with its
    /// frame before (``unchangedInView``). `nil` when the batch may have moved
    /// something in view before it.
    ///
    /// A kept line is not the section's last, so its items are placed as
    /// before; every later line starts at or past the first line broken again,
    /// which the second read starts from.
    ///
    /// - Complexity: O(log S + log R) plus the elements in view.
    func viewAfter(
        previousWidth: Double, section q: Int, kept: Rebreak.KeptLines, in state: inout FlowLayoutState
    ) -> (entries: [TransitionEntry], unchanged: Int)? {
        // The walk before reached the section: every section before it is laid out.
        guard let rect = state.visibleRect, let last = before.last, last.indexPath.section >= q,
            Self.presentsAlike(previousWidth: previousWidth, in: &state)
        else { return nil }
        let located = state.sections.locatedSection(q)
        let changed = located.linesTop + kept.advance
        let presentation = state.presentation()
        let query = presentation.isIdentity ? rect : presentation.naturalQuery(rect)
        let (low, high) = state.configuration.scrollDirection.crossSpan(query)
        guard changed > SectionContext.searchKey(low) else { return nil }
        var entries: [TransitionEntry] = []
        // About as many as before, and room for the survivors step 5 joins.
        entries.reserveCapacity(2 * before.count + 8)
        // Before the walk, elements come in element order (nothing pins). No
        // item before the first changed line changed, so each is itself
        // before and after, at the same frame.
        let firstChanged = ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: kept.items, section: q))
        for element in before {
            guard element.identifier < firstChanged else { break }
            entries.append(
                TransitionEntry(identifier: element.identifier, after: element.frame, old: element.identifier, before: element.frame))
        }
        let unchanged = entries.count
        if changed.double <= high {
            // The first changed line starts at item `kept.items`, `changed`
            // exactly, in the section located above: read from there as a
            // read of the rect does (``FlowLayoutState/forEachElement(in:_:)``).
            state.sections.forEachNaturalElement(in: query, fromLine: kept.items, at: changed, of: located) { natural in
                // A kept line ending where the first changed one starts is read again: it is taken already.
                if natural.identifier < firstChanged { return true }
                guard let frame = presentation.shown(natural.frame, query: query, rect: rect) else { return true }
                entries.append(TransitionEntry(identifier: natural.identifier, after: frame))
                return true
            }
        }
        Self.checkView(entries, in: &state)
        return (entries, unchanged)
    }

    /// Whether frames are presented alike before and after a batch that
    /// changed items only, the content having been `previousWidth` wide.
    private static func presentsAlike(previousWidth: Double, in state: inout FlowLayoutState) -> Bool {
        let configuration = state.configuration
        guard !configuration.pins(.header), !configuration.pins(.footer), !state.mirrorsAlongScrollAxis,
            state.options.contentAlignment == .start  // content at the end moves with the extent (8.6)
        else { return false }
        return state.options.layoutDirection == .leftToRight || state.contentSize.width == previousWidth
    }

    // MARK: Lines changed before the rect

    /// The cells whose natural frames meet the rect's natural span widened by
    /// ``margin`` along the scroll axis, in order, each with its line; `nil`
    /// when a header or footer is among what that span meets.
    struct CellsAround {
        /// A cell, with its natural frame, and its line.
        struct Cell {
            var attributes: LayoutAttributes
            var line: LineSpan
        }

        /// The cells, in one array (one allocation, one append a cell).
        var cells: [Cell] = []
        /// The widened span's low edge along the scroll axis.
        var low = 0.0
        /// Its high edge.
        var high = 0.0
        /// How far past the rect's natural span they reach, on each side.
        var margin = 0.0
    }

    /// Reads the elements in view at `rect` into `before`, as
    /// ``FlowLayoutState/forEachElement(in:_:)`` gives them, and returns the cells around
    /// the rect (``CellsAround``) when presentation allows moving them later
    /// (nothing pins, nothing mirrors along the scroll axis).
    ///
    /// - Complexity: O(log S + log R) plus the elements read.
    static func readView(_ rect: Rect, into before: inout [LayoutAttributes], in state: inout FlowLayoutState) -> CellsAround? {
        let presentation = state.presentation()
        guard !presentation.pinsHeaders, !presentation.pinsFooters, !state.mirrorsAlongScrollAxis else {
            state.forEachElement(in: rect) {
                before.append($0)
                return true
            }
            return nil
        }
        let direction = state.configuration.scrollDirection
        let query = presentation.isIdentity ? rect : presentation.naturalQuery(rect)
        // A point, and two pixels for the rounding of presented origins.
        let margin = 1 + (presentation.scale > 0 ? 2 / presentation.scale : 0)
        let widened = direction.widenedAcross(query, by: margin)
        var cells: [CellsAround.Cell] = []
        cells.reserveCapacity(BatchChange.elementsInViewCapacity)
        var onlyCells = true
        var line = LineSpan(firstItem: 0, top: .zero, thickness: 0)
        state.sections.forEachNaturalElement(in: widened, lines: { line = $0 }) { natural in
            if natural.category == .cell {
                cells.append(CellsAround.Cell(attributes: natural, line: line))
            } else {
                onlyCells = false
            }
            // In view: what forEachElement(in:) reads.
            if let frame = presentation.shown(natural.frame, query: query, rect: rect) {
                var attributes = natural
                attributes.frame = frame
                before.append(attributes)
            }
            return true
        }
        #if FLOWLAYOUT_INTERNAL_CHECKS
        var read: [LayoutAttributes] = []
        state.forEachElement(in: rect) {
            read.append($0)
            return true
        }
        precondition(read == before, "the elements in view read with their lines differ from a read of the rect")
        #endif
        guard onlyCells else { return nil }
        let (low, high) = direction.crossSpan(widened)
        return CellsAround(cells: cells, low: low, high: high, margin: margin)
    }

    /// The cells around the rect after a batch whose re-break of section `q`
    /// came back in step before them: each renumbered, and its natural frame
    /// placed again on its line moved by the change in advance.
    struct MovedView {
        /// A cell, renumbered, with its natural and presented frames.
        struct Cell {
            var identifier: ElementIdentifier
            var natural: Rect
            var presented: Rect
        }

        /// The cells, in order.
        var cells: [Cell]
        /// How far their lines moved along the scroll axis.
        var shift: Double
        /// How far past the rect's natural span they were read.
        var margin: Double

        /// The presented frame of the cell `identifier` names, when it is
        /// among them.
        ///
        /// - Complexity: O(log cells).
        func frame(of identifier: ElementIdentifier) -> Rect? {
            let low = partitionPoint(in: cells.indices) { !(cells[$0].identifier < identifier) }
            return low < cells.count && cells[low].identifier == identifier ? cells[low].presented : nil
        }
    }

    /// The cells around the rect moved through a batch that changed the items
    /// of section `q` only, when every one of them lies in the lines the
    /// re-break came back in step at or after (``LineChange/resumed``), and
    /// that line started before the span they were read from (what the batch
    /// changed then ends before it, however far it moved), and the section's
    /// last line lies past that span. `nil` otherwise.
    ///
    /// Line tops are exact offsets, so a moved line's top is the one a read
    /// would find, and each cell is placed across it as a read places it.
    ///
    /// - Complexity: O(log S) plus the cells.
    static func movedView(
        _ around: CellsAround, previousWidth: Double, section q: Int, change: LineChange, in state: inout FlowLayoutState
    ) -> MovedView? {
        guard let resumed = change.resumed, let first = around.cells.first?.attributes, let last = around.cells.last,
            first.indexPath.section == q, last.attributes.indexPath.section == q, first.indexPath.item >= resumed.items,
            presentsAlike(previousWidth: previousWidth, in: &state)
        else { return nil }
        // The cells were read in the section: every section before it is laid out.
        let located = state.sections.locatedSection(q)
        guard (located.linesTop + resumed.advance).double < around.low else { return nil }
        // The section's last line is placed by rules that read more than its
        // own items (3.3), which the batch may change: if it may lie in the
        // span, the span is read again. Lines are in order: it is the last
        // cell's line or a later one, whose cells may all have missed the
        // rect across the scroll axis before the batch and meet it after.
        guard
            !located.mayReachLastLine(
                from: last.line, movedBy: change.advanceChange, before: around.high + change.advanceChange.double),
            let placement = located.movedLinePlacement()
        else { return nil }
        let presentation = state.presentation()
        var moved = MovedView(cells: [], shift: change.advanceChange.double, margin: around.margin)
        moved.cells.reserveCapacity(around.cells.count)
        for cell in around.cells {
            let natural = placement.frame(ofCell: cell.attributes.frame, on: cell.line, movedBy: change.advanceChange)
            let identifier = ElementIdentifier(
                category: .cell, indexPath: FlowIndexPath(item: cell.attributes.indexPath.item + change.itemChange, section: q))
            moved.cells.append(MovedView.Cell(identifier: identifier, natural: natural, presented: presentation.present(natural)))
        }
        return moved
    }

    /// The elements in view after the batch, among the cells `moved`, the
    /// visible rect having moved by `adjustment`: `nil` when the rect moved by
    /// more than the cells' margin allows (then something not read before may
    /// be in view).
    ///
    /// Any element meeting the rect after the batch met, before it, the span
    /// widened by the margin, once the rect moved by about as much as the
    /// lines did (within rounding); what the batch changed ends before it.
    static func inView(
        _ moved: MovedView, adjustment: Point, reserving extra: Int, in state: inout FlowLayoutState
    ) -> [TransitionEntry]? {
        guard let rect = state.visibleRect else { return nil }
        let direction = state.configuration.scrollDirection
        guard abs(direction.cross(adjustment) - moved.shift) <= moved.margin / 4 else { return nil }
        let presentation = state.presentation()
        let query = presentation.isIdentity ? rect : presentation.naturalQuery(rect)
        var entries: [TransitionEntry] = []
        entries.reserveCapacity(moved.cells.count + extra)
        for cell in moved.cells {
            guard let frame = presentation.shown(cell.natural, query: query, rect: rect) else { continue }
            entries.append(TransitionEntry(identifier: cell.identifier, after: frame))
        }
        checkView(entries, in: &state)
        return entries
    }

    /// With internal checks: `entries` are the elements a read of the rect
    /// gives now, with the same frames.
    private static func checkView(_ entries: [TransitionEntry], in state: inout FlowLayoutState) {
        #if FLOWLAYOUT_INTERNAL_CHECKS
        let read = entriesInView(reserving: 0, in: &state)
        precondition(
            read.map(\.identifier) == entries.map(\.identifier) && read.map(\.after) == entries.map(\.after),
            "the view kept through a batch differs from the view read after it")
        #endif
    }
}
