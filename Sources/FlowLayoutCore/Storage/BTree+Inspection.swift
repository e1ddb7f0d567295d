/// What a ``BTree`` answers about itself rather than its elements: all its
/// elements, for tests; the heap it holds; and its own invariants.
extension BTree {
    /// Every element, in order: O(n), for tests and invariant checks.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEach(from: 0, before: .zero) { element, _ in
            result.append(element)
            return true
        }
        return result
    }

    /// Bytes of heap the nodes hold (capacities), not counting what elements own.
    var allocatedBytes: Int {
        guard let root else { return 0 }
        return Self.bytes(of: root)
    }

    private static func bytes(of node: Node) -> Int {
        // The object (header, height, count, summary, two array references) and
        // its two arrays' buffers (a 32-byte header each when allocated).
        var bytes = 16 + 16 + MemoryLayout<Summary>.stride + 16
        if node.isLeaf {
            bytes += 32 + node.elements.capacity * MemoryLayout<Element>.stride
        } else {
            bytes += 32 + node.children.capacity * 8
            for child in node.children { bytes += Self.bytes(of: child) }
        }
        return bytes
    }

    /// Checks the tree's own invariants: every node's count and summary equal a
    /// recomputation, heights agree, no node is empty, and no node but the root is
    /// less than half full or any node over capacity.
    func checkStructure() {
        guard let root else { return }
        Self.check(root, isRoot: true, leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    }

    private static func check(_ node: Node, isRoot: Bool, leafCapacity: Int, innerCapacity: Int) {
        let capacity = node.isLeaf ? leafCapacity : innerCapacity
        precondition(node.width > 0, "empty node")
        precondition(node.width <= capacity, "node over capacity")
        precondition(isRoot || node.width >= capacity / 2, "node less than half full")
        var sum = Summary.zero
        var total = 0
        if node.isLeaf {
            for element in node.elements { sum = sum + element.summary }
            total = node.elements.count
        } else {
            precondition(isRoot ? node.children.count >= 2 : true, "inner root with one child")
            for child in node.children {
                precondition(child.height == node.height - 1, "unequal heights")
                check(child, isRoot: false, leafCapacity: leafCapacity, innerCapacity: innerCapacity)
                sum = sum + child.summary
                total += child.count
            }
        }
        precondition(total == node.count, "node count differs from its contents")
        precondition(sum == node.summary, "node summary differs from its contents")
    }
}
