import Diagnostics
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

    /// The names a format cannot print safely, sorted. `xcodebuild` and `swift-test` output is
    /// meant to be split into arguments (docs/affected.md: a bash array from its lines), and a SwiftPM
    /// target name may hold spaces, quotes, line breaks or `-resultBundlePath`-like words: only
    /// names of letters, digits, `_`, `.` and `-` (ASCII) go out, never a quoted or escaped
    /// form a shell might read differently. `names` is one name a line, so only a control
    /// character (a line break would make two names) is refused there.
    package func unsafeNames(for format: Format) -> [String] {
        switch format {
        case .names: names.filter { $0.unicodeScalars.contains(where: VisibleText.isControl) }
        case .xcodebuild: names.filter { !Self.isPlain($0) }
        case .swiftTest: modules.filter { !Self.isPlain($0) }
        }
    }

    /// The line formats, for `unsafeNames(for:)`.
    package enum Format: Sendable {
        case names, xcodebuild, swiftTest
    }

    /// Letters, digits, `_`, `.` and `-`, ASCII only, not empty.
    package static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
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
