import Testing
@testable import Reporting

/// The lines two texts share: a longest common subsequence whenever the change is within the
/// bound, and a correct common subsequence always.
@Suite(.tags(.small)) struct LineMatchingTests {
    /// Every list of up to `length` lines drawn from `alphabet` lines.
    static func allTexts(alphabet: Int, length: Int) -> [[Int]] {
        var texts: [[Int]] = [[]]
        var last: [[Int]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { text in (0..<alphabet).map { text + [$0] } }
            texts += last
        }
        return texts
    }

    /// The length of a longest common subsequence, by the textbook table.
    static func longestCommonLength(_ old: [Int], _ new: [Int]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    static func isCommonSubsequence(_ matches: [(old: Int, new: Int)], _ old: [Int], _ new: [Int]) -> Bool {
        var previous = (old: -1, new: -1)
        for match in matches {
            guard match.old > previous.old, match.new > previous.new, match.old < old.count, match.new < new.count,
                  old[match.old] == new[match.new] else { return false }
            previous = match
        }
        return true
    }

    @Test func everyPairOfShortTextsGetsALongestCommonSubsequence() {
        let olds = Self.allTexts(alphabet: 3, length: 5), news = Self.allTexts(alphabet: 3, length: 4)
        var checked = 0
        var wrong: [String] = []
        for old in olds {
            for new in news {
                let matches = LineMatching.matches(old, new)
                if !Self.isCommonSubsequence(matches, old, new) || matches.count != Self.longestCommonLength(old, new) {
                    wrong.append("\(old) → \(new): \(matches)")
                }
                checked += 1
            }
        }
        #expect(checked == 364 * 121)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Past the bound the texts are cut at unique lines and stretches are replaced: the diff
    /// is longer than it could be, never wrong.
    @Test func pastTheBoundTheMatchesStayACommonSubsequence() {
        let texts = Self.allTexts(alphabet: 3, length: 4)
        var wrong: [String] = []
        for old in texts {
            for new in texts {
                let matches = LineMatching.matches(old, new, editBound: 1)
                if !Self.isCommonSubsequence(matches, old, new) { wrong.append("\(old) → \(new): \(matches)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Lines that occur once each, in order, are kept even when the change is past the bound:
    /// a rewritten file that kept its unique lines shows as the lines between them.
    @Test func uniqueLinesAnchorAChangePastTheBound() {
        // Ten unique lines, each followed by a line that changes (0 ↔ 1, never unique).
        let old = (0..<10).flatMap { [100 + $0, 0, 0] }
        let new = (0..<10).flatMap { [100 + $0, 1, 1] }
        let matches = LineMatching.matches(old, new, editBound: 4)
        #expect(matches.map(\.old) == (0..<10).map { $0 * 3 })
        #expect(matches.map(\.new) == (0..<10).map { $0 * 3 })
    }
}
