/// Sections whose content is supplied when a query first reaches them: how
/// UIKit's flow layout asks `UICollectionViewDelegateFlowLayout` for sizes,
/// insets, spacings and reference sizes, per section, as the section is first
/// laid out, never for a million items up front.
///
/// Until supplied, a section counts as its item count at the layout's
/// properties (its extent an estimate). A query supplies every section not yet
/// supplied up to the last one it reaches, as one batch (each a section
/// reload), and repeats while the supplied extents move that last section;
/// so, as for the core's pending sections, every frame answered is exact: the
/// frames of a fresh layout of the supplied content. Supplying never moves
/// the host's bounds: the content offset is the collection view's. The content
/// size it changes is reported as UIKit reads it: ``FlowLayoutHost/prepare()``
/// supplies what the bounds reach before `collectionViewContentSize` is read,
/// and a bounds change that supplies sections invalidates the layout with a
/// context carrying the content-size adjustment.
extension FlowLayoutHost {
    /// Asks `provider` for the content of each section (its item sizes and
    /// overrides, by its current index) when a query first reaches it, instead
    /// of taking it from the sections the host was created with, which then
    /// only give item counts. Every section is unsupplied from here on, until
    /// reached; ``reloadData(sections:)`` makes every section unsupplied again.
    ///
    /// - Complexity: O(S).
    public func provideSectionContent(_ provider: @escaping (Int) -> FlowSection) {
        var lazy = LazySections(provider: provider)
        lazy.reset(sectionCount: state.numberOfSections)
        lazySections = lazy
        elementsInView = nil
    }

    /// Whether section content is asked for lazily: ``provideSectionContent(_:)``
    /// was called (until a new host is made).
    ///
    /// - Complexity: O(1).
    public var suppliesSectionContent: Bool { lazySections != nil }

    /// Whether the content of `section` has been supplied (always, without a provider).
    ///
    /// - Complexity: O(1).
    public func isSectionSupplied(_ section: Int) -> Bool {
        guard let lazy = lazySections, lazy.supplied.indices.contains(section) else { return true }
        return lazy.supplied[section]
    }

    /// The content-size change supplied sections made since it was last
    /// reported, and forgets it: the next report starts from zero.
    func takeUnreportedSizeChange() -> Size {
        guard let change = lazySections?.unreportedSizeChange, change != .zero else { return .zero }
        lazySections?.unreportedSizeChange = .zero
        return change
    }

    /// Whether supplied sections changed the content size since it was last reported.
    var hasUnreportedSizeChange: Bool { (lazySections?.unreportedSizeChange ?? .zero) != .zero }

    /// Supplies every unsupplied section up to the last one `rect` reaches;
    /// with `keepingAnchor`, the bounds move as the supplied content asks (the
    /// anchor element stays still on screen), else they stay.
    func supplySections(reaching rect: Rect, keepingAnchor: Bool = false) throws(FlowLayoutError) {
        guard let lazy = lazySections, !lazy.awaitingBatch, lazy.firstUnsupplied < lazy.supplied.count,
            rect.width.isFinite, rect.height.isFinite
        else { return }
        while let last = lastSection(reaching: rect), lazySections?.firstUnsupplied ?? .max <= last {
            try supplySections(through: last, keepingAnchor: keepingAnchor)
        }
    }

    /// Supplies every unsupplied section up to `section`, as one batch.
    func supplySections(through section: Int, keepingAnchor: Bool = false) throws(FlowLayoutError) {
        guard let lazy = lazySections, lazy.firstUnsupplied <= section else { return }
        let last = Swift.min(section, lazy.supplied.count - 1)
        try supplySections(Array(lazy.firstUnsupplied...Swift.max(lazy.firstUnsupplied, last)), keepingAnchor: keepingAnchor)
    }

    /// Supplies the unsupplied sections among `indices`, as one batch.
    func supplySections(_ indices: [Int], keepingAnchor: Bool = false) throws(FlowLayoutError) {
        guard var lazy = lazySections, !lazy.awaitingBatch else { return }
        var batch = BatchUpdate()
        for q in indices where lazy.supplied.indices.contains(q) && !lazy.supplied[q] {
            var content = lazy.provider(q)
            content.itemCount = Swift.max(0, content.itemCount)
            batch.reloadSection(q, with: content)
            lazy.supplied[q] = true
        }
        guard !batch.isEmpty else { return }
        lazy.advance()
        let sizeBefore = state.contentSize
        do throws(FlowLayoutError) {
            if keepingAnchor {
                _ = try state.performBatchUpdates(batch)
            } else {
                _ = try state.performBatchUpdatesKeepingVisibleRect(batch)
            }
        } catch {
            throw error.prefixingPath(with: "sectionContent")
        }
        let sizeAfter = state.contentSize
        lazy.unreportedSizeChange.width += sizeAfter.width - sizeBefore.width
        lazy.unreportedSizeChange.height += sizeAfter.height - sizeBefore.height
        lazySections = lazy
        elementsInView = nil
    }

    /// The last section `rect` reaches along the scroll axis, by the current
    /// (partly estimated) extents.
    func lastSection(reaching rect: Rect) -> Int? {
        let direction = state.configuration.scrollDirection
        var end = direction.cross(Point(x: rect.maxX, y: rect.maxY))
        if direction == .horizontal && state.options.layoutDirection == .rightToLeft {
            // Mirrored: the rect's left edge is the furthest natural offset.
            end = state.contentSize.width - rect.minX
        }
        return state.sectionIndex(atOffset: end)
    }

    /// `items` with each move of an item out of a section not supplied yet
    /// replaced by a deletion there and an insertion where it lands (appended
    /// last): such an item has the layout's item size, not the one its content
    /// gives, and the data source can only be asked for after the update, so
    /// it arrives with its size from the batch's `itemSizes`. Its source
    /// section's content is replaced whole when supplied anyway.
    ///
    /// An exact duplicate of such a move, which the core would drop
    /// (`flow-layout.md` 10.6), becomes an update item that does nothing
    /// (keeping the indices error paths name): rewritten, it would name its
    /// source and destination twice, which the core refuses.
    func insteadOfUnsuppliedMoves(_ items: [UpdateItem]) -> [UpdateItem] {
        var result = items
        var rewritten = Set<UpdateItem>()
        for (index, item) in items.enumerated() {
            guard item.updateAction == .move, let from = item.indexPathBeforeUpdate?.indexPath,
                let to = item.indexPathAfterUpdate?.indexPath, !isSectionSupplied(from.section)
            else { continue }
            guard rewritten.insert(item).inserted else {
                // Of the shapes UIKit produces: `.none` takes any paths.
                let (before, after) = (item.indexPathBeforeUpdate, item.indexPathAfterUpdate)
                result[index] = UpdateItem(updateAction: .none, indexPathBeforeUpdate: before, indexPathAfterUpdate: after)!
                continue
            }
            result[index] = .deleteItem(at: from)
            result.append(.insertItem(at: to))
        }
        return result
    }

    /// Carries which sections are supplied through a batch update: deleted
    /// sections go, moved ones keep their state, inserted and reloaded ones
    /// were supplied by the batch itself.
    func carrySuppliedSections(through items: [UpdateItem]) {
        guard var lazy = lazySections else { return }
        var deleted = Set<Int>()
        var inserted = Set<Int>()
        var moves: [Int: Int] = [:]
        for item in items {
            switch (item.updateAction, item.indexPathBeforeUpdate, item.indexPathAfterUpdate) {
            case let (.delete, before?, _) where before.isSection: deleted.insert(before.section)
            case let (.insert, _, after?) where after.isSection: inserted.insert(after.section)
            case let (.reload, before?, after?) where before.isSection:
                deleted.insert(before.section)
                inserted.insert(after.section)
            case let (.move, before?, after?) where before.isSection: moves[after.section] = before.section
            default: break
            }
        }
        guard !deleted.isEmpty || !inserted.isEmpty || !moves.isEmpty else { return }
        let movedFrom = Set(moves.values)
        var remaining = lazy.supplied.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }.map {
            lazy.supplied[$0]
        }
        for index in (inserted.union(moves.keys)).sorted() {
            let flag = moves[index].map { lazy.supplied[$0] } ?? true
            remaining.insert(flag, at: Swift.min(index, remaining.count))
        }
        lazy.supplied = remaining
        lazy.firstUnsupplied = 0
        lazy.advance()
        lazySections = lazy
    }
}

/// Which sections have had their content supplied, and where to ask for the rest.
struct LazySections {
    /// The content of a section, by its current index.
    let provider: (Int) -> FlowSection
    /// Whether each section's content has been supplied.
    var supplied: [Bool] = []
    /// No section before this one is unsupplied.
    var firstUnsupplied = 0
    /// The change of the content size that supplying sections made since the
    /// host last reported it (in ``FlowLayoutHost/prepare()``, where the
    /// content size is read next, or in a bounds change's context).
    var unreportedSizeChange = Size.zero
    /// Whether the data source has changed and the batch update describing
    /// the change has not arrived: the provider already answers for after it,
    /// so nothing is supplied until it does.
    var awaitingBatch = false

    /// Every one of `sectionCount` sections unsupplied.
    mutating func reset(sectionCount: Int) {
        supplied = Array(repeating: false, count: sectionCount)
        firstUnsupplied = 0
        unreportedSizeChange = .zero
        awaitingBatch = false
    }

    /// Moves ``firstUnsupplied`` past the supplied sections.
    mutating func advance() {
        while firstUnsupplied < supplied.count && supplied[firstUnsupplied] { firstUnsupplied += 1 }
    }
}
