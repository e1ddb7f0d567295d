/// A `remaining` extent that loses the same amount again and again, every
/// subtraction rounded to nearest: `r₀ = start`, `rⱼ₊₁ = rⱼ − c`, with `c`
/// finite and not negative. This is UIKit's line filling (`flow-layout.md` 2.1):
/// an item of width `w` joins a line while `w ≤ remaining`, and then
/// `remaining ← remaining − (spacing + w)`; for a stretch of equal items `c` is
/// the one double `spacing + w`. Answered in closed form, exactly as the loop
/// would compute it, in time logarithmic in the values rather than linear in
/// the number of items.
///
/// The closed form is ``RepeatedSum``'s, mirrored: between two powers of two
/// every `Double` is a whole multiple `m·u` of one unit `u`, and `m·u − c`
/// rounds to `(m − k)·u` where `k` depends on `m` only through its parity; so
/// after one settling step every two steps remove the same number of units,
/// until the values leave the binade, where a few plain steps cross into the
/// next one down.
struct RepeatedDifference: Hashable, Sendable {
    /// The amount removed at each step.
    let c: Double

    /// Creates the sequence of steps removing `c`, which must be finite and not negative.
    init(removing c: Double) {
        precondition(c >= 0 && c.isFinite, "repeated differences remove a finite non-negative amount")
        self.c = c
    }

    /// One step, exactly as the loop computes it.
    @inline(__always)
    func step(_ r: Double) -> Double { r - c }

    /// `rₙ` given `r₀ = start`, where every value but the last is at least 0
    /// (a line's `remaining` after each of its items).
    ///
    /// - Complexity: O(1) for small `n`, else O(binades crossed).
    func value(from start: Double, after n: Int) -> Double {
        var r = start
        var left = n
        while left > 0 {
            if step(r) == r { return r }  // a fixed point: c is below half a unit of r
            if left >= 8 && r > 0 {
                let jump = leap(from: r, budget: left, floor: 0)
                if jump.steps > 0 {
                    r = jump.value
                    left -= jump.steps
                    continue
                }
            }
            r = step(r)
            left -= 1
        }
        return r
    }

    /// The number of steps `j ≤ maximum` such that `r₀, …, rⱼ₋₁` are all at least
    /// `floor` (the items that join a line whose `remaining` is `start`, each
    /// `floor` wide), and `rⱼ`, the `remaining` after them.
    ///
    /// - Complexity: O(1) when the answer is small, else O(binades crossed).
    func steps(from start: Double, whileAtLeast floor: Double, maximum: Int) -> (count: Int, value: Double) {
        var r = start
        var taken = 0
        // Most lines end within a few items: take those plainly.
        while taken < Swift.min(maximum, 8) {
            guard floor <= r else { return (taken, r) }
            let next = step(r)
            if next == r { return (maximum, r) }  // a fixed point within the floor: every step fits
            r = next
            taken += 1
        }
        while taken < maximum {
            guard floor <= r else { return (taken, r) }
            let jump = leap(from: r, budget: maximum - taken, floor: floor)
            if jump.steps > 0 {
                r = jump.value
                taken += jump.steps
                continue
            }
            r = step(r)
            taken += 1
        }
        return (taken, r)
    }

    /// As many steps from `r` (`r ≥ floor ≥ 0`) as the closed form of `r`'s
    /// binade allows, at most `budget`, every value reached (before the last
    /// step's) staying at least `floor`: the value reached and the steps taken
    /// (0 when no leap is possible; the caller then takes one plain step).
    private func leap(from r: Double, budget: Int, floor: Double) -> (value: Double, steps: Int) {
        guard budget >= 3 else { return (r, 0) }
        let settled = step(r)
        if settled == r { return (r, budget) }  // a fixed point: c is below half a unit (or 0)
        guard r > 0 else { return (r, 0) }
        // The binade [bottom, top) where every Double is a multiple of `unit`; the
        // subnormals and the lowest normal binade share the smallest unit.
        let unit = r.ulp
        let bottom = r < 0x1p-1021 ? 0 : Double(sign: .plus, exponent: r.exponent, significand: 1)
        // Every value the leap claims, and the exact result of every step
        // towards it, stays on this binade's grid: well above its bottom.
        let low = Swift.max(floor, bottom + 2 * c + 2 * unit)
        guard settled >= low else { return (r, 0) }
        let measured = step(step(settled))
        guard measured >= low else { return (settled, 1) }
        let decrement = settled - measured  // exact: both lie in the binade
        if decrement == 0 { return (settled, budget) }
        let m = Int64(settled / unit)
        let d = Int64(decrement / unit)
        let lowest = Int64((low / unit).rounded(.up))
        // Each double step removes d units; `pairs` of them from `settled` stay at
        // or above `low`, within the budget (the leap's last value is then still
        // at least `floor`, so the caller may go on from it).
        let pairs = Swift.min((m - lowest) / d, Int64((budget - 1) / 2))
        guard pairs > 0 else { return (settled, 1) }
        return (Double(m - pairs * d) * unit, 1 + 2 * Int(pairs))
    }
}
