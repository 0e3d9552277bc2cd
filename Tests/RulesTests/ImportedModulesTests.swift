import Configuration
import ImportScanning
import ModuleGraph
import Testing
@testable import Rules

/// The tables rules read imports through (`ImportedModules`, `CheckInput.checkedImports`,
/// `activity(of:inTargetAt:)`) give the answers of the lookups by name and by target they
/// replace, import by import.
@Suite(.tags(.small)) struct ImportedModulesTests {
    /// Two packages that both have a `Models` target (an import of it means the importer's own
    /// package's first), a module of a project and a remote product, a target whose dependency
    /// holds on iOS only, and a target repeated under one id.
    static func graph() -> ModuleGraph {
        func target(_ package: String, _ name: String, _ dependencies: [String] = [], iOSOnly: Set<String> = [],
                    module: String? = nil) -> Target {
            Target(id: TargetID(package: package, name: name), kind: .library, moduleName: module ?? name, path: "Sources/\(name)",
                   dependencies: dependencies.map { dependency in
                       DependencyEdge(.target(TargetID(package: package, name: dependency)),
                                      condition: iOSOnly.contains(dependency) ? DependencyCondition(platforms: ["ios"]) : nil)
                   })
        }
        let targets = [
            target("app", "App", ["Models", "Feature"], iOSOnly: ["Feature"]),
            target("app", "Models"),
            target("app", "Feature", ["Models"]),
            target("kit", "Models"),
            target("kit", "KitModels", module: "Models"),
            target("kit", "Kit", ["Models"]),
            target("kit", "Kit", ["KitModels"]),
        ]
        let packages = ["app", "kit"].map { PackageNode(identity: $0, name: $0, origin: .local(path: $0), toolsVersion: "6.0") }
        return ModuleGraph(packages: packages, targets: targets)
    }

    static let text = """
        import Foundation
        import Models
        #if canImport(Feature)
        import Feature
        #elseif os(macOS)
        import Kit
        #endif
        #if DEBUG
        @testable import Models
        import Alamofire
        #endif
        import struct Models.Item
        """

    static func input(builds: [PlatformBuild], exclude: [String] = []) -> CheckInput {
        let graph = graph()
        var sources: [TargetID: [SourceFile]] = [:]
        for target in graph.targets {
            let scanned = ImportScanner.scan(text).imports
            sources[target.id] = [
                SourceFile(path: "\(target.id.package)/Sources/\(target.name)/A.swift", imports: scanned),
                SourceFile(path: "\(target.id.package)/Sources/\(target.name)/Generated/B.swift", imports: scanned.reversed()),
            ]
        }
        var configuration = Configuration()
        configuration.exclude = exclude
        return CheckInput(graph: graph, sources: sources, configuration: configuration, builds: builds)
    }

    @Test(arguments: [[], PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])], [[], ["**/Generated"]])
    func everyImportIsAnsweredAsByItsNameAndTarget(builds: [PlatformBuild], exclude: [String]) {
        let input = Self.input(builds: builds, exclude: exclude)
        let modules = input.importedModules
        var asked = 0
        for (index, target) in input.graph.targets.enumerated() {
            let checked = input.checkedImports(ofTargetAt: index, modules: modules)
            #expect(checked.map(\.file.path) == input.checkedSources(of: target).map(\.path), "\(target.id)")
            for (file, numbers) in checked {
                #expect(numbers.count == file.imports.count)
                for (declaration, number) in zip(file.imports, numbers) {
                    #expect(modules.names[number] == declaration.module)
                    #expect(modules.localTarget(forModule: number, from: target.id) == input.localTarget(forModule: declaration.module, from: target.id),
                            "\(target.id) \(declaration.module)")
                    #expect(input.activity(of: declaration, inTargetAt: index) == input.activity(of: declaration, in: target),
                            "\(target.id) \(declaration.module)")
                    #expect(input.mayCompile(declaration, inTargetAt: index) == input.mayCompile(declaration, in: target))
                    asked += 1
                }
            }
        }
        #expect(asked == input.graph.targets.count * Self.text.split(separator: "\n").filter { $0.contains("import ") }.count * (exclude.isEmpty ? 2 : 1))
        // One number per distinct module, whoever imports it.
        #expect(Set(modules.names).count == modules.names.count)
        #expect(Set(modules.names) == ["Foundation", "Models", "Feature", "Kit", "Alamofire"])
    }

    /// The answers do differ between targets: a table shared too widely would pass the test above
    /// only by accident.
    @Test func theSameModuleMeansEachPackagesOwnTarget() {
        let input = Self.input(builds: [])
        let modules = input.importedModules
        guard let number = modules.names.firstIndex(of: "Models") else {
            Issue.record("Models was not numbered")
            return
        }
        #expect(modules.localTarget(forModule: number, from: TargetID(package: "app", name: "App")) == TargetID(package: "app", name: "Models"))
        #expect(modules.localTarget(forModule: number, from: TargetID(package: "kit", name: "Kit")) == TargetID(package: "kit", name: "KitModels"))
        #expect(modules.localTarget(forModule: number, from: TargetID(package: "elsewhere", name: "X")) == TargetID(package: "app", name: "Models"))
    }
}
