/// One scanned source file of a target.
package struct SourceFile: Sendable {
    /// Relative to the loaded folder.
    package var path: String
    package var imports: [ImportDeclaration]
    /// The text of each line that holds an import, an identifier use or a declaration, by line
    /// number, for messages and baselines.
    package var lineTexts: [Int: String]
    /// Its `// bulkhead:` comments.
    package var directives: [CommentDirective]
    /// Uses of configured identifier chains (only when a rule asked for them).
    package var identifiers: [IdentifierOccurrence]
    /// Its type declarations (only when a rule asked for them).
    package var declarations: [TypeDeclaration]

    package init(path: String, imports: [ImportDeclaration], lineTexts: [Int: String] = [:], directives: [CommentDirective] = [],
                 identifiers: [IdentifierOccurrence] = [], declarations: [TypeDeclaration] = []) {
        self.path = path
        self.imports = imports
        self.lineTexts = lineTexts
        self.directives = directives
        self.identifiers = identifiers
        self.declarations = declarations
    }
}
