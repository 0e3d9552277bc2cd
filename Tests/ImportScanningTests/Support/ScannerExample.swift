/// A row of the scanner's example table: a marked source and the imports it must yield, in
/// order. Positive examples are re-run wrapped in a comment and in a string (where they must
/// yield nothing) and behind a multi-byte prefix (where only the lines shift).
struct ScannerExample: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: [String]
    /// False for sources that cannot sit inside a block comment, such as one that holds `*/` in a
    /// string: the compiler would end the comment there too.
    var commentWrappable = true

    init(_ name: String, _ source: String, _ expected: [String], commentWrappable: Bool = true) {
        self.name = name
        self.source = source
        self.expected = expected
        self.commentWrappable = commentWrappable
    }

    var testDescription: String { name }
}

import Testing
