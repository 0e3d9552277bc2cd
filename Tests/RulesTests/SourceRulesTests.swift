import Configuration
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// The source rules beyond their documented examples: files shared by targets, overlapping
/// entries, budgets and when the scan inspects at all.
@Suite(.tags(.small)) struct SourceRulesTests {
    /// Targets of one package, each with the given files (path → source), scanned for `source`.
    static func input(_ files: [(target: String, path: String, source: String)], layers: [Configuration.Layer] = [],
                      source: SourceRules) -> CheckInput {
        var configuration = Configuration(layers: layers)
        configuration.source = source
        var sources: [TargetID: [SourceFile]] = [:]
        var names: [String] = []
        for file in files {
            if !names.contains(file.target) { names.append(file.target) }
            let scan = ImportScanner.scan(file.source, inspecting: configuration.sourceInspection)
            sources[TargetID(package: "p", name: file.target), default: []].append(SourceFile(
                path: file.path, imports: scan.imports, directives: scan.directives, identifiers: scan.identifiers, declarations: scan.declarations))
        }
        let targets = names.map { Target(id: TargetID(package: "p", name: $0), kind: .library, moduleName: $0, path: "Sources/\($0)", sources: [], dependencies: []) }
        let graph = ModuleGraph(packages: [PackageNode(identity: "p", name: "P", origin: .local(path: "."))], targets: targets, externalProducts: [])
        return CheckInput(graph: graph, sources: sources, configuration: configuration)
    }

    @Test func aFileTwoTargetsCompileIsOnePlace() {
        let shared = "let defaults = UserDefaults.standard\nfinal class Box: @unchecked Sendable {}\n"
        let input = Self.input([("App", "Shared/Helper.swift", shared), ("Widget", "Shared/Helper.swift", shared)],
                               source: SourceRules(forbiddenIdentifiers: [.init(identifiers: ["UserDefaults.standard"])],
                                                   uncheckedSendable: [.init(max: 1)]))
        let findings = Checker.run(input)
        #expect(findings.map(\.ruleID) == ["forbidden-identifier"], "\(findings.map(\.message))")
        #expect(findings.first?.target.name == "App")
    }

    @Test func aLayerBanAndAFolderBanOfOneImportAreOneFinding() {
        let layers: [Configuration.Layer] = [.init(name: "Features", suffixes: ["Feature"], forbiddenImports: ["Networking"])]
        let input = Self.input([("SearchFeature", "Sources/Features/Search.swift", "import Networking\n")], layers: layers,
                               source: SourceRules(forbiddenImports: [.init(modules: ["Networking"], scope: .init(paths: ["Sources/Features/**"]))]))
        let findings = ForbiddenImportRule().findings(in: input, severity: .error)
        #expect(findings.count == 1)
    }

    @Test(arguments: [(0, 3), (1, 2), (3, 0)])
    func aBudgetReportsThoseBeyondIt(max: Int, expected: Int) {
        let input = Self.input([("Core", "Sources/Core/A.swift", "public import A\npublic import B\n@_exported import C\nimport D\n")],
                               source: SourceRules(publicImports: [.init(max: max)]))
        let findings = PublicImportsRule().findings(in: input, severity: .error)
        #expect(findings.count == expected)
        #expect(findings.map(\.subject) == Array(["A", "B", "C"].suffix(expected)))
    }

    @Test func aScopeByTargetLeavesTheOthersAlone() {
        let input = Self.input([("Legacy", "Sources/Legacy/A.swift", "class OldViewModel {}\n"), ("Search", "Sources/Search/A.swift", "class SearchViewModel {}\n")],
                               source: SourceRules(declarations: [.init(names: ["*ViewModel"], scope: .init(targets: ["Search"]), requiredModifiers: ["final"])]))
        #expect(DeclarationShapeRule().findings(in: input, severity: .error).map(\.subject) == ["SearchViewModel"])
    }

    @Test func theScanInspectsOnlyForEnabledSourceRules() {
        var configuration = Configuration()
        #expect(configuration.sourceInspection.isEmpty)
        configuration.source = SourceRules(forbiddenIdentifiers: [.init(identifiers: ["URLSession"])], publicImports: [.init(max: 1)])
        #expect(configuration.sourceInspection == SourceInspection(identifiers: ["URLSession"]))
        configuration.rules["forbidden-identifier"] = .off
        #expect(configuration.sourceInspection.isEmpty, "public imports need no inspection: imports carry their access level")
        configuration.source.uncheckedSendable = [.init(max: 0)]
        #expect(configuration.sourceInspection == SourceInspection(declarations: true, keeping: DeclarationFilter(uncheckedSendable: true)))
        configuration.source.declarations = [.init(kinds: ["class"], names: ["*ViewModel"], requiredModifiers: ["final"])]
        #expect(configuration.sourceInspection == SourceInspection(declarations: true, keeping: DeclarationFilter(
            selectors: [.init(kinds: [.class], names: ["*ViewModel"])], uncheckedSendable: true)))
        configuration.rules["unchecked-sendable"] = .off
        #expect(configuration.sourceInspection == SourceInspection(declarations: true, keeping: DeclarationFilter(selectors: [.init(kinds: [.class], names: ["*ViewModel"])])))
    }
}
