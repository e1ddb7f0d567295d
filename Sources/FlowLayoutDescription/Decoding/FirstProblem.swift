/// The problem with a description that is reported: the one the checks meet
/// first in their fixed order, whatever the order of the members in the file.
///
/// A streaming reader sees an object's members in document order, but a
/// description's problems are reported in the order of its checks, as the tree
/// decoder that came before reported them: for each object, first an unknown
/// field (the first in the document), then missing required fields, then the
/// fields' values in the order of the format (`layout-description.md`); for
/// each array, its elements in order. So each object keeps the problem of the
/// lowest *slot* it has seen, a slot being the rank of a check in that order,
/// and hands it to its parent, which ranks it at the slot of the field that
/// holds the object.
struct FirstProblem {
    /// The slot of the problem kept, `Int.max` while there is none.
    private(set) var slot = Int.max
    /// The problem kept.
    private(set) var error: DescriptionError?

    /// Keeps `error` when it ranks before the problem kept so far.
    @inline(__always)
    mutating func record(_ slot: Int, _ error: @autoclosure () -> DescriptionError) {
        if slot < self.slot {
            self.slot = slot
            self.error = error()
        }
    }

    /// Keeps `error`, when there is one, when it ranks before the problem kept so far.
    @inline(__always)
    mutating func record(_ slot: Int, _ error: DescriptionError?) {
        if let error { record(slot, error) }
    }
}
