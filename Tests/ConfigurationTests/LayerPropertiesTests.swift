import Configuration
import Foundation
import TestSupport
import Testing

/// The layer properties the seeds' presets use, written in bulkhead.json: `internal`,
/// `forbiddenImports` and `convention`.
@Suite(.tags(.small)) struct LayerPropertiesTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), preset: nil, knownRules: [])
    }

    @Test func readsThePresetsLayerProperties() throws {
        let configuration = try parse("""
        { layers: [
            { name: "Domain", suffixes: ["Domain"], forbiddenImports: ["SwiftUI"], convention: "Domain is pure Swift" },
            { name: "Services", suffixes: ["Services"], mayUse: ["Domain"], internal: true },
        ] }
        """).get()
        #expect(configuration.layers == [
            .init(name: "Domain", suffixes: ["Domain"], forbiddenImports: ["SwiftUI"], convention: "Domain is pure Swift"),
            .init(name: "Services", suffixes: ["Services"], mayUse: ["Domain"], isPackageInternal: true),
        ])
    }

    @Test func wrongTypesAreProblemsAtTheirKeyPaths() {
        guard case .failure(let problems) = parse(#"{ layers: [{ name: "A", suffixes: ["A"], internal: "yes", forbiddenImports: "SwiftUI" }] }"#) else {
            Issue.record("expected problems")
            return
        }
        let paths = problems.problems.map(\.keyPath)
        #expect(paths.contains("layers[0].internal"))
    }
}
