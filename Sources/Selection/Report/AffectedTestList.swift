import ModuleGraph

/// The selected tests as test tools name them: xcodebuild by target name, `swift test` by
/// module. A package qualifier would make them miss, so the same name in two packages is one.
package struct AffectedTestList: Sendable, Equatable {
    /// Unique and sorted.
    package var names: [String]
    /// Unique and sorted.
    package var modules: [String]

    package init(_ selection: AffectedSelection, graph: ModuleGraph) {
        names = Set(selection.selected.map(\.test.name)).sorted()
        modules = Set(selection.selected.compactMap { graph.target($0.test)?.moduleName }).sorted()
    }

    /// `-only-testing:X` for each test, one argument a line.
    package var xcodebuildArguments: [String] { names.map { "-only-testing:\($0)" } }

    /// `--filter` and a regular expression of the test modules; nothing when no test is selected.
    package var swiftTestArguments: [String] {
        modules.isEmpty ? [] : ["--filter", "^(\(modules.map(Self.regexEscaped).joined(separator: "|")))\\."]
    }

    private static func regexEscaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
