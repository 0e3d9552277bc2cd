/// One `import` declaration at file scope, as the compiler would read it.
///
/// Only what is reported gets a `String`; the scanner itself works on byte offsets.
package struct ImportDeclaration: Sendable, Hashable {
    /// The dotted path as written, backticks removed: `["A", "B"]` for `import A.B`.
    package var path: [String]
    package var kind: ImportKind?
    package var accessLevel: AccessLevel?
    package var attributes: [ImportAttribute]
    /// Where the module name starts; the compiler points its import diagnostics here.
    package var position: SourcePosition
    /// The enclosing `#if` clauses, outermost first. Made on demand from the file's clause
    /// table, where each clause is stored once however many imports it encloses.
    package var conditions: [ConditionalClause] {
        get {
            guard let (table, node) = sharedClauses else { return ownClauses }
            return node < 0 ? [] : table.clauses(enclosing: node)
        }
        set {
            ownClauses = newValue
            sharedClauses = nil
        }
    }

    /// How many `#if` clauses enclose the import, without making them.
    package var conditionDepth: Int {
        guard let (table, node) = sharedClauses else { return ownClauses.count }
        return node < 0 ? 0 : table.depths[node]
    }

    /// The innermost `limit` enclosing clauses, outermost of them first: what a listing shows of
    /// an import nested thousands of clauses deep without printing them all for every import.
    package func innermostConditions(limit: Int) -> [ConditionalClause] {
        guard let (table, node) = sharedClauses else { return Array(ownClauses.suffix(limit)) }
        return node < 0 ? [] : table.clauses(enclosing: node, limit: limit)
    }

    private var ownClauses: [ConditionalClause]
    /// The scanner's table and the innermost enclosing clause's node (-1: none); what the file
    /// cache stores in place of the clauses spelled out.
    package private(set) var sharedClauses: (table: ConditionalClauseTable, node: Int)?

    package init(
        path: [String],
        kind: ImportKind? = nil,
        accessLevel: AccessLevel? = nil,
        attributes: [ImportAttribute] = [],
        position: SourcePosition,
        conditions: [ConditionalClause] = []
    ) {
        self.path = path
        self.kind = kind
        self.accessLevel = accessLevel
        self.attributes = attributes
        self.position = position
        self.ownClauses = conditions
    }

    /// An import inside clause `node` (-1: none) of `table`, as the scanner makes it and the
    /// file cache restores it.
    package init(
        path: [String], kind: ImportKind?, accessLevel: AccessLevel?, attributes: [ImportAttribute],
        position: SourcePosition, table: ConditionalClauseTable?, node: Int
    ) {
        self.init(path: path, kind: kind, accessLevel: accessLevel, attributes: attributes, position: position)
        if let table, node >= 0 { sharedClauses = (table, node) }
    }

    package static func == (lhs: ImportDeclaration, rhs: ImportDeclaration) -> Bool {
        lhs.path == rhs.path && lhs.kind == rhs.kind && lhs.accessLevel == rhs.accessLevel
            && lhs.attributes == rhs.attributes && lhs.position == rhs.position && lhs.conditions == rhs.conditions
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(position)
    }

    /// The imported module: the first path component, which is what the build must provide.
    package var module: String { path[0] }

    /// `A.B` for `import A.B`.
    package var dottedPath: String { path.joined(separator: ".") }

    package func hasAttribute(_ name: String) -> Bool {
        attributes.contains { $0.name == name }
    }
}

/// The declaration kind of a scoped import such as `import struct A.B`.
package enum ImportKind: String, Sendable, Hashable, CaseIterable {
    case `typealias`, `struct`, `class`, `enum`, `protocol`, `let`, `var`, `func`
}

/// The access level written on an import (SE-0409).
package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`, `package`, `internal`, `fileprivate`, `private`
}

/// An attribute written before `import`, such as `@testable` or `@_spi(Internal)`.
package struct ImportAttribute: Sendable, Hashable {
    /// The name without `@`.
    package var name: String
    /// The text between the parentheses, whitespace folded; nil when there are none.
    package var arguments: String?

    package init(name: String, arguments: String? = nil) {
        self.name = name
        self.arguments = arguments
    }

    /// `@_spi(Internal)` as written, whitespace folded.
    package var description: String {
        arguments.map { "@\(name)(\($0))" } ?? "@\(name)"
    }
}

/// A place in a source file. Line and column are 1-based; the column counts UTF-8 bytes from the
/// start of the line, a byte-order mark included, exactly as the compiler's diagnostics do.
package struct SourcePosition: Sendable, Hashable, Comparable {
    package var offset: Int
    package var line: Int
    package var column: Int

    package init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.offset < rhs.offset
    }
}
