import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check`, `baseline` and `imports` on the PlatformConditions fixture: an iOS-only package whose
/// sources import undeclared modules under `#if os(macOS)`, `#if DEBUG`, a `.define` for iOS only,
/// `targetEnvironment(simulator)` and a `canImport` nobody can decide.
@Suite(.tags(.medium)) struct PlatformCommandTests {
    static func check(_ arguments: [String] = [], root: String? = nil) -> CommandRun {
        RecordedToolchainCommandTests.run(["check", "--format", "xcode", "--quiet"] + arguments, fixture: "PlatformConditions", root: root)
    }

    static func errors(_ run: CommandRun) -> [String] {
        run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
            .map { line in line.range(of: "Sources/").map { String(line[$0.lowerBound...]) } ?? String(line) }
    }

    static let undecided = "Sources/App/Undecided.swift:2:8: error: App imports MacOnly, which it does not declare [unreachable-import]"

    @Test func byDefaultTheManifestsPlatformsAndBothConfigurationsAreChecked() {
        let run = Self.check()
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(Self.errors(run) == [
            "Sources/App/App.swift:6:8: error: App imports FeatureTesting, which it does not declare (on iOS debug) [unreachable-import]",
            Self.undecided,
            "Sources/Settings/Settings.swift:3:8: error: Settings imports FeatureTesting, which it does not declare (on iOS) [unreachable-import]",
            "Sources/Settings/Settings.swift:6:8: error: Settings imports MacOnly, which it does not declare (on iOS) [unreachable-import]",
        ])
    }

    @Test func aMacOnlyImportIsAFindingOnMacOS() {
        let run = Self.check(["--platform", "macos"])
        #expect(Self.errors(run).filter { $0.hasPrefix("Sources/App/App.swift:3:8") }
            == ["Sources/App/App.swift:3:8: error: App imports MacOnly, which it does not declare (on macOS) [unreachable-import]"])
    }

    @Test func releaseBuildsCompileNoDebugImport() {
        let run = Self.check(["--configuration", "release"])
        #expect(!run.standardOutput.contains("FeatureTesting, which it does not declare (on iOS debug)"))
        #expect(!Self.errors(run).contains { $0.hasPrefix("Sources/App/App.swift:6:8") })
    }

    @Test func bulkheadJSONChoosesTheBuilds() throws {
        let copy = try Fixtures.copy("PlatformConditions")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try #"{ build: { platforms: ["ios", "macos"], configurations: ["debug"] } }"#.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = Self.check(root: copy)
        // Only debug was asked for, and the label says which builds: debug ones.
        #expect(Self.errors(run).contains("Sources/App/App.swift:3:8: error: App imports MacOnly, which it does not declare (on macOS debug) [unreachable-import]"))
        #expect(Self.errors(run).contains("Sources/App/App.swift:6:8: error: App imports FeatureTesting, which it does not declare (on iOS, macOS debug) [unreachable-import]"))
        // The command line wins over the file.
        #expect(!Self.errors(Self.check(["--platform", "ios"], root: copy)).contains { $0.hasPrefix("Sources/App/App.swift:3:8") })
    }

    @Test func importsMarksEachBuildInJSONAndFiltersText() throws {
        let json = RecordedToolchainCommandTests.run(["imports", "--format", "json", "--platform", "ios", "--platform", "macos", "--configuration", "debug", "--target", "App"],
                                                     fixture: "PlatformConditions")
        struct Document: Decodable {
            struct Entry: Decodable { var line: Int; var file: String; var builds: [Build] }
            struct Build: Decodable, Equatable { var platform: String; var configuration: String; var active: Active }
            enum Active: Decodable, Equatable {
                case decided(Bool), unknown
                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let value = try? container.decode(Bool.self) { self = .decided(value) } else { self = try container.decode(String.self) == "unknown" ? .unknown : .decided(false) }
                }
            }
            var version: Int
            var imports: [Entry]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(json.standardOutput.utf8))
        #expect(document.version == 3)
        let macOnly = try #require(document.imports.first { $0.file.hasSuffix("App.swift") && $0.line == 3 })
        #expect(macOnly.builds == [.init(platform: "ios", configuration: "debug", active: .decided(false)),
                                   .init(platform: "macos", configuration: "debug", active: .decided(true))])
        let undecided = try #require(document.imports.first { $0.file.hasSuffix("Undecided.swift") })
        #expect(undecided.builds.map(\.active) == [.unknown, .unknown])

        let text = RecordedToolchainCommandTests.run(["imports", "--platform", "ios", "--target", "App"], fixture: "PlatformConditions").standardOutput
        #expect(!text.contains("App.swift:3:8"), "an import no iOS build compiles is left out")
        #expect(text.contains("App.swift:6:8  App  import FeatureTesting  #if DEBUG  (on iOS debug)"))
        #expect(text.contains("(undecided on iOS)"))
    }
}
