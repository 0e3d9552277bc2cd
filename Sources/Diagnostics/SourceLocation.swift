/// Where a diagnostic points: a path relative to the package (or as given on the command line),
/// and a 1-based line and UTF-8 column when the finding has one.
package struct SourceLocation: Sendable, Hashable {
    package var path: String
    package var line: Int?
    package var column: Int?

    package init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }
}
