import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// Commands in-process on the TravelAppProject fixture: an Xcode project whose app target is the
/// composition root over a local `Modules` package (its toolchain answers recorded).
@Suite(.tags(.medium)) struct XcodeProjectCommandTests {
    static let fixture = "TravelAppProject"

    static func run(_ arguments: [String]) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: fixture)
    }

    struct Finding: Decodable, Equatable {
        var rule: String
        var file: String?
        var line: Int?
        var target: String?
    }

    struct Report: Decodable {
        var findings: [Finding]
    }

    @Test func theAppTargetsUndeclaredImportOfAPackageModuleIsReportedAtItsLine() throws {
        let run = Self.run(["check", "--format", "json", "--quiet"])
        #expect(run.status == .violations, "\(run.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        // CompositionRoot imports Networking; the app links AppModules (Search, SearchInterface) only.
        // PreviewData.swift imports Analytics too, but the synchronized folder's exception keeps it out.
        // DebugMenu and StoreReporting import Analytics under #if DEBUG and #if APPSTORE.
        #expect(report.findings.map { Finding(rule: $0.rule, file: $0.file, line: $0.line) } == [
            Finding(rule: "undeclared-import", file: "App/CompositionRoot.swift", line: 3),
            Finding(rule: "unreachable-import", file: "App/DebugMenu.swift", line: 2),
            Finding(rule: "unreachable-import", file: "App/StoreReporting.swift", line: 2),
        ])
    }

    /// `#if` in an app target is decided with its SWIFT_ACTIVE_COMPILATION_CONDITIONS: the
    /// Debug configuration sets DEBUG, the Release one sets APPSTORE; neither has SWIFT_PACKAGE.
    @Test(arguments: [
        ("debug", ["App/CompositionRoot.swift", "App/DebugMenu.swift"]),
        ("release", ["App/CompositionRoot.swift", "App/StoreReporting.swift"]),
    ])
    func anAppTargetsConditionsDecideItsImportsPerConfiguration(_ configuration: String, files: [String]) throws {
        let run = Self.run(["check", "--format", "json", "--quiet", "--configuration", configuration])
        #expect(run.status == .violations, "\(run.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.findings.compactMap(\.file) == files)
    }

    /// The app's builds are its own platform's (SDKROOT = iphoneos), not the package's macOS.
    @Test func theFindingNamesTheConfigurationItHoldsIn() {
        let run = Self.run(["check"])
        #expect(run.standardOutput.contains("App/DebugMenu.swift:2:8: error: TravelApp imports Analytics, which it does not declare (on iOS debug)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("App/StoreReporting.swift:2:8: error: TravelApp imports Analytics, which it does not declare (on iOS release)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("note: the import is inside #if APPSTORE"), "\(run.standardOutput)")
    }

    @Test func aLayerRuleOnTheAppTargetWorks() throws {
        let folder = TemporaryFolder()
        let configuration = folder.write("bulkhead.json", """
        { "layers": [
            { "name": "App", "targets": ["TravelApp"], "mayUse": ["Features"] },
            { "name": "Extensions", "targets": ["TravelWidget"], "mayUse": ["Interfaces"] },
            { "name": "Features", "targets": ["Search"], "mayUse": ["Interfaces", "Core"] },
            { "name": "Interfaces", "targets": ["SearchInterface"], "mayUse": [] },
            { "name": "Core", "targets": ["Networking", "Analytics"], "mayUse": [] },
        ] }
        """)
        let run = Self.run(["check", "--config", configuration])
        #expect(run.status == .violations, "\(run.standardError)")
        // The app may use features, not the interfaces it links through AppModules nor the core it imports.
        #expect(run.standardOutput.contains("TravelApp (App) depends on SearchInterface (Interfaces); App may use only Features"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("App/CompositionRoot.swift:3:8: error: TravelApp (App) imports Networking (Core)"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("TravelWidget (Extensions)"), "\(run.standardOutput)")
    }

    @Test func graphListsTheProjectAndItsTargetsOfTheirKind() throws {
        let run = Self.run(["graph", "--format", "json"])
        #expect(run.status == .clean, "\(run.standardError)")
        let text = run.standardOutput
        #expect(text.contains("\"path\" : \"TravelApp.xcodeproj\""), "\(text)")
        #expect(text.contains("\"productType\" : \"ui-test\""), "\(text)")
        #expect(text.contains("\"testHost\" : \"TravelApp\""), "\(text)")
    }

    @Test func whySeesTheAppTarget() throws {
        let run = Self.run(["why", "TravelApp", "Networking"])
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.contains("TravelApp → Search → Networking"), "\(run.standardOutput)")
    }

    @Test(arguments: [
        ("App/CompositionRoot.swift", ["-only-testing:TravelAppTests", "-only-testing:TravelAppUITests"]),
        ("Widget/TravelWidget.swift", ["-only-testing:TravelWidgetTests"]),
        ("Modules/Sources/SearchInterface/SearchRouting.swift",
         ["-only-testing:SearchTests", "-only-testing:TravelAppTests", "-only-testing:TravelAppUITests", "-only-testing:TravelWidgetTests"]),
    ])
    func anAppFileSelectsOnlyTheTestsOfItsTarget(_ file: String, expected: [String]) throws {
        let folder = TemporaryFolder()
        let list = folder.write("changes.txt", "Tests/Fixtures/\(Self.fixture)/\(file)\n")
        let run = Self.run(["affected", "--files", list, "--format", "xcodebuild"])
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == expected)
    }

    /// A product the widget links and never imports is reported at its line in project.pbxproj.
    @Test func anUnusedProductOfAProjectTargetIsReportedAtItsLineInTheProjectFile() throws {
        let copy = try Fixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let file = copy + "/TravelApp.xcodeproj/project.pbxproj"
        let edited = TravelAppProjectEdits.widgetLinksAnalytics(try String(contentsOfFile: file, encoding: .utf8))
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        let line = try #require(edited.components(separatedBy: "\n").firstIndex { $0.contains("productName = Analytics;") }) + 1
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: Self.fixture, root: copy)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.findings.filter { $0.rule == "unused-dependency" }.map { Finding(rule: $0.rule, file: $0.file, line: $0.line) } == [
            Finding(rule: "unused-dependency", file: "TravelApp.xcodeproj/project.pbxproj", line: line),
        ], "\(run.standardOutput)")
    }
}
