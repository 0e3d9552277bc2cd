/// "Did you mean …?": the candidate nearest to a mistyped word, when one is near enough. Used by
/// every message that names something the user typed: options, targets, configuration keys.
package enum Suggestion {
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        return candidates
            .map { (candidate: $0, distance: editDistance(word.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }?
            .candidate
    }

    /// Levenshtein distance over characters.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previousRow = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var currentRow = [row + 1]
            for (column, rightCharacter) in right.enumerated() {
                let substitution = previousRow[column] + (leftCharacter == rightCharacter ? 0 : 1)
                currentRow.append(min(substitution, previousRow[column + 1] + 1, currentRow[column] + 1))
            }
            previousRow = currentRow
        }
        return previousRow[right.count]
    }
}
