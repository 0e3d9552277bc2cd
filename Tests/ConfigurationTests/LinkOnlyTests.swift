import Configuration
import Foundation
import ModuleGraph
import TestSupport
import Testing

/// `linkOnly`: declared dependencies that are linked, not imported.
@Suite(.tags(.small)) struct LinkOnlyTests {
    static func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: ["unused-dependency"])
    }

    /// App declares Client and ClientLive; ClientLive declares Client.
    static let graph: ModuleGraph = {
        func target(_ name: String, _ dependencies: [String]) -> Target {
            Target(id: TargetID(package: "app", name: name), kind: .library, moduleName: name, path: "Sources/\(name)", sources: [],
                   dependencies: dependencies.map { DependencyEdge(.target(TargetID(package: "app", name: $0))) })
        }
        return ModuleGraph(packages: [PackageNode(identity: "app", name: "App", origin: .local(path: "."))],
                           targets: [target("App", ["Client", "ClientLive"]), target("Client", []), target("ClientLive", ["Client"])])
    }()

    @Test(arguments: ["App → ClientLive", "App->ClientLive", "  app/App  ->  ClientLive "])
    func eitherArrowReadsAndNamesStayAsWritten(_ entry: String) throws {
        let configuration = try Self.parse("{ linkOnly: [\"\(entry)\"] }").get()
        #expect(configuration.linkOnly.count == 1)
        #expect(configuration.linkOnly.first?.dependency == "ClientLive")
        #expect(configuration.problems(against: Self.graph) == [])
    }

    @Test func anEntryWithoutAnArrowIsAProblemAtItsKeyPath() {
        guard case .failure(let problems) = Self.parse("{ linkOnly: [\"App → ClientLive\", \"App ClientLive\", 3] }") else {
            Issue.record("parsed")
            return
        }
        #expect(problems.problems.map(\.description) == [
            "linkOnly[1]: expected \"Target → Dependency\" (or ->), found 'App ClientLive'",
            "linkOnly[2]: expected a string, found a number",
        ])
    }

    @Test func anUnknownTargetOrUndeclaredDependencyIsAProblemWithItsKeyPath() throws {
        let configuration = try Self.parse("{ linkOnly: [\"Ap → ClientLive\", \"Client -> ClientLive\", \"App → ClientLive\"] }").get()
        #expect(configuration.problems(against: Self.graph) == [
            ConfigurationProblem(keyPath: "linkOnly[0]", message: "no target named 'Ap' in the package; did you mean 'App'?"),
            ConfigurationProblem(keyPath: "linkOnly[1]", message: "Client declares no dependency named 'ClientLive'"),
        ])
    }
}
