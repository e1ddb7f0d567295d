/// Building a ``BTree`` whole: from a sequence, or element by element
/// (``BTree/Builder``), leaves and inner nodes about three quarters full.
extension BTree {
    /// Creates a tree of `elements`, in order.
    ///
    /// - Complexity: O(n).
    init<S: Sequence>(_ elements: S, leafCapacity: Int = 32, innerCapacity: Int = 16) where S.Element == Element {
        let all = ContiguousArray(elements)
        self.init(
            root: all.isEmpty
                ? nil
                : Self.root(
                    over: Self.chunks(all.count, capacity: leafCapacity).map { range in
                        Node(height: 0, elements: ContiguousArray(all[range]), children: [])
                    }, innerCapacity: innerCapacity),
            leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    }

    /// The root of a tree whose leaves are `leaves` (at least one), in order:
    /// inner nodes about three quarters full over them, level by level.
    private static func root(over leaves: [Node], innerCapacity: Int) -> Node {
        var level = leaves
        var height = 0
        while level.count > 1 {
            height += 1
            let nodes = level
            level = Self.chunks(nodes.count, capacity: innerCapacity).map { range in
                Node(height: height, elements: [], children: ContiguousArray(nodes[range]))
            }
        }
        return level[0]
    }

    /// Builds a tree from elements given one at a time, front to back, without
    /// holding them all in a second array first: each leaf is filled to three
    /// quarters of its capacity as the elements come, and only the last two are
    /// evened out at the end. For a tree of many elements built once (a
    /// section's runs), where a `[Element]` passed to ``init(_:leafCapacity:innerCapacity:)``
    /// would double the memory at its peak.
    struct Builder {
        private let leafCapacity: Int
        private let innerCapacity: Int
        private let leafTarget: Int
        private var leaves: [Node] = []
        private var open: ContiguousArray<Element> = []

        /// A builder of a tree with these capacities (see ``BTree/init(leafCapacity:innerCapacity:)``).
        init(leafCapacity: Int = 32, innerCapacity: Int = 16) {
            precondition(leafCapacity >= 4 && innerCapacity >= 4, "capacities too small")
            self.leafCapacity = leafCapacity
            self.innerCapacity = innerCapacity
            leafTarget = leafCapacity * 3 / 4
        }

        /// Appends `element` after every element appended before.
        ///
        /// - Complexity: amortized O(1).
        mutating func append(_ element: Element) {
            if open.isEmpty { open.reserveCapacity(leafTarget) }
            open.append(element)
            if open.count == leafTarget {
                leaves.append(Node(height: 0, elements: open, children: []))
                open = []
            }
        }

        /// The tree of the elements appended, in order.
        ///
        /// - Complexity: O(n / leafCapacity).
        consuming func finish() -> BTree {
            if !open.isEmpty {
                if open.count >= leafCapacity / 2 || leaves.isEmpty {
                    leaves.append(Node(height: 0, elements: open, children: []))
                } else {
                    // Too few for a leaf of their own: shared evenly with the last leaf.
                    let last = leaves.removeLast()
                    var all = last.elements
                    all.append(contentsOf: open)
                    if all.count <= leafCapacity {
                        leaves.append(Node(height: 0, elements: all, children: []))
                    } else {
                        let half = all.count / 2
                        leaves.append(Node(height: 0, elements: ContiguousArray(all[..<half]), children: []))
                        leaves.append(Node(height: 0, elements: ContiguousArray(all[half...]), children: []))
                    }
                }
                open = []
            }
            return BTree(
                root: leaves.isEmpty ? nil : BTree.root(over: leaves, innerCapacity: innerCapacity), leafCapacity: leafCapacity,
                innerCapacity: innerCapacity)
        }
    }

    /// Splits `count` items into ranges of equal size, each about three quarters
    /// of `capacity` and at least half of it (unless there is only one).
    private static func chunks(_ count: Int, capacity: Int) -> [Range<Int>] {
        let target = Swift.max(capacity * 3 / 4, 1)
        // About three quarters full, but never less than half: at most
        // count / (capacity / 2) pieces.
        let pieces = Swift.max(1, Swift.min((count + target - 1) / target, count / Swift.max(capacity / 2, 1)))
        return (0..<pieces).map { ($0 * count / pieces)..<(($0 + 1) * count / pieces) }
    }
}
