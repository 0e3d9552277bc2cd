import Configuration
import Foundation
import TestSupport
import Testing

/// `imports: { ignore: [{ module, reason }] }` in bulkhead.json: read strictly, a reason required.
@Suite(.tags(.small)) struct ImportIgnoreConfigurationTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), preset: nil, knownRules: [])
    }

    func problems(_ text: String) -> [String] {
        guard case .failure(let problems) = parse(text) else { return [] }
        return problems.problems.map(\.description)
    }

    @Test func readsEachModuleWithItsReason() throws {
        let configuration = try parse("""
        { imports: { ignore: [{ module: "Firebase*", reason: "linked by the app's build phase" }, { module: "Vendored", reason: "checked upstream" }] } }
        """).get()
        #expect(configuration.importIgnores == [ImportIgnore(module: "Firebase*", reason: "linked by the app's build phase"),
                                                ImportIgnore(module: "Vendored", reason: "checked upstream")])
        #expect(configuration.importIgnores[0].matches("FirebaseCore"))
        #expect(!configuration.importIgnores[0].matches("Core"))
        #expect(try parse("{}").get().importIgnores.isEmpty)
    }

    @Test func aMissingOrEmptyReasonIsAnErrorNamingTheKey() {
        #expect(problems("{ imports: { ignore: [{ module: \"FirebaseCore\" }] } }") == ["imports.ignore[0].reason: required, and missing"])
        #expect(problems("{ imports: { ignore: [{ module: \"A\", reason: \"x\" }, { module: \"B\", reason: \"  \" }] } }")
            == ["imports.ignore[1].reason: is empty; say why this module's imports are not checked"])
        #expect(problems("{ imports: { ignore: [{ reason: \"x\" }] } }") == ["imports.ignore[0].module: required, and missing"])
    }

    @Test func wrongShapesAndUnknownKeysAreErrorsAtTheirPath() {
        #expect(problems("{ imports: { ignore: [\"FirebaseCore\"] } }").first?.hasPrefix("imports.ignore[0]: expected an object") == true)
        #expect(problems("{ imports: { ignore: { module: \"A\", reason: \"x\" } } }").first?.hasPrefix("imports.ignore: expected a list") == true)
        #expect(problems("{ imports: [] }").first?.hasPrefix("imports: expected an object") == true)
        #expect(problems("{ imports: { ignore: [{ module: \"A\", reason: \"x\", because: \"y\" }] } }").first?.contains("because") == true)
        #expect(problems("{ imports: { ignored: [] } }").first?.contains("did you mean 'ignore'") == true)
    }
}
