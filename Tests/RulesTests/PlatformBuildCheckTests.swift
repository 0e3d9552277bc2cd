import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// Rules decide `#if` once per platform and configuration: an import no configured build
/// compiles is no finding, one some builds compile names them, an undecided one reads as before,
/// and baselines written before keep matching.
@Suite(.tags(.small)) struct PlatformBuildCheckTests {
    /// App declares nothing and imports MacOnly and FeatureTesting, both modules of the graph that
    /// no declared dependency leads to: `unreachable-import` findings.
    static func workspace(_ source: [String], builds: [PlatformBuild], settings: [BuildSetting] = [], baseline: Baseline? = nil) -> Workspace {
        let example = RuleExample("platforms", targets: [
            .init("App", source: source), .init("MacOnly"), .init("FeatureTesting"),
        ])
        var input = example.input(enabling: "unreachable-import")
        var graph = input.graph
        if !settings.isEmpty, let app = graph.targets.first(where: { $0.name == "App" }) {
            var changed = app
            changed.settings = settings
            graph = ModuleGraph(packages: graph.packages, targets: graph.targets.map { $0.id == app.id ? changed : $0 },
                                externalProducts: graph.externalProducts)
            input = input.with { $0.graph = graph }
        }
        var workspace = Workspace(graph: graph, configuration: Configuration(), sources: input.sources,
                                  baseline: baseline.map { BaselineFile(baseline: $0, path: "bulkhead-baseline.json", shownPath: "bulkhead-baseline.json") })
        workspace.builds = builds
        return workspace
    }

    static func messages(_ source: [String], builds: [PlatformBuild], settings: [BuildSetting] = []) -> [String] {
        Check.run(workspace(source, builds: builds, settings: settings)).diagnostics.filter { $0.code == "unreachable-import" }.map(\.message)
    }

    static let iOS = PlatformBuild.all(platforms: [.ios], configurations: BuildConfiguration.allCases)
    static let iOSAndMacOS = PlatformBuild.all(platforms: [.ios, .macos], configurations: BuildConfiguration.allCases)
    static let macOnly = ["#if os(macOS)", "import MacOnly", "#endif"]
    static let debugOnly = ["#if DEBUG", "import FeatureTesting", "#endif"]

    @Test func anImportNoConfiguredBuildCompilesIsNotAFinding() {
        #expect(Self.messages(Self.macOnly, builds: Self.iOS).isEmpty)
        // Without builds (the seam's default), it may be active: today's finding.
        #expect(Self.messages(Self.macOnly, builds: []) == ["App imports MacOnly, which it does not declare"])
    }

    @Test func aFindingNamesThePlatformsItHoldsOn() {
        #expect(Self.messages(Self.macOnly, builds: PlatformBuild.all(platforms: [.macos], configurations: BuildConfiguration.allCases))
            == ["App imports MacOnly, which it does not declare (on macOS)"])
        #expect(Self.messages(Self.macOnly, builds: Self.iOSAndMacOS) == ["App imports MacOnly, which it does not declare (on macOS)"])
    }

    @Test func aDebugOnlyImportIsAFindingForDebugOnlyAndSaysSo() {
        #expect(Self.messages(Self.debugOnly, builds: Self.iOSAndMacOS) == ["App imports FeatureTesting, which it does not declare (on iOS, macOS debug)"])
        #expect(Self.messages(Self.debugOnly, builds: PlatformBuild.all(platforms: [.ios], configurations: [.release])).isEmpty)
    }

    @Test func anUnconditionalImportReadsAsBefore() {
        #expect(Self.messages(["import MacOnly"], builds: Self.iOSAndMacOS) == ["App imports MacOnly, which it does not declare"])
    }

    @Test func anUndecidedImportKeepsTodaysMessageAndNote() {
        let result = Check.run(Self.workspace(["#if canImport(SomeVendorSDK)", "import MacOnly", "#endif"], builds: Self.iOS))
        let finding = result.diagnostics.first { $0.code == "unreachable-import" }
        #expect(finding?.message == "App imports MacOnly, which it does not declare")
        #expect(finding?.notes.contains { $0.contains("#if canImport(SomeVendorSDK)") } == true)
    }

    @Test func aDefineWithAPlatformConditionHoldsOnThatPlatformOnly() {
        let define = BuildSetting(tool: "swift", kind: "define", values: ["INTERNAL_MENU"], condition: DependencyCondition(platforms: ["ios"]))
        #expect(Self.messages(["#if INTERNAL_MENU", "import FeatureTesting", "#endif"], builds: Self.iOSAndMacOS, settings: [define])
            == ["App imports FeatureTesting, which it does not declare (on iOS)"])
    }

    @Test func simulatorOnlyImportsCountForThePlatform() {
        #expect(Self.messages(["#if targetEnvironment(simulator)", "import MacOnly", "#endif"], builds: Self.iOSAndMacOS)
            == ["App imports MacOnly, which it does not declare (on iOS)"])
    }

    /// Baseline entries are keyed by rule, file and the line's text, never the message: a
    /// baseline written before builds existed accepts the labelled finding.
    @Test func aBaselineWrittenWithoutBuildsStillAcceptsTheLabelledFinding() {
        let before = Check.run(Self.workspace(Self.debugOnly, builds: []))
        let baseline = Baseline(findings: before.findings)
        let after = Check.run(Self.workspace(Self.debugOnly, builds: Self.iOSAndMacOS, baseline: baseline))
        #expect(after.findings.first?.finding.message.hasSuffix("(on iOS, macOS debug)") == true)
        #expect(after.baselinedCount == 1)
        #expect(after.diagnostics.isEmpty)
    }

    @Test func theConfigurationParserKnowsEveryPlatform() {
        #expect(BuildSelection.platformNames == Platform.allCases.map(\.rawValue))
        #expect(BuildSelection.configurationNames == BuildConfiguration.allCases.map(\.rawValue))
    }
}

/// `unused-dependency` counts an import any platform may compile: a dependency imported only
/// under `#if os(Windows)` is used, whichever builds the check decides `#if` for.
@Suite(.tags(.small)) struct PlatformUnusedDependencyTests {
    @Test func aDependencyImportedForAnotherPlatformIsStillUsed() {
        let example = RuleExample("windows", targets: [
            .init("Core", dependencies: ["CWindows"], source: ["#if os(Windows)", "import CWindows", "#endif"]), .init("CWindows"),
        ])
        let input = example.input(enabling: "unused-dependency")
        var workspace = Workspace(graph: input.graph, configuration: Configuration(), sources: input.sources)
        workspace.builds = PlatformBuild.all(platforms: [.linux], configurations: BuildConfiguration.allCases)
        #expect(!Check.run(workspace).diagnostics.contains { $0.code == "unused-dependency" })

        let never = RuleExample("never", targets: [
            .init("Core", dependencies: ["CWindows"], source: ["#if false", "import CWindows", "#endif"]), .init("CWindows"),
        ]).input(enabling: "unused-dependency")
        var neverWorkspace = Workspace(graph: never.graph, configuration: Configuration(), sources: never.sources)
        neverWorkspace.builds = workspace.builds
        #expect(Check.run(neverWorkspace).diagnostics.contains { $0.code == "unused-dependency" })
    }
}
