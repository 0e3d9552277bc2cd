/// What a scan looks for beyond imports, asked for only when a configured rule needs it: member
/// chains of identifiers (`URLSession`, `Bundle.main`) and type declarations. An empty request
/// costs nothing: the scan then runs with a sink that compiles away.
package struct SourceInspection: Sendable, Hashable {
    /// Identifier chains as written in the configuration, `Bundle.main` being `Bundle` `.` `main`.
    package var identifiers: [String]
    /// Whether type declarations (class, struct, enum, actor, protocol, extension) are collected.
    package var declarations: Bool
    /// Which declarations are kept when they are collected; nil keeps every one.
    package var declarationFilter: DeclarationFilter?

    package init(identifiers: [String] = [], declarations: Bool = false, keeping declarationFilter: DeclarationFilter? = nil) {
        self.identifiers = Array(Set(identifiers.filter { !$0.isEmpty })).sorted()
        self.declarations = declarations
        self.declarationFilter = declarations ? declarationFilter : nil
    }

    package var isEmpty: Bool { identifiers.isEmpty && !declarations }

    /// A stable text of the request, for keying stored scans by what they looked for.
    package var key: String {
        (declarations ? "d" + (declarationFilter?.key ?? "") + ";" : "-;") + identifiers.joined(separator: ",")
    }
}

/// A place where a configured identifier chain is used in code: never in a comment or a string.
package struct IdentifierOccurrence: Sendable, Hashable {
    /// The chain as the request spelled it: `Bundle.main`.
    package var identifier: String
    /// Where its first component starts.
    package var position: SourcePosition

    package init(identifier: String, position: SourcePosition) {
        self.identifier = identifier
        self.position = position
    }
}
