import Configuration
import Foundation
import ModuleGraph
import TestSupport
import Testing

@Suite(.tags(.small)) struct ConfigurationTests {
    /// The ids a real run passes in from the rule catalog; spelled out here so this module's
    /// tests need no rules.
    let knownRules = ["layer-dependency", "undeclared-import", "unused-dependency", "third-party-product", "stale-baseline"]

    func parse(_ text: String, preset: String? = nil) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), preset: preset, knownRules: knownRules)
    }

    @Test func readsJSON5WithCommentsTrailingCommasAndUnquotedKeys() throws {
        let configuration = try parse("""
        // The team's layers.
        {
          layers: [
            { name: "Features", paths: "Sources/Features/*", mayUse: ["Core"], },
            { name: "Core", suffixes: ["Kit"], prefixes: ["Core"], targets: ["Utilities"], mayUse: [], thirdParty: true },
          ],
          /* severities */
          rules: { "unused-dependency": "off", "undeclared-import": "warning" },
          exclude: ["Sources/Legacy/**"],
        }
        """).get()
        #expect(configuration.layers == [
            .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Core"]),
            .init(name: "Core", suffixes: ["Kit"], prefixes: ["Core"], targets: ["Utilities"], mayUse: [], allowsThirdParty: true),
        ])
        #expect(configuration.rules["unused-dependency"] == .off)
        #expect(configuration.rules["undeclared-import"] == .warning)
        #expect(configuration.exclude == ["Sources/Legacy/**"])
    }

    @Test func fiveMistakesAreFiveProblemsWithKeyPaths() {
        let result = parse("""
        {
          "preset": "layer",
          "layers": [
            { "name": "Features", "paths": ["Sources/Features/*"], "mayuse": ["Kernel"] },
            { "name": "Kernel", "paths": ["Sources/Kernel/*"], "mayUse": ["Featurs"], "thirdParty": "yes" },
          ],
          "rules": { "unused-dependncy": "warning" },
        }
        """)
        guard case .failure(let problems) = result else { Issue.record("expected problems"); return }
        #expect(problems.problems.map(\.description) == [
            "preset: unknown preset 'layer'; did you mean 'layers'?",
            "layers[0].mayuse: unknown key 'mayuse'; did you mean 'mayUse'?",
            "layers[1].thirdParty: expected true or false, found a string",
            "layers[1].mayUse[0]: no layer named 'Featurs'; did you mean 'Features'?",
            "rules.unused-dependncy: unknown rule 'unused-dependncy'; did you mean 'unused-dependency'?",
        ])
    }

    @Test(arguments: [
        ("[]", "expected an object at the top level, found a list"),
        ("{ \"layers\": {} }", "layers: expected a list of layers, found an object"),
        ("{ \"layers\": [{ \"paths\": [\"x\"] }] }", "layers[0].name: required, and missing"),
        ("{ \"layers\": [{ \"name\": \"A\" }] }", "layers[0]: layer 'A' selects no targets; give it paths, suffixes, prefixes or targets"),
        ("{ \"layers\": [{ \"name\": \"A\", \"targets\": [\"B\", 1] }] }", "layers[0].targets[1]: expected a string, found a number"),
        ("{ \"rules\": { \"layer-dependency\": \"fatal\" } }", "rules.layer-dependency: expected \"error\", \"warning\" or \"off\", found 'fatal'"),
        ("{ \"exlude\": [] }", "exlude: unknown key 'exlude'; did you mean 'exclude'?"),
    ])
    func namesEachMistake(text: String, problem: String) {
        guard case .failure(let problems) = parse(text) else { Issue.record("expected a problem"); return }
        #expect(problems.problems.map(\.description) == [problem])
    }

    @Test func keysWrittenTwiceAreProblemsNotSilentChoices() {
        let result = parse("""
        {
          rules: { "unused-dependency": "error", 'unused-dependency': "off" },
          // "layers": [ in a comment ]
          layers: [{ name: "A", targets: ["A"], mayUse: [] }, { name: "B", name: "C", targets: ["B"] }],
          rules: {},
        }
        """)
        guard case .failure(let problems) = result else { Issue.record("expected problems"); return }
        #expect(problems.problems.map(\.description) == [
            "rules.unused-dependency: written twice in the same object; keep one",
            "layers[1].name: written twice in the same object; keep one",
            "rules: written twice in the same object; keep one",
        ])
    }

    @Test func syntaxErrorsSayWhereTheFileIsBroken() {
        guard case .failure(let problems) = parse("{ \"layers\": [ }") else { Issue.record("expected a problem"); return }
        #expect(problems.problems.count == 1)
        #expect(problems.problems[0].message.hasPrefix("not valid JSON5: "))
    }

    @Test func thePresetIsTheSeedsTableAndTheFileOverridesIt() throws {
        let preset = try parse("{ \"preset\": \"layers\" }").get()
        #expect(preset.layers.map(\.name) == ["Kernel", "Interfaces", "Infrastructure", "Features", "App"])
        #expect(preset.layers.map(\.mayUse) == [[], ["Kernel"], ["Kernel", "Interfaces", "Infrastructure"], ["Kernel", "Interfaces"], ["Kernel", "Interfaces", "Infrastructure", "Features"]])
        #expect(preset.layers.filter(\.allowsThirdParty).map(\.name) == ["Infrastructure", "App"])
        let overridden = try parse("{ \"rules\": { \"unused-dependency\": \"error\" } }", preset: "layers").get()
        #expect(overridden.layers == preset.layers)
        #expect(overridden.rules["unused-dependency"] == .error)
        #expect(throws: ConfigurationProblems.self) { try ConfigurationParser.preset(named: "layres").get() }
    }
}

@Suite(.tags(.small)) struct GlobTests {
    @Test(arguments: [
        ("Sources/Features/*", "Sources/Features/Search", true),
        ("Sources/Features/*", "Sources/Features/Search/Deep", false),
        ("Sources/**", "Sources/Features/Search/Deep", true),
        ("**/Legacy", "Sources/Old/Legacy", true),
        ("Sources/*Feature", "Sources/SearchFeature", true),
        ("Sources/?ore", "Sources/Core", true),
        ("./Sources/Core/", "Sources/Core", true),
        ("Sources/Core", "Sources/CoreKit", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func matchesParentsForExclusions() {
        #expect(Glob("Sources/Legacy").matchesItselfOrParent("Sources/Legacy/Old/File.swift"))
        #expect(!Glob("Sources/Legacy").matchesItselfOrParent("Sources/LegacyKit/File.swift"))
    }
}
