/// What a ``BTree`` sums over its elements: a monoid (`zero` and an associative `+`).
protocol TreeSummary: Equatable, Sendable {
    /// The summary of nothing.
    static var zero: Self { get }
    /// The summary of two runs of elements, one after the other.
    static func + (lhs: Self, rhs: Self) -> Self
    /// `whole` less `last`, one of the summaries summed into it, when that is
    /// exact (`nil` when the summary cannot say, the default): what lets a
    /// search that ends in a node's last child skip summing the others, and a
    /// write adjust the sums above it instead of summing every sibling again.
    static func difference(_ whole: Self, less last: Self) -> Self?
}

extension TreeSummary {
    /// No difference: searches sum from the first child.
    static func difference(_ whole: Self, less last: Self) -> Self? { nil }
}

/// An element a ``BTree`` holds: it knows its own summary.
protocol TreeElement: Sendable {
    associatedtype Summary: TreeSummary
    /// The element's contribution to every sum over it.
    var summary: Summary { get }
}

/// Which element a search by a metric stops at.
enum TreeSearchRule: Sendable {
    /// The first element whose end (the metric of everything up to and including
    /// it) exceeds the target: the element holding position `target` of a count.
    case containing
    /// The first element whose end reaches the target (is at least it): the
    /// first element of an extent that meets an offset. Zero-size elements at the
    /// target count as reaching it.
    case reaching
}

/// A persistent B-tree of elements, counted and summarised: the storage of every
/// sequence the engine must change in the middle (sections; the runs of items of
/// one section). Modelled on the counted trees of swift-collections' `Rope`.
///
/// - Every node caches its element count and the sum of its elements' summaries,
///   so the element at an ordinal position, the sums before it, and the element
///   where any metric of the summary reaches a target are found in O(log n) by
///   one search (``find(_:in:rule:)``), whatever the metric measures.
/// - Inserting or removing an element touches one root-to-leaf path: O(log n),
///   never a shift of everything after it.
/// - Nodes are shared between copies and copied on the first write (copy on
///   write along the path written), so copying a tree is O(1).
/// - A write updates the sums on its path by the difference it made when the
///   summary subtracts exactly (``TreeSummary/difference(_:less:)``), and
///   otherwise recomputes them from the children; either way they equal a
///   recomputation from the current elements (``checkStructure()``).
struct BTree<Element: TreeElement>: Sendable {
    typealias Summary = Element.Summary

    /// A node: a leaf holds elements, an inner node holds children of equal height.
    final class Node: @unchecked Sendable {
        // Safe to share: a node reachable from two trees is never written; every
        // write first copies the nodes on its path that are not uniquely referenced.
        // No dynamic exclusivity checks: every access is a short read or a write
        // through the one path being modified (checked, they cost about 75
        // instructions each, some 200 per batch and 40 per rect query).
        @exclusivity(unchecked) var height: Int
        @exclusivity(unchecked) var count: Int
        @exclusivity(unchecked) var summary: Summary
        @exclusivity(unchecked) var elements: ContiguousArray<Element>
        @exclusivity(unchecked) var children: ContiguousArray<Node>

        init(height: Int, elements: ContiguousArray<Element>, children: ContiguousArray<Node>) {
            self.height = height
            self.elements = elements
            self.children = children
            self.count = 0
            self.summary = .zero
            recompute()
        }

        var isLeaf: Bool { height == 0 }
        /// Elements of a leaf, children of an inner node.
        var width: Int { isLeaf ? elements.count : children.count }

        func copy() -> Node { Node(height: height, elements: elements, children: children) }

        /// Recomputes `count` and `summary` from the node's own elements or children.
        func recompute() {
            var sum = Summary.zero
            if isLeaf {
                for element in elements { sum = sum + element.summary }
                count = elements.count
            } else {
                var total = 0
                for child in children {
                    sum = sum + child.summary
                    total += child.count
                }
                count = total
            }
            summary = sum
        }

        /// The child of an inner node that holds ordinal `position`, and the
        /// position within it.
        @inline(__always)
        func child(holding position: Int) -> (index: Int, position: Int) {
            // In the last child (a write at the end, as a chat appends): no scan.
            let last = children.count - 1
            let lastStart = count - children[last].count
            if position >= lastStart { return (last, position - lastStart) }
            var p = position
            var i = 0
            while p >= children[i].count {
                p -= children[i].count
                i += 1
            }
            return (i, p)
        }

        /// Updates `count` and `summary` after a write below changed one
        /// part of them: `old` taken out, `new` put in, `added` elements more.
        /// By difference when the summary subtracts exactly (the same value a
        /// recomputation gives: the sums are exact), else recomputed.
        @inline(__always)
        func adjust(removing old: Summary, adding new: Summary, counting added: Int) {
            if let rest = Summary.difference(summary, less: old) {
                summary = rest + new
                count += added
            } else {
                recompute()
            }
        }
    }

    /// The most elements a leaf holds, and the most children an inner node holds.
    let leafCapacity: Int
    let innerCapacity: Int
    private(set) var root: Node?

    /// Creates an empty tree whose leaves hold up to `leafCapacity` elements.
    init(leafCapacity: Int = 32, innerCapacity: Int = 16) {
        precondition(leafCapacity >= 4 && innerCapacity >= 4, "capacities too small")
        self.leafCapacity = leafCapacity
        self.innerCapacity = innerCapacity
    }

    /// Creates a tree over `root`, built whole (`BTree+Building.swift`).
    init(root: Node?, leafCapacity: Int, innerCapacity: Int) {
        self.init(leafCapacity: leafCapacity, innerCapacity: innerCapacity)
        self.root = root
    }

    /// The number of elements.
    var count: Int { root?.count ?? 0 }
    /// The sum of every element's summary.
    var summary: Summary { root?.summary ?? .zero }
    /// Whether the tree holds no element.
    var isEmpty: Bool { root == nil }

    // MARK: Reading

    /// The element at ordinal `position`.
    ///
    /// - Complexity: O(log n).
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "position out of range")
        var node = root!
        var p = position
        while !node.isLeaf {
            let child = node.child(holding: p)
            p = child.position
            node = node.children[child.index]
        }
        return node.elements[p]
    }

    /// The sum of the summaries of the elements before ordinal `position`
    /// (`position` may equal ``count``).
    ///
    /// - Complexity: O(log n · node width).
    func prefix(before position: Int) -> Summary {
        precondition(position >= 0 && position <= count, "position out of range")
        guard var node = root, position < node.count else { return summary }
        var p = position
        var sum = Summary.zero
        while !node.isLeaf {
            var i = 0
            while p >= node.children[i].count {
                p -= node.children[i].count
                sum = sum + node.children[i].summary
                i += 1
            }
            node = node.children[i]
        }
        for element in node.elements[..<p] { sum = sum + element.summary }
        return sum
    }

    /// The one search: the first element at which `metric`, summed from the start
    /// through the element, passes `target` under `rule`; its ordinal position,
    /// the summary of everything before it, and the element. Returns
    /// `(count, summary, nil)` when no element does. `metric` must not decrease
    /// as elements are added (counts and extents do not).
    ///
    /// - Complexity: O(log n · node width).
    func find<Value: Comparable>(
        _ target: Value, in metric: (Summary) -> Value, rule: TreeSearchRule
    ) -> (position: Int, before: Summary, element: Element?) {
        @inline(__always) func passes(_ end: Value) -> Bool {
            switch rule {
            case .containing: end > target
            case .reaching: end >= target
            }
        }
        guard var node = root, passes(metric(node.summary)) else { return (count, summary, nil) }
        var position = 0
        var before = Summary.zero
        while !node.isLeaf {
            var i = 0
            let last = node.children.count - 1
            if last > 0, let lastBefore = Summary.difference(before + node.summary, less: node.children[last].summary),
                !passes(metric(lastBefore))
            {
                // In the last child (a search at the end, as at a chat's
                // bottom): the others are passed over without a scan.
                before = lastBefore
                position += node.count - node.children[last].count
                i = last
            }
            while i < last {
                let end = before + node.children[i].summary
                if passes(metric(end)) { break }
                before = end
                position += node.children[i].count
                i += 1
            }
            node = node.children[i]
        }
        let last = node.elements.count - 1
        if last > 0, let lastBefore = Summary.difference(before + node.summary, less: node.elements[last].summary),
            !passes(metric(lastBefore))
        {
            return (position + last, lastBefore, node.elements[last])
        }
        for index in node.elements.indices {
            let end = before + node.elements[index].summary
            if passes(metric(end)) || index == node.elements.count - 1 {
                return (position + index, before, node.elements[index])
            }
            before = end
        }
        preconditionFailure("a leaf is never empty")
    }

    /// Calls `body` with every element from ordinal `position` on, in order, and
    /// the summary of everything before it, until `body` returns `false`.
    ///
    /// - Complexity: O(log n) to start, O(1) amortized per element visited.
    func forEach(from position: Int, before: Summary? = nil, _ body: (Element, Summary) -> Bool) {
        guard let root, position < root.count else { return }
        var sum = before ?? prefix(before: position)
        _ = Self.visit(root, skipping: position, sum: &sum, body)
    }

    private static func visit(_ node: Node, skipping: Int, sum: inout Summary, _ body: (Element, Summary) -> Bool) -> Bool {
        if node.isLeaf {
            for index in skipping..<node.elements.count {
                if !body(node.elements[index], sum) { return false }
                sum = sum + node.elements[index].summary
            }
            return true
        }
        var skip = skipping
        for child in node.children {
            if skip >= child.count {
                skip -= child.count
                continue
            }
            if !visit(child, skipping: skip, sum: &sum, body) { return false }
            skip = 0
        }
        return true
    }

    // MARK: Writing

    /// Runs `body` on the element at `position` and updates the sums above it.
    ///
    /// - Complexity: O(log n · node width).
    @discardableResult
    mutating func modify<Result>(at position: Int, _ body: (inout Element) -> Result) -> Result {
        precondition(position >= 0 && position < count, "position out of range")
        Self.makeUnique(&root!)
        return Self.modify(root!, at: position, body)
    }

    private static func modify<Result>(_ node: Node, at position: Int, _ body: (inout Element) -> Result) -> Result {
        if node.isLeaf {
            let old = node.elements[position].summary
            let result = body(&node.elements[position])
            node.adjust(removing: old, adding: node.elements[position].summary, counting: 0)
            return result
        }
        let (i, p) = node.child(holding: position)
        makeUnique(&node.children[i])
        let old = node.children[i].summary
        let result = modify(node.children[i], at: p, body)
        node.adjust(removing: old, adding: node.children[i].summary, counting: 0)
        return result
    }

    /// Inserts `element` at ordinal `position` (`0...count`).
    ///
    /// - Complexity: O(log n · node width).
    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "position out of range")
        guard root != nil else {
            root = Node(height: 0, elements: [element], children: [])
            return
        }
        Self.makeUnique(&root!)
        if let sibling = insert(element, at: position, into: root!) {
            root = Node(height: root!.height + 1, elements: [], children: [root!, sibling])
        }
    }

    /// Inserts into `node`; returns a new right sibling when `node` had to split.
    private func insert(_ element: Element, at position: Int, into node: Node) -> Node? {
        if node.isLeaf {
            node.elements.insert(element, at: position)
            node.adjust(removing: .zero, adding: element.summary, counting: 1)
        } else {
            var p = position
            var i = 0
            while i < node.children.count - 1 && p > node.children[i].count {
                p -= node.children[i].count
                i += 1
            }
            Self.makeUnique(&node.children[i])
            let old = node.children[i].summary
            if let sibling = insert(element, at: p, into: node.children[i]) {
                node.children.insert(sibling, at: i + 1)
                node.recompute()
            } else {
                node.adjust(removing: old, adding: node.children[i].summary, counting: 1)
            }
        }
        let capacity = node.isLeaf ? leafCapacity : innerCapacity
        guard node.width > capacity else { return nil }
        let half = node.width / 2
        let sibling: Node
        if node.isLeaf {
            sibling = Node(height: 0, elements: ContiguousArray(node.elements[half...]), children: [])
            node.elements.removeSubrange(half...)
        } else {
            sibling = Node(height: node.height, elements: [], children: ContiguousArray(node.children[half...]))
            node.children.removeSubrange(half...)
        }
        node.recompute()
        return sibling
    }

    /// Removes and returns the element at ordinal `position`.
    ///
    /// - Complexity: O(log n · node width).
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "position out of range")
        Self.makeUnique(&root!)
        let element = remove(at: position, from: root!)
        if root!.isLeaf {
            if root!.elements.isEmpty { root = nil }
        } else if root!.children.count == 1 {
            root = root!.children[0]
        }
        return element
    }

    private func remove(at position: Int, from node: Node) -> Element {
        if node.isLeaf {
            let element = node.elements.remove(at: position)
            node.adjust(removing: element.summary, adding: .zero, counting: -1)
            return element
        }
        let (i, p) = node.child(holding: position)
        Self.makeUnique(&node.children[i])
        let old = node.children[i].summary
        let element = remove(at: p, from: node.children[i])
        let capacity = node.children[i].isLeaf ? leafCapacity : innerCapacity
        if node.children[i].width < capacity / 2 && node.children.count > 1 {
            rebalance(node, around: i)
            node.recompute()
        } else {
            node.adjust(removing: old, adding: node.children[i].summary, counting: -1)
        }
        return element
    }

    /// Merges child `i` of `node` with a neighbour, or moves children or elements
    /// between them, so that neither is less than half full.
    private func rebalance(_ node: Node, around i: Int) {
        let left = i > 0 ? i - 1 : i
        let right = left + 1
        Self.makeUnique(&node.children[left])
        Self.makeUnique(&node.children[right])
        let a = node.children[left]
        let b = node.children[right]
        let capacity = a.isLeaf ? leafCapacity : innerCapacity
        if a.width + b.width <= capacity {
            a.elements.append(contentsOf: b.elements)
            a.children.append(contentsOf: b.children)
            a.recompute()
            node.children.remove(at: right)
            return
        }
        let total = a.width + b.width
        let keep = total / 2
        if a.isLeaf {
            var all = a.elements
            all.append(contentsOf: b.elements)
            a.elements = ContiguousArray(all[..<keep])
            b.elements = ContiguousArray(all[keep...])
        } else {
            var all = a.children
            all.append(contentsOf: b.children)
            a.children = ContiguousArray(all[..<keep])
            b.children = ContiguousArray(all[keep...])
        }
        a.recompute()
        b.recompute()
    }

    /// Replaces the elements at ordinal positions `range` with `replacement`.
    ///
    /// - Complexity: O((range.count + replacement.count) · log n · node width).
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with replacement: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of range")
        // A few elements of one leaf (what a re-break replaces): one descent.
        if root != nil, !(range.isEmpty && replacement.isEmpty) {
            Self.makeUnique(&root!)
            if replaceInLeaf(root!, range, with: replacement, isRoot: true) != nil { return }
        }
        var shared = Swift.min(range.count, replacement.count)
        var index = replacement.startIndex
        var position = range.lowerBound
        while shared > 0 {
            let element = replacement[index]
            modify(at: position) { $0 = element }
            replacement.formIndex(after: &index)
            position += 1
            shared -= 1
        }
        var surplus = range.count - (position - range.lowerBound)
        while surplus > 0 {
            remove(at: position)
            surplus -= 1
        }
        while index != replacement.endIndex {
            insert(replacement[index], at: position)
            replacement.formIndex(after: &index)
            position += 1
        }
    }

    /// Replaces the elements at `range` (positions within `node`) with
    /// `replacement` when they lie in one leaf that the replacement leaves
    /// at least half full (or that is the root) and not over full, and updates
    /// the sums on the way back up; returns the summaries taken out and put
    /// in, or `nil`, the tree unchanged (but for nodes made unique), when
    /// they do not.
    private func replaceInLeaf<C: Collection>(
        _ node: Node, _ range: Range<Int>, with replacement: C, isRoot: Bool
    ) -> (removed: Summary, added: Summary)? where C.Element == Element {
        if node.isLeaf {
            let newCount = node.elements.count - range.count + replacement.count
            guard newCount > 0, newCount <= leafCapacity, isRoot || newCount >= leafCapacity / 2 else { return nil }
            var removed = Summary.zero
            for index in range { removed = removed + node.elements[index].summary }
            var added = Summary.zero
            for element in replacement { added = added + element.summary }
            if range.count == replacement.count {
                // As many elements as before: written where they are.
                var index = range.lowerBound
                for element in replacement {
                    node.elements[index] = element
                    index += 1
                }
            } else {
                node.elements.replaceSubrange(range, with: replacement)
            }
            node.adjust(removing: removed, adding: added, counting: replacement.count - range.count)
            return (removed, added)
        }
        // The child holding the range (an insertion at the end goes to the last child).
        var p = range.lowerBound
        var i = 0
        let last = node.children.count - 1
        while i < last && p >= node.children[i].count {
            p -= node.children[i].count
            i += 1
        }
        guard p + range.count <= node.children[i].count else { return nil }
        Self.makeUnique(&node.children[i])
        guard let sums = replaceInLeaf(node.children[i], p..<(p + range.count), with: replacement, isRoot: false) else {
            return nil
        }
        node.adjust(removing: sums.removed, adding: sums.added, counting: replacement.count - range.count)
        return sums
    }

    @inline(__always)
    private static func makeUnique(_ node: inout Node) {
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    }
}
