import Configuration
import Foundation
import ModuleGraph
import TestSupport
import Testing

/// `kinds` on a layer: an app's composition roots (the app and its extensions) form a layer by
/// what they build, whatever they are named.
@Suite(.tags(.small)) struct LayerKindsTests {
    static func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: [])
    }

    static let graph: ModuleGraph = {
        func target(_ name: String, _ kind: TargetKind, _ productType: ProjectProductType?) -> Target {
            var target = Target(id: TargetID(package: "travelapp.xcodeproj", name: name), kind: kind, moduleName: name, path: name)
            target.productType = productType
            return target
        }
        return ModuleGraph(
            packages: [PackageNode(identity: "travelapp.xcodeproj", name: "TravelApp", origin: .project(path: "TravelApp.xcodeproj"))],
            targets: [target("TravelApp", .executable, .application), target("TravelWidget", .executable, .appExtension),
                      target("TravelAppTests", .test, .unitTestBundle), target("Tool", .executable, nil)])
    }()

    @Test func aLayerTakesTargetsByXcodeProductTypeOrSwiftPMKind() throws {
        let configuration = try Self.parse("""
            { layers: [
                { name: "App", kinds: ["application", "app-extension"], mayUse: ["*"] },
                { name: "Tests", kinds: ["test"], mayUse: ["*"] },
                { name: "Tools", kinds: ["executable"], mayUse: [] },
            ] }
            """).get()
        let assignment = LayerAssignment(graph: Self.graph, layers: configuration.layers)
        func layer(_ name: String) -> String? { assignment.layer(of: TargetID(package: "travelapp.xcodeproj", name: name))?.name }
        #expect(layer("TravelApp") == "App")
        #expect(layer("TravelWidget") == "App")
        #expect(layer("TravelAppTests") == "Tests")
        // An app is an executable to SwiftPM's eyes too, but the first matching layer wins.
        #expect(layer("Tool") == "Tools")
    }

    @Test func anUnknownKindIsNamedWithTheNearestOne() {
        guard case .failure(let problems) = Self.parse(#"{ layers: [{ name: "App", kinds: ["aplication"] }] }"#) else {
            Issue.record("an unknown kind was accepted")
            return
        }
        #expect(problems.problems.map(\.description) == ["layers[0].kinds[0]: no target kind named 'aplication'; did you mean 'application'?"])
    }
}
