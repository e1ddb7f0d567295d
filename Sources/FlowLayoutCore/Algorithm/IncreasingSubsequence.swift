/// The heaviest increasing subsequence (`flow-layout.md` 11.3): among elements
/// in their new order, each with its distinct old position and a weight (a
/// stretch of items unchanged in order weighs its length), the set whose old
/// positions increase and whose weights sum to the most. Those stay in place;
/// the others move, so the batch has the fewest moves.
///
/// A stretch taken whole is never worse than a part of it: no other element's
/// old position falls inside a stretch's, so any chain through part of a
/// stretch can take all of it. The weighted problem over stretches is therefore
/// the unweighted one over items.
///
/// - Complexity: O(m log m) for m elements (a Fenwick tree of running maxima).
enum IncreasingSubsequence {
    /// Whether each element (old positions `keys`, distinct, in new order;
    /// `weights` positive) is in the heaviest increasing subsequence. Ties: the
    /// first found.
    static func heaviest(keys: [Int], weights: [Int]) -> [Bool] {
        let m = keys.count
        guard m > 0 else { return [] }
        // Already increasing (items only inserted or deleted): all of them.
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return [Bool](repeating: true, count: m) }
        // Ranks of the keys, 1-based for the tree.
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var rank = [Int](repeating: 0, count: m)
        for (r, e) in order.enumerated() { rank[e] = r + 1 }
        // tree[i]: the best (total, element) over a range of ranks ending at i.
        var bestTotal = [Int](repeating: 0, count: m + 1)
        var bestElement = [Int](repeating: -1, count: m + 1)
        var total = [Int](repeating: 0, count: m)
        var previous = [Int](repeating: -1, count: m)
        for e in 0..<m {
            // The best chain ending below this rank.
            var i = rank[e] - 1
            var best = 0
            var bestAt = -1
            while i > 0 {
                if bestTotal[i] > best {
                    best = bestTotal[i]
                    bestAt = bestElement[i]
                }
                i -= i & -i
            }
            total[e] = best + weights[e]
            previous[e] = bestAt
            i = rank[e]
            while i <= m {
                if total[e] > bestTotal[i] {
                    bestTotal[i] = total[e]
                    bestElement[i] = e
                }
                i += i & -i
            }
        }
        var last = 0
        for e in 1..<m where total[e] > total[last] { last = e }
        var chosen = [Bool](repeating: false, count: m)
        var e = last
        while e >= 0 {
            chosen[e] = true
            e = previous[e]
        }
        return chosen
    }
}
