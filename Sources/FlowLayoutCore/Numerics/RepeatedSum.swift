/// A running sum that adds the same two numbers again and again, every addition
/// rounded to nearest: `x₀ = start`, `xⱼ₊₁ = (xⱼ + a) + b`, with `a`, `b` and
/// `start` finite and not negative. Answered in closed form, exactly as the loop
/// would compute it, in time logarithmic in the values rather than linear in `n`.
///
/// This is how the engine keeps lines of equal items cheap however many items a
/// line holds (`flow-layout.md` 2.1 puts no cap on them): the fit count of a line
/// (`running + spacing + width` while it stays within the line), the sum of its
/// widths, and the position of its `i`-th item (`x + width + gap`) are all such sums.
///
/// Why a closed form exists: between two powers of two every `Double` is a whole
/// multiple `m·u` of one unit `u`. While `x` stays there, `x + a` rounds to
/// `(m + round(a/u))·u`, where the rounding depends on `m` only through its parity
/// (ties go to even); so one step adds an amount that depends only on the parity
/// of `m`. After at most one step the parities settle into a cycle of length one or
/// two, and from then on every two steps add the same even number of units `D`:
/// the values are `x + i·D` until they reach the next power of two. The sum is
/// then advanced interval by interval, a few plain steps at each boundary.
struct RepeatedSum: Hashable, Sendable {
    /// The first number added at each step.
    let a: Double
    /// The second number added at each step.
    let b: Double

    /// Creates the sum of steps adding `a` then `b`; both must be finite and not negative.
    init(adding a: Double, then b: Double) {
        precondition(a >= 0 && b >= 0 && a.isFinite && b.isFinite, "repeated sums add finite non-negative numbers")
        self.a = a
        self.b = b
    }

    /// One step, exactly as the loop computes it.
    @inline(__always)
    func step(_ x: Double) -> Double { (x + a) + b }

    /// `xₙ` given `x₀ = start`.
    ///
    /// - Complexity: O(1) for small `n`, else O(binades crossed).
    func value(from start: Double, after n: Int) -> Double {
        precondition(n >= 0 && start >= 0 && start.isFinite, "invalid repeated sum")
        var x = start
        var remaining = n
        while remaining > 0 {
            if remaining < 8 {
                for _ in 0..<remaining { x = step(x) }
                return x
            }
            let jump = leap(from: x, budget: remaining, ceiling: .infinity)
            if jump.steps == 0 {
                x = step(x)
                remaining -= 1
            } else {
                x = jump.value
                remaining -= jump.steps
            }
        }
        return x
    }

    /// The largest `j <= maximum` such that `xⱼ <= limit`, given `x₀ = start <= limit`,
    /// and that `xⱼ`. The sequence never decreases, so every earlier value is
    /// within the limit too.
    ///
    /// - Complexity: O(1) when the answer is small, else O(binades crossed).
    func steps(from start: Double, whileAtMost limit: Double, maximum: Int) -> (count: Int, value: Double) {
        precondition(start >= 0 && start.isFinite && start <= limit && maximum >= 0, "invalid repeated sum")
        var x = start
        var taken = 0
        // Most sums pass the limit within a few steps: take those plainly.
        while taken < Swift.min(maximum, 8) {
            let next = step(x)
            if !(next <= limit) { return (taken, x) }
            x = next
            taken += 1
        }
        while taken < maximum {
            let jump = leap(from: x, budget: maximum - taken, ceiling: limit)
            if jump.steps > 0 {
                x = jump.value
                taken += jump.steps
                continue
            }
            let next = step(x)
            if !(next <= limit) { return (taken, x) }
            x = next
            taken += 1
        }
        return (taken, x)
    }

    /// As many steps from `x` as the closed form of `x`'s binade allows, at most
    /// `budget`, never past `ceiling`: the value reached and the steps taken (0
    /// when no leap is possible; the caller then takes one plain step).
    private func leap(from x: Double, budget: Int, ceiling: Double) -> (value: Double, steps: Int) {
        guard budget >= 3 else { return (x, 0) }
        // The binade [bottom, top) where every Double is a multiple of `unit`; the
        // subnormals and the lowest normal binade share the smallest unit.
        let unit = x.ulp
        let top = x < 0x1p-1021 ? 0x1p-1021 : Double(sign: .plus, exponent: x.exponent + 1, significand: 1)
        // One step settles the parity cycle; two more measure the increment D.
        let settled = step(x)
        guard settled < top, settled <= ceiling else { return (x, 0) }
        let measured = step(step(settled))
        guard measured < top, measured <= ceiling else { return (settled, 1) }
        let increment = measured - settled  // exact: both lie in the binade
        if increment == 0 {
            // A fixed point: (x + a) + b rounds back to x from here on.
            return (settled, budget)
        }
        // In units: settled = m·u, and two steps add d units while the values stay
        // below the binade's top (2⁵³ units) and within the ceiling.
        let m = Int64(settled / unit)
        let d = Int64(increment / unit)
        var last = Int64(1) << 53 - 1
        if ceiling < top { last = Swift.min(last, Int64(ceiling / unit)) }
        // Two steps from `settled` reached `measured`; `pairs` such double steps
        // from `settled` stay in the binade and within the ceiling and budget.
        let pairs = Swift.min((last - m) / d, Int64((budget - 1) / 2))
        let value = Double(m + pairs * d) * unit
        return (value, 1 + 2 * Int(pairs))
    }
}
