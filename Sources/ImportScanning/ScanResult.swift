/// Everything the scanner learned from one file.
package struct ScanResult: Sendable, Hashable {
    /// File-scope imports in source order, active or not.
    package var imports: [ImportDeclaration]
    /// Problems in source order.
    package var issues: [ScanIssue]
    /// `// bulkhead:` comments in source order, such as suppressions.
    package var directives: [CommentDirective]
    /// Uses of the identifier chains an inspecting scan was asked for, in source order.
    package var identifiers: [IdentifierOccurrence] = []
    /// Type declarations, when an inspecting scan was asked for them, in source order.
    package var declarations: [TypeDeclaration] = []

    package init(imports: [ImportDeclaration] = [], issues: [ScanIssue] = [], directives: [CommentDirective] = [],
                 identifiers: [IdentifierOccurrence] = [], declarations: [TypeDeclaration] = []) {
        self.imports = imports
        self.issues = issues
        self.directives = directives
        self.identifiers = identifiers
        self.declarations = declarations
    }

    /// The modules the compiler would load for a build described by `environment`, in first-seen
    /// order without repeats — the shape of `swiftc -emit-imported-modules`. Imports whose activity
    /// cannot be decided are included.
    package func activeModules(in environment: BuildEnvironment) -> [String] {
        var seen: Set<String> = []
        var modules: [String] = []
        for declaration in imports where declaration.isActive(in: environment) != false {
            if seen.insert(declaration.module).inserted { modules.append(declaration.module) }
        }
        return modules
    }
}

/// A comment that speaks to Bulkhead: `// bulkhead:ignore undeclared-import - migrating in Q3`.
package struct CommentDirective: Sendable, Hashable {
    /// What follows `bulkhead:`, trailing spaces removed: `ignore undeclared-import - …`.
    package var text: String
    /// Where the comment starts (its `//`).
    package var position: SourcePosition
    /// True when nothing but whitespace precedes the comment on its line: it then speaks for the
    /// next line; after code, only for its own.
    package var isAloneOnItsLine: Bool

    package init(text: String, position: SourcePosition, isAloneOnItsLine: Bool = true) {
        self.text = text
        self.position = position
        self.isAloneOnItsLine = isAloneOnItsLine
    }
}
