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
    /// The enclosing `#if` clauses, outermost first.
    package var conditions: [ConditionalClause]

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
        self.conditions = conditions
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
