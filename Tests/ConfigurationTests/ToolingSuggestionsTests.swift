import Configuration
import Foundation
import ModuleGraph
import Testing

/// `init` proposes `affected.ignore` entries for what it recognises as tooling, commented out
/// with their reasons: the team opts in by uncommenting, and the result is a valid configuration.
@Suite(.tags(.small)) struct ToolingSuggestionsTests {
    static let files = [
        ".github/workflows/ci.yml", ".github/workflows/deploy-testflight.yml", ".github/workflows/Release.yml", ".ruby-version",
        "App.xcodeproj/project.pbxproj", "App/App.swift", "Dangerfile.swift", "Gemfile", "Gemfile.lock", "Podfile", "README.md",
        "Tools/Gen.xcodeproj/project.pbxproj", "Tools/project.yml", "Widget/project.yml", "fastlane/Fastfile", "project.yml",
        "ci_scripts/ci_post_clone.sh", "scripts/lint.sh", "setup.sh",
    ]

    @Test func recognisedToolingIsProposedWithItsReason() {
        let patterns = ToolingSuggestions(files: Self.files).suggestions.map(\.pattern)
        // CI that checks and a Podfile (it changes dependencies) are code's business; so is a
        // spec with no project generated beside it (Widget/project.yml).
        #expect(patterns == [
            "**/*.md", ".github/workflows/deploy-testflight.yml", ".github/workflows/Release.yml", "fastlane/**", "Gemfile", "Gemfile.lock",
            ".ruby-version", "setup.sh", "Dangerfile.swift", "ci_scripts/**", "scripts/**", "Tools/project.yml", "project.yml",
        ])
        #expect(ToolingSuggestions(files: Self.files).suggestions.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func aRepositoryWithoutToolingGetsNoBlock() {
        let tooling = ToolingSuggestions(files: ["App/App.swift", "README.md"])
        #expect(!tooling.recognisesTooling)
        let graph = ModuleGraph(packages: [], targets: [])
        let text = ConfigurationInference.infer(from: graph, packageName: "App").json5(packageName: "App", rules: [], tooling: tooling)
        #expect(!text.contains("\"affected\""))
    }

    /// Commented out, the file means what it did; uncommented, the proposed list is the list.
    @Test func theBlockIsCommentedOutAndValidWhenUncommented() throws {
        let graph = ModuleGraph(packages: [], targets: [])
        let tooling = ToolingSuggestions(files: Self.files)
        let text = ConfigurationInference.infer(from: graph, packageName: "App").json5(packageName: "App", rules: [], tooling: tooling)
        #expect(text.contains("  //     \"fastlane/**\",  // fastlane lanes: signing, screenshots, uploads\n"))
        let asWritten = try ConfigurationParser.parse(Data(text.utf8), knownRules: []).get()
        #expect(asWritten.affectedIgnore == nil)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  // \"affected\"") || line.hasPrefix("  //   ") || line.hasPrefix("  // },") ? "  " + line.dropFirst(5) : String(line)
        }.joined(separator: "\n")
        let optedIn = try ConfigurationParser.parse(Data(uncommented.utf8), knownRules: []).get()
        #expect(optedIn.affectedIgnore == tooling.suggestions.map(\.pattern))
    }
}
