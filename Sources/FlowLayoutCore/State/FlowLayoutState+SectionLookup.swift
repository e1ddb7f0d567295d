/// Which section a position along the scroll axis falls in: what a host that
/// supplies a section's content only when a query first reaches it
/// (`UICollectionViewDelegateFlowLayout`'s sizes, asked per section) reads to
/// know which sections a rect reaches.
extension FlowLayoutState {
    /// The index of the section whose span along the scroll axis holds
    /// `offset` (a content y when scrolling vertically, else a content x, left
    /// to right before any mirroring): the last section that starts at or
    /// before it. Offsets past the end give the last section; `nil` when there
    /// are no sections. Sections not laid out yet count at their estimated
    /// extents, so the answer is exact up to the first of them.
    ///
    /// - Complexity: O(log S).
    public func sectionIndex(atOffset offset: Double) -> Int? {
        guard sections.count > 0 else { return nil }
        guard offset.isFinite, offset > 0 else { return offset.isNaN ? nil : (offset > 0 ? sections.count - 1 : 0) }
        let target = Offset(clamping: offset)
        let found = sections.find(target, in: { $0.extent }, rule: .containing)
        return Swift.min(found.position, sections.count - 1)
    }
}
