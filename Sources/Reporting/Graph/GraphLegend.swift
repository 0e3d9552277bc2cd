/// What the marks of a drawing mean, listing only the marks the drawing uses, so a reader of a
/// DOT image or the HTML page need not guess why an edge is dashed or a name ends in `(?)`.
package struct GraphLegend: Sendable, Equatable {
    package enum Entry: String, Sendable, CaseIterable {
        case testTarget, remoteProduct, assumedModule, conditionalEdge, toolTarget, binaryTarget, group, violation
        case importedEdge, declaredOnlyEdge, importSite

        /// The mark, in words (the DOT legend is a table of text).
        package var mark: String {
            switch self {
            case .testTarget: "dashed box"
            case .remoteProduct: "dashed edge to a tabbed box"
            case .assumedModule: "name (?)"
            case .conditionalEdge: "edge label"
            case .toolTarget: "hexagon"
            case .binaryTarget: "3-D box"
            case .group: "edge number"
            case .violation: "red edge"
            case .importedEdge: "dotted red edge"
            case .declaredOnlyEdge: "grey edge"
            case .importSite: "File.swift:3 +2 #if"
            }
        }

        package var meaning: String {
            switch self {
            case .testTarget: "a test target"
            case .remoteProduct: "a product of a remote package"
            case .assumedModule: "module name assumed: no checkout of the package was found"
            case .conditionalEdge: "the dependency applies only under this condition"
            case .toolTarget: "a macro or plugin target"
            case .binaryTarget: "a binary, system-library or C-family target"
            case .group: "how many module dependencies the edge between two groups stands for"
            case .violation: "a dependency or import a rule reports"
            case .importedEdge: "an import that no declared dependency backs"
            case .declaredOnlyEdge: "a declared dependency that no source imports"
            case .importSite: "the first import behind the edge, how many more, #if when every one is conditional"
            }
        }
    }

    package var entries: [Entry]

    /// The entries `view` needs, in a fixed order; `hasViolations` for drawings that mark findings.
    package init(_ view: GraphView, hasViolations: Bool = false) {
        var present: Set<Entry> = []
        for node in view.nodes {
            switch node.kind {
            case .target(.test): present.insert(.testTarget)
            case .target(.macro), .target(.plugin): present.insert(.toolTarget)
            case .target(.binary), .target(.systemLibrary), .target(.cFamily): present.insert(.binaryTarget)
            case .target: break
            case .external(let isGuess):
                present.insert(.remoteProduct)
                if isGuess { present.insert(.assumedModule) }
            case .group: present.insert(.group)
            }
        }
        if view.edges.contains(where: { $0.condition != nil }) { present.insert(.conditionalEdge) }
        if hasViolations { present.insert(.violation) }
        if view.edges.contains(where: { $0.kind == .imported }) { present.insert(.importedEdge) }
        if view.edgeSource == .both && view.edges.contains(where: { $0.kind == .declared }) { present.insert(.declaredOnlyEdge) }
        if view.edges.contains(where: { $0.importSite != nil && $0.count == nil }) { present.insert(.importSite) }
        entries = Entry.allCases.filter(present.contains)
    }
}
