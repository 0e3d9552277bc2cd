import Configuration
import Foundation
import TestSupport
import Testing

/// `build: { platforms, configurations }` in bulkhead.json: read as written, every mistake named
/// with its key path.
@Suite(.tags(.small)) struct BuildSelectionTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: [])
    }

    @Test func readsPlatformsAndConfigurations() throws {
        let configuration = try parse(#"{ build: { platforms: ["ios", "macOS"], configurations: ["debug"] } }"#).get()
        #expect(configuration.build == BuildSelection(platforms: ["ios", "macos"], configurations: ["debug"]))
        #expect(try parse("{}").get().build == nil)
    }

    @Test(arguments: [
        (#"{ build: { platforms: ["ios", "andriod"] } }"#, "build.platforms[1]: unknown platform 'andriod'; did you mean 'android'?"),
        (#"{ build: { configurations: ["beta"] } }"#, "build.configurations[0]: unknown configuration 'beta'; valid: debug, release"),
        (#"{ build: { platform: ["ios"] } }"#, "build.platform: unknown key 'platform'; did you mean 'platforms'?"),
        (#"{ build: { platforms: [] } }"#, "build.platforms: lists nothing; leave the key out for the default"),
        (#"{ build: ["ios"] }"#, #"build: expected an object such as { platforms: ["ios"], configurations: ["debug", "release"] }, found a list"#),
    ])
    func namesEachMistake(text: String, problem: String) {
        guard case .failure(let problems) = parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(problems.problems.map(\.description) == [problem])
    }
}
