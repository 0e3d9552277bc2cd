/// A problem the scanner found in a source file. The scanner never throws: malformed input is
/// described by issues and scanning goes on where the compiler would go on.
package struct ScanIssue: Sendable, Hashable {
    package enum Severity: String, Sendable, Hashable {
        case warning, error
    }

    /// Stable, kebab-case identifiers: tests, suppressions and JSON consumers key on them.
    package enum Code: String, Sendable, Hashable, CaseIterable {
        case binaryFile = "binary-file"
        case nulByte = "nul-byte"
        case invalidUTF8 = "invalid-utf8"
        case unterminatedString = "unterminated-string"
        case unterminatedComment = "unterminated-comment"
        case unterminatedRegex = "unterminated-regex"
        case unterminatedConditional = "unterminated-conditional"
        case unbalancedDirective = "unbalanced-directive"
        case conditionTooDeep = "condition-too-deep"
        case rejectedCondition = "rejected-condition"
        case malformedImport = "malformed-import"
        case importNotAtFileScope = "import-not-at-file-scope"
    }

    package var code: Code
    package var severity: Severity
    package var message: String
    package var position: SourcePosition

    package init(code: Code, severity: Severity, message: String, position: SourcePosition) {
        self.code = code
        self.severity = severity
        self.message = message
        self.position = position
    }
}
