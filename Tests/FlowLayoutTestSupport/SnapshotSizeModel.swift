import FlowLayoutCore

/// The sizes of `flow-layout.md` 11.2 kept naively, in plain dictionaries: the
/// model the snapshot differential tests and the snapshot fuzz programs check
/// the engine against.
package struct SnapshotSizeModel {
    /// Each item's own size (given or measured); an item without one has its section's default.
    package var own: [FlowIdentifier: Size] = [:]
    /// The sizes of items that left (the engine remembers at least 1,024; the
    /// models never depart more than that).
    package var departed: [FlowIdentifier: Size] = [:]
    /// Identifiers that left, in the order they left.
    package var gone: [FlowIdentifier] = []

    package init() {}

    /// Applies a snapshot of `next` items to content of `old` items, with the
    /// sizes `given` and the items `reloads`: an item's size is the one given;
    /// a reloaded self-sizing item has none; else its size before, if it was
    /// there; else the size it left with, if it left earlier.
    package mutating func apply(
        old: Set<FlowIdentifier>, next: [FlowIdentifier], given: [FlowIdentifier: Size],
        reloads: Set<FlowIdentifier>, isSelfSizing: Bool
    ) {
        var newOwn: [FlowIdentifier: Size] = [:]
        for item in next {
            if let size = given[item] {
                newOwn[item] = size
            } else if reloads.contains(item) && isSelfSizing {
                continue
            } else if old.contains(item) {
                newOwn[item] = own[item]
            } else {
                newOwn[item] = departed[item]
            }
        }
        let nextSet = Set(next)
        for item in old where !nextSet.contains(item) {
            departed[item] = own[item]
            gone.append(item)
        }
        for item in next { departed[item] = nil }
        gone.removeAll { nextSet.contains($0) }
        own = newOwn
    }
}
