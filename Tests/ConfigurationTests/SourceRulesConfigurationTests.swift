import Configuration
import Foundation
import TestSupport
import Testing

/// `source: { … }` in bulkhead.json: read strictly, every problem at its key path.
@Suite(.tags(.small)) struct SourceRulesConfigurationTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), preset: nil, knownRules: [])
    }

    @Test func readsEverySection() throws {
        let configuration = try parse("""
        { layers: [{ name: "Features", suffixes: ["Feature"] }, { name: "Infrastructure", suffixes: ["Data"] }],
          source: {
            forbiddenIdentifiers: [{ identifiers: ["URLSession", "Bundle.main"], layers: ["Features"], message: "ask the repository" }],
            forbiddenImports: [{ modules: ["Networking", "*Data"], paths: ["App/Features/**"] }],
            declarations: [{ kinds: ["class"], names: ["*ViewModel"], require: ["final"] },
                           { names: ["*Repository"], layers: ["Infrastructure"], forbid: ["public", "open"] }],
            uncheckedSendable: [{ layers: ["Features"], max: 0 }],
            publicImports: [{ targets: ["BookingData"], max: 2 }],
          } }
        """).get()
        #expect(configuration.source == SourceRules(
            forbiddenIdentifiers: [.init(identifiers: ["URLSession", "Bundle.main"], scope: .init(layers: ["Features"]), message: "ask the repository")],
            forbiddenImports: [.init(modules: ["Networking", "*Data"], scope: .init(paths: ["App/Features/**"]))],
            declarations: [.init(kinds: ["class"], names: ["*ViewModel"], requiredModifiers: ["final"]),
                           .init(names: ["*Repository"], scope: .init(layers: ["Infrastructure"]), forbiddenModifiers: ["public", "open"])],
            uncheckedSendable: [.init(scope: .init(layers: ["Features"]), max: 0)],
            publicImports: [.init(scope: .init(targets: ["BookingData"]), max: 2)]))
        #expect(configuration.source.forbiddenImports[0].forbids("BookingData"))
        #expect(!configuration.source.forbiddenImports[0].forbids("BookingInterface"))
    }

    /// JSON5's hexadecimal numbers are numbers: `0x10` was read as the double whose bit pattern
    /// is 16, and refused as not whole.
    @Test func aBudgetMayBeWrittenInHexadecimal() throws {
        let configuration = try parse("{ source: { publicImports: [{ targets: [\"BookingData\"], max: 0x10 }] } }").get()
        #expect(configuration.source.publicImports.map(\.max) == [16])
    }

    @Test func eachMistakeIsNamedByKeyPath() {
        guard case .failure(let problems) = parse("""
        { layers: [{ name: "Features", suffixes: ["Feature"] }],
          source: {
            forbiddenIdentifier: [],
            forbiddenIdentifiers: [{ identifiers: ["URL Session"], layers: ["Feature"] }],
            forbiddenImports: [{ paths: ["App/**"] }],
            declarations: [{ kinds: ["klass"], names: ["*ViewModel"] }, "final"],
            uncheckedSendable: [{ max: -1 }],
            publicImports: [{ maximum: 2 }],
          } }
        """) else {
            Issue.record("expected problems")
            return
        }
        let paths = problems.problems.map(\.keyPath)
        for expected in ["source.forbiddenIdentifier", "source.forbiddenIdentifiers[0].identifiers[0]", "source.forbiddenIdentifiers[0].layers[0]",
                         "source.forbiddenImports[0].modules", "source.declarations[0].kinds[0]", "source.declarations[0]", "source.declarations[1]",
                         "source.uncheckedSendable[0].max", "source.publicImports[0].maximum", "source.publicImports[0].max"] {
            #expect(paths.contains(expected), "missing \(expected) in \(paths)")
        }
        #expect(problems.problems.contains { $0.message.contains("did you mean 'Features'?") })
        #expect(problems.problems.contains { $0.message.contains("did you mean 'class'?") })
    }

    @Test func aScopeNeedsEachListItGives() {
        let scope = SourceRules.Scope(layers: ["Features"], paths: ["Sources/Features/**"])
        #expect(scope.contains(target: "SearchFeature", qualified: "app/SearchFeature", layer: "Features"))
        #expect(!scope.contains(target: "Networking", qualified: "app/Networking", layer: "Infrastructure"))
        #expect(scope.contains(file: "Sources/Features/Search/View.swift"))
        #expect(!scope.contains(file: "Sources/Kernel/View.swift"))
        #expect(SourceRules.Scope().contains(target: "Any", qualified: "p/Any", layer: nil))
    }
}
