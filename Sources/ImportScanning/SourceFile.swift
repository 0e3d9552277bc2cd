/// One scanned source file of a target.
package struct SourceFile: Sendable {
    /// Relative to the loaded folder.
    package var path: String
    package var imports: [ImportDeclaration]
    /// The text of each line that holds an import, by line number, for messages and baselines.
    package var lineTexts: [Int: String]
    /// Its `// bulkhead:` comments.
    package var directives: [CommentDirective]

    package init(path: String, imports: [ImportDeclaration], lineTexts: [Int: String] = [:], directives: [CommentDirective] = []) {
        self.path = path
        self.imports = imports
        self.lineTexts = lineTexts
        self.directives = directives
    }
}
