/// Which lines of two texts stay the same: the pairs (old index, new index) of a common
/// subsequence, both indices increasing. The lines are numbered first (equal lines, equal
/// numbers), so no string is compared twice.
///
/// The shortest edit (Myers' O((N+M)·D) greedy search) is found whenever it needs at most
/// `editBound` edits: a fix changes a few lines of a file of thousands, so the common prefix and
/// suffix are taken first and the search runs over the changed middle. A text changed beyond the
/// bound is cut at the lines that occur once in each text and keep their order (the longest
/// increasing run of them, patience diff's anchors), and each stretch between two anchors is
/// searched with the same bound or, past it, shown as replaced. Time and memory stay within
/// (N+M)·`editBound` and `editBound`² however the texts differ; the diff is always a correct one,
/// the shortest when the change is small.
enum LineMatching {
    static let editBound = 1_000

    static func matches(_ old: [Int], _ new: [Int], editBound: Int = Self.editBound) -> [(old: Int, new: Int)] {
        var work = 0
        return matches(old, new, editBound: editBound, work: &work)
    }

    /// `matches`, adding to `work` each comparison of two lines and each diagonal the search
    /// visits: within (N+M)·(D+1) for a change of D edits, (N+M)·`editBound` past the bound.
    static func matches(_ old: [Int], _ new: [Int], editBound: Int = Self.editBound, work: inout Int) -> [(old: Int, new: Int)] {
        var result: [(old: Int, new: Int)] = []
        let (prefix, suffix) = commonEnds(old, 0..<old.count, new, 0..<new.count, work: &work)
        for index in 0..<prefix { result.append((index, index)) }
        let oldMiddle = prefix..<(old.count - suffix), newMiddle = prefix..<(new.count - suffix)
        if let shortest = shortestMatches(old, oldMiddle, new, newMiddle, bound: editBound, work: &work) {
            result += shortest
        } else {
            // Between anchors (and before the first, after the last), each stretch on its own.
            var oldStart = oldMiddle.lowerBound, newStart = newMiddle.lowerBound
            for anchor in anchors(old, oldMiddle, new, newMiddle, work: &work) + [(oldMiddle.upperBound, newMiddle.upperBound)] {
                result += stretchMatches(old, oldStart..<anchor.old, new, newStart..<anchor.new, bound: editBound, work: &work)
                if anchor.old < oldMiddle.upperBound { result.append(anchor) }
                oldStart = anchor.old + 1
                newStart = anchor.new + 1
            }
        }
        for index in 0..<suffix { result.append((old.count - suffix + index, new.count - suffix + index)) }
        return result
    }

    /// How many lines the two ranges share at their start, and then at their end.
    private static func commonEnds(_ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>, work: inout Int) -> (prefix: Int, suffix: Int) {
        var prefix = 0
        while prefix < oldRange.count, prefix < newRange.count, old[oldRange.lowerBound + prefix] == new[newRange.lowerBound + prefix] { prefix += 1 }
        var suffix = 0
        while suffix < oldRange.count - prefix, suffix < newRange.count - prefix,
              old[oldRange.upperBound - 1 - suffix] == new[newRange.upperBound - 1 - suffix] { suffix += 1 }
        work += prefix + suffix + 1
        return (prefix, suffix)
    }

    /// The matches of one stretch between anchors: its common ends, then the shortest edit of
    /// the rest within `bound`, or none (the rest replaced).
    private static func stretchMatches(_ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>, bound: Int, work: inout Int) -> [(old: Int, new: Int)] {
        let (prefix, suffix) = commonEnds(old, oldRange, new, newRange, work: &work)
        var result: [(old: Int, new: Int)] = (0..<prefix).map { (oldRange.lowerBound + $0, newRange.lowerBound + $0) }
        let oldMiddle = (oldRange.lowerBound + prefix)..<(oldRange.upperBound - suffix)
        let newMiddle = (newRange.lowerBound + prefix)..<(newRange.upperBound - suffix)
        result += shortestMatches(old, oldMiddle, new, newMiddle, bound: bound, work: &work) ?? []
        result += (0..<suffix).map { (oldRange.upperBound - suffix + $0, newRange.upperBound - suffix + $0) }
        return result
    }

    /// The matches of a shortest edit script between the two ranges (Myers 1986, the greedy
    /// forward search), or nil when it needs more than `bound` edits. Each round's furthest
    /// points are kept to walk the path back: memory grows with the square of the edits, which
    /// the bound caps.
    static func shortestMatches(_ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>, bound: Int, work: inout Int) -> [(old: Int, new: Int)]? {
        let n = oldRange.count, m = newRange.count
        if n == 0 || m == 0 { return [] }
        let most = min(n + m, bound)
        // Furthest x on diagonal k (x − y) is `furthest[offset + k]`.
        let offset = most + 1
        var furthest = [Int](repeating: 0, count: 2 * most + 3)
        // `rounds[d]` holds diagonals −d...d after round d.
        var rounds: [[Int]] = []
        for edits in 0...most {
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                // Down (an added line) from diagonal k+1, or right (a removed line) from k−1,
                // whichever reaches further.
                var x = diagonal == -edits || (diagonal != edits && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                    ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
                var y = x - diagonal
                let snakeStart = x
                while x < n, y < m, old[oldRange.lowerBound + x] == new[newRange.lowerBound + y] { x += 1; y += 1 }
                work += x - snakeStart + 1
                furthest[offset + diagonal] = x
                if x >= n, y >= m {
                    rounds.append(Array(furthest[(offset - edits)...(offset + edits)]))
                    return path(rounds, n: n, m: m).map { (oldRange.lowerBound + $0.old, newRange.lowerBound + $0.new) }
                }
            }
            rounds.append(Array(furthest[(offset - edits)...(offset + edits)]))
        }
        return nil
    }

    /// The matched pairs of the path the rounds found, from (0, 0) to (n, m), in order.
    private static func path(_ rounds: [[Int]], n: Int, m: Int) -> [(old: Int, new: Int)] {
        var matches: [(old: Int, new: Int)] = []
        var x = n, y = m
        for edits in stride(from: rounds.count - 1, to: 0, by: -1) {
            let previous = rounds[edits - 1]
            // Diagonal k of round d − 1 sits at `previous[k + d − 1]`.
            func at(_ diagonal: Int) -> Int { previous[diagonal + edits - 1] }
            let diagonal = x - y
            let down = diagonal == -edits || (diagonal != edits && at(diagonal - 1) < at(diagonal + 1))
            let from = down ? diagonal + 1 : diagonal - 1
            let fromX = at(from), fromY = fromX - from
            // The snake after the move, walked back to where the move ended.
            let snakeX = down ? fromX : fromX + 1, snakeY = down ? fromY + 1 : fromY
            while x > snakeX, y > snakeY { x -= 1; y -= 1; matches.append((x, y)) }
            x = fromX
            y = fromY
        }
        while x > 0, y > 0 { x -= 1; y -= 1; matches.append((x, y)) }
        return matches.reversed()
    }

    /// The lines that occur exactly once in each range, as (old, new) pairs, longest run of them
    /// whose new indices increase with the old (patience sorting, n log n).
    private static func anchors(_ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>, work: inout Int) -> [(old: Int, new: Int)] {
        work += oldRange.count + newRange.count
        var oldCount: [Int: Int] = [:], newCount: [Int: Int] = [:], newIndex: [Int: Int] = [:]
        for index in oldRange { oldCount[old[index], default: 0] += 1 }
        for index in newRange {
            newCount[new[index], default: 0] += 1
            newIndex[new[index]] = index
        }
        let candidates: [(old: Int, new: Int)] = oldRange.compactMap { index in
            let line = old[index]
            guard oldCount[line] == 1, newCount[line] == 1, let other = newIndex[line] else { return nil }
            return (index, other)
        }
        // `tails[l]`: the candidate ending the best run of length l + 1 seen so far.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: candidates.count)
        for (position, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[tails[middle]].new < candidate.new { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [(old: Int, new: Int)] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(candidates[position])
            position = previous[position]
        }
        return run.reversed()
    }
}
