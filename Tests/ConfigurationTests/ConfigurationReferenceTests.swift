import Foundation
import TestSupport
import Testing
@testable import Configuration

/// docs/configuration.md documents every key the strict parser accepts, by its key path, so a
/// key added to the parser without a line in the reference fails here.
@Suite(.tags(.small)) struct ConfigurationReferenceTests {
    /// Every key path the parser accepts, as the reference's table spells it.
    static var keyPaths: [String] {
        typealias Parser = ConfigurationParser
        var paths = Parser.topLevelKeys
        paths += Parser.layerKeys.map { "layers[].\($0)" }
        for (section, keys) in [("affected", Parser.affectedKeys), ("workspace", Parser.workspaceKeys), ("build", Parser.buildKeys),
                                ("testing", Parser.testingKeys), ("products", Parser.productsKeys), ("pins", Parser.pinsKeys),
                                ("source", Parser.sourceKeys), ("imports", Parser.importsKeys), ("footprint", Parser.footprintKeys)] {
            paths += keys.map { "\(section).\($0)" }
        }
        paths += Parser.importIgnoreKeys.map { "imports.ignore[].\($0)" }
        paths += Parser.footprintBudgetKeys.map { "footprint.budgets[].\($0)" }
        // The keys every source entry shares are one row each, `source.*[].key`; the others per entry.
        let shared = Set(Parser.scopeKeys + ["message", "max"])
        for (entry, keys) in [("forbiddenIdentifiers", Parser.forbiddenIdentifierKeys), ("forbiddenImports", Parser.forbiddenImportKeys),
                              ("declarations", Parser.declarationKeys), ("*", Parser.budgetKeys)] {
            paths += keys.map { shared.contains($0) ? "source.*[].\($0)" : "source.\(entry)[].\($0)" }
        }
        return Array(Set(paths)).sorted()
    }

    @Test func everyKeyHasARow() throws {
        let page = try String(contentsOfFile: RepositoryRoot.path("docs/configuration.md"), encoding: .utf8)
        #expect(Self.keyPaths.count > 40)
        for path in Self.keyPaths {
            #expect(page.contains("| `\(path)` |"), "docs/configuration.md has no row for \(path)")
        }
    }

    /// The example the reference shows is a configuration the parser accepts.
    @Test func theExampleParses() throws {
        let page = try String(contentsOfFile: RepositoryRoot.path("docs/configuration.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```json5\n"))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        let example = String(page[start.upperBound..<end.lowerBound])
        let rules = ["unused-dependency", "layer-dependency"]
        switch ConfigurationParser.parse(Data(example.utf8), knownRules: rules) {
        case .success: break
        case .failure(let problems): Issue.record("the example does not parse: \(problems)")
        }
    }
}
