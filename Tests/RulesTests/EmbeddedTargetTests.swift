import Configuration
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// An Xcode app that depends on its extensions (or on a watch app) embeds them: each is a process
/// of its own, never imported, so `unused-dependency` leaves such dependencies alone.
@Suite(.tags(.small)) struct EmbeddedTargetTests {
    /// App depends on Widget and imports only Foundation; the product types are Xcode's when given.
    static func unusedFindings(app: ProjectProductType?, dependency: ProjectProductType?) -> [String] {
        let example = RuleExample("embedding", targets: [
            .init("App", dependencies: ["Widget"], source: ["import Foundation"]),
            .init("Widget", source: ["import WidgetKit"]),
        ])
        let input = example.input(enabling: "unused-dependency")
        let targets = input.graph.targets.map { target in
            var target = target
            target.productType = target.name == "App" ? app : dependency
            return target
        }
        let graph = ModuleGraph(packages: input.graph.packages, targets: targets, externalProducts: input.graph.externalProducts)
        let workspace = Workspace(graph: graph, configuration: Configuration(), sources: input.sources)
        return Check.run(workspace).diagnostics.filter { $0.code == "unused-dependency" }.map(\.message)
    }

    @Test(arguments: [ProjectProductType.appExtension, .application, .bundle, .systemExtension, .xpcService, .stickerPack, .watchApp,
                      .unitTestBundle, .tool])
    func anAppEmbeddingAnotherProcessIsNotCalledUnused(_ embedded: ProjectProductType) {
        #expect(Self.unusedFindings(app: .application, dependency: embedded).isEmpty)
    }

    @Test func aFrameworkTheAppDoesNotImportIsStillUnused() {
        #expect(Self.unusedFindings(app: .application, dependency: .framework) == ["App declares Widget but none of its sources imports Widget"])
        #expect(Self.unusedFindings(app: nil, dependency: nil) == ["App declares Widget but none of its sources imports Widget"])
    }
}
