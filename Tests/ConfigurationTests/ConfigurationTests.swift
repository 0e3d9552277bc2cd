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
        ("{ \"layers\": [{ \"name\": \"A\" }] }", "layers[0]: layer 'A' selects no targets; give it paths, suffixes, prefixes, targets or kinds"),
        ("{ \"layers\": [{ \"name\": \"A\", \"targets\": [\"B\", 1] }] }", "layers[0].targets[1]: expected a string, found a number"),
        ("{ \"rules\": { \"layer-dependency\": \"fatal\" } }", "rules.layer-dependency: expected \"error\", \"warning\", \"note\" or \"off\", found 'fatal'"),
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

    @Test(arguments: [
        ("{ \"layers\": [ }", "line 1, column 15: expected a value, found '}'"),
        ("{\n  preset: \"layers\"\n  rules: {}\n}", "line 3, column 3: expected ',' or '}', found 'r'"),
        ("{ a: 1e309 }", "line 1, column 6: the number 1e309 is too large"),
        ("{ a: \"\\uD800\" }", "line 1, column 13: a lone high surrogate is not a character"),
        ("{ a: \"\\uDC00\" }", "line 1, column 13: a lone low surrogate (\\uDC00) is not a character"),
        ("{ a: \"x\\xFFy\" }", "line 1, column 8: this is not valid UTF-8; save the file as UTF-8"),
        ("{ a: 'open }", "line 1, column 6: this string is never closed"),
        ("{ /* never closed }", "line 1, column 3: this comment is never closed with */"),
        ("", "line 1, column 1: the file is empty; write an object: { }"),
        ("{ a: yes }", "line 1, column 6: expected a value, found 'yes'; quote strings"),
        ("{} {}", "line 1, column 4: unexpected '{' after the end of the top-level value"),
        (String(repeating: "[", count: 100_000), "line 1, column 257: nested deeper than 256 objects and lists"),
    ])
    func syntaxErrorsSayWhereTheFileIsBroken(text: String, location: String) {
        guard case .failure(let problems) = ConfigurationParser.parse(Data(text.utf8).replacingPlaceholderByte(), knownRules: knownRules) else {
            Issue.record("expected a problem"); return
        }
        #expect(problems.problems.map(\.description) == ["not valid JSON5 at \(location)"])
    }

    @Test func problemsShowControlCharactersEscaped() {
        guard case .failure(let problems) = parse(#"{ "\u001b[31m": 1 }"#) else { Issue.record("expected a problem"); return }
        #expect(problems.problems.first?.description.hasPrefix("\\x1B[31m: unknown key") == true)
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

extension Data {
    /// `\xFF` in a test's text stands for the byte 0xFF, which a Swift string cannot hold.
    func replacingPlaceholderByte() -> Data {
        let text = String(decoding: self, as: UTF8.self)
        guard let range = text.range(of: "\\xFF") else { return self }
        return Data(text[..<range.lowerBound].utf8) + Data([0xFF]) + Data(text[range.upperBound...].utf8)
    }
}
