/// What applying edits to a section changed in its lines
/// (``FlowSectionLayout/applyEdits(_:)``): the lines in front of the first line
/// broken again and, when known, the old lines after the last one, which stay
/// the same lines, moved by the change in advance and renumbered by the change
/// in items.
struct LineChange {
    /// Lines whose break the greedy loop computed.
    var linesBroken = 0
    /// The lines in front, as they were.
    var kept = Rebreak.KeptLines.none
    /// The old lines after the changed ones (their advance before them and
    /// first item as they were before the edits), or `nil`.
    var resumed: Rebreak.KeptLines?
    /// The change in the advance of the section's lines.
    var advanceChange = Offset.zero
    /// The change in the section's number of items.
    var itemChange = 0
}
