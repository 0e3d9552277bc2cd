import Formats

/// Files `init` recognises as tooling rather than code the tests build — deployment workflows
/// and lanes, Ruby gems, setup scripts, an XcodeGen spec whose generated project is committed —
/// proposed as `affected.ignore` entries, each with its reason. Only proposed: a file outside
/// every target runs every test, which is safe, and whether one really changes nothing is the
/// team's call (a `Gemfile.lock` bump of a code generator can change the sources it writes).
package struct ToolingSuggestions: Sendable, Equatable {
    package struct Suggestion: Sendable, Equatable {
        /// An `affected.ignore` glob, relative to the root.
        package var pattern: String
        package var reason: String
    }

    /// In a stable order: the defaults that match a file first, then tooling by kind.
    package var suggestions: [Suggestion]

    /// What `affected` ignores when the configuration names nothing: an `affected.ignore` list
    /// replaces these, so a proposed list starts with them.
    package static let defaultIgnores = ["**/*.md", "docs/**"]

    /// A workflow whose file name says it ships rather than checks.
    private static let deployWords = ["deploy", "release", "publish", "testflight", "appstore", "app-store", "distribute"]

    /// `files` are every file of the repository relative to the root, hidden ones included.
    package init(files: [String]) {
        var suggestions = Self.defaultIgnores.filter { pattern in files.contains(where: Glob(pattern).matchesItselfOrParent) }
            .map { Suggestion(pattern: $0, reason: "ignored by default; listed so the list keeps it") }
        let present = Set(files)
        func below(_ folder: String) -> Bool { files.contains { $0.hasPrefix(folder + "/") } }
        for file in files where file.hasPrefix(".github/workflows/") && !file.dropFirst(18).contains("/") {
            let name = file.dropFirst(18).lowercased()
            if Self.deployWords.contains(where: name.contains) {
                suggestions.append(Suggestion(pattern: file, reason: "a workflow that deploys or releases, by its name"))
            }
        }
        if below("fastlane") { suggestions.append(Suggestion(pattern: "fastlane/**", reason: "fastlane lanes: signing, screenshots, uploads")) }
        for (file, reason) in [
            ("Gemfile", "Ruby gems for tooling"),
            ("Gemfile.lock", "Ruby gem versions for tooling (a code generator among them would change sources: check first)"),
            (".ruby-version", "the Ruby version for tooling"),
            ("setup.sh", "a setup script run by hand"),
            ("bootstrap.sh", "a setup script run by hand"),
            ("Dangerfile", "Danger's pull-request checks"),
            ("Dangerfile.swift", "Danger's pull-request checks"),
        ] where present.contains(file) {
            suggestions.append(Suggestion(pattern: file, reason: reason))
        }
        if below("ci_scripts") {
            suggestions.append(Suggestion(pattern: "ci_scripts/**", reason: "Xcode Cloud's scripts (one may write a file the build reads: check first)"))
        }
        if below("scripts") {
            suggestions.append(Suggestion(pattern: "scripts/**", reason: "scripts run by hand or in CI (unless a build phase runs one)"))
        }
        // An XcodeGen spec beside the project it generated: the project is what builds, and a
        // change to it is compared target by target on its own.
        for file in files where file == "project.yml" || file.hasSuffix("/project.yml") {
            let folder = file == "project.yml" ? "" : String(file.dropLast("/project.yml".count)) + "/"
            let generated = files.contains { $0.hasPrefix(folder) && $0.hasSuffix(".xcodeproj/project.pbxproj") && !$0.dropFirst(folder.count).dropLast(".xcodeproj/project.pbxproj".count).contains("/") }
            if generated {
                suggestions.append(Suggestion(pattern: file, reason: "XcodeGen's spec; the project generated from it is committed and compared on its own"))
            }
        }
        self.suggestions = suggestions
    }

    /// Whether anything beyond the defaults was recognised.
    package var recognisesTooling: Bool { suggestions.contains { !Self.defaultIgnores.contains($0.pattern) } }
}
