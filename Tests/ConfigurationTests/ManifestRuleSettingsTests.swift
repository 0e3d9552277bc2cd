import Configuration
import Foundation
import TestSupport
import Testing

/// The configuration keys of the manifest rules: a layer's `requiredSettings`, `pins` and
/// `sharedLibraries`.
@Suite(.tags(.small)) struct ManifestRuleSettingsTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: ["pinned-dependency"])
    }

    @Test(arguments: [
        ("enableUpcomingFeature(InternalImportsByDefault)", "enableUpcomingFeature", "InternalImportsByDefault"),
        (".enableUpcomingFeature(\"InternalImportsByDefault\")", "enableUpcomingFeature", "InternalImportsByDefault"),
        ("swiftLanguageMode(6)", "swiftLanguageMode", "6"),
        (".swiftLanguageMode(.v6)", "swiftLanguageMode", "6"),
        (".swiftLanguageMode(.v4_2)", "swiftLanguageMode", "4.2"),
        ("defaultIsolation(MainActor.self)", "defaultIsolation", "MainActor"),
        ("define(MY_FLAG)", "define", "MY_FLAG"),
    ])
    func aSettingReadsAsTheManifestWritesIt(_ text: String, kind: String, value: String) {
        #expect(RequiredSetting(parsing: text) == RequiredSetting(kind: kind, value: value))
    }

    @Test(arguments: ["InternalImportsByDefault", "swiftLanguageMode()", "(6)", "swift LanguageMode(6)"])
    func malformedSettingsAreNil(_ text: String) {
        #expect(RequiredSetting(parsing: text) == nil)
    }

    @Test func readsRequiredSettingsPinsAndSharedLibraries() throws {
        let configuration = try parse("""
        {
          layers: [{ name: "Features", paths: ["Sources/Features/*"], requiredSettings: ["swiftLanguageMode(.v6)", "defaultIsolation(MainActor.self)"] }],
          pins: { requirement: "upToNextMinor" },
          sharedLibraries: ["Logging"],
        }
        """).get()
        #expect(configuration.layers.first?.requiredSettings == [.init(kind: "swiftLanguageMode", value: "6"), .init(kind: "defaultIsolation", value: "MainActor")])
        #expect(configuration.pinPolicy == .upToNextMinor)
        #expect(configuration.sharedLibraries == ["Logging"])
        #expect(try parse("{}").get().pinPolicy == .exact)
    }

    @Test func mistakesAreProblemsWithKeyPaths() {
        let result = parse("""
        {
          layers: [{ name: "Features", paths: ["Sources/Features/*"], requiredSettings: ["InternalImportsByDefault"] }],
          pins: { requirement: "exactly", lockfile: true },
        }
        """)
        guard case .failure(let problems) = result else { Issue.record("expected problems"); return }
        let paths = problems.problems.map(\.keyPath).sorted()
        #expect(paths == ["layers[0].requiredSettings[0]", "pins.lockfile", "pins.requirement"])
        #expect(problems.problems.contains { $0.message.contains("did you mean 'exact'?") })
    }
}
