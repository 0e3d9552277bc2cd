import Foundation
import ModuleGraph
import Selection
import Testing

/// A changed `project.pbxproj` compared by its summary's resolved build settings: each target
/// whose settings changed is affected, with the settings and configurations named, and no other.
@Suite(.tags(.small)) struct ProjectSettingsImpactTests {
    static let project = "shop.xcodeproj"

    static let graph = ModuleGraph(
        packages: [PackageNode(identity: project, name: "Shop", origin: .project(path: "Shop.xcodeproj"))],
        targets: ["Shop", "ShopTests", "Widget"].map { name in
            Target(id: TargetID(package: project, name: name), kind: name.hasSuffix("Tests") ? .test : .executable, moduleName: name, path: name)
        })

    /// A project summary whose targets have these settings (target → configuration → key → value).
    static func summary(_ settings: [String: [String: [String: String]]]) -> ProjectSummary {
        let targets = settings.keys.sorted().map { ProjectSummary.Target(name: $0, type: "application", module: $0, buildSettings: settings[$0] ?? [:]) }
        return ProjectSummary(name: "Shop", targets: targets, packages: [])
    }

    static func settings(_ extra: [String: String] = [:], in configurations: [String] = ["Debug", "Release"]) -> [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: ["Debug", "Release"].map { configuration in
            (configuration, ["SWIFT_VERSION": "6.0"].merging(configurations.contains(configuration) ? extra : [:]) { $1 })
        })
    }

    static func seeds(from base: ProjectSummary, to head: ProjectSummary) -> [String] {
        guard case .seeds(let seeds, _) = ManifestImpact.of(.projects(base: base, head: head), package: project,
                                                            path: "Shop.xcodeproj/project.pbxproj", graph: graph) else { return ["everything"] }
        return seeds.map { "\($0.target.name): \($0.reason)" }.sorted()
    }

    @Test func unchangedSettingsAffectNothing() {
        let same = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(), "Widget": Self.settings()])
        #expect(Self.seeds(from: same, to: same) == [])
    }

    /// A project-level setting is in every target's resolved settings.
    @Test func aSettingEveryTargetGainedAffectsEveryTarget() {
        let base = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(), "Widget": Self.settings()])
        let strict = Self.settings(["SWIFT_STRICT_CONCURRENCY": "complete"])
        let head = Self.summary(["Shop": strict, "ShopTests": strict, "Widget": strict])
        #expect(Self.seeds(from: base, to: head) == ["Shop", "ShopTests", "Widget"].map { "\($0): settings changed: SWIFT_STRICT_CONCURRENCY (Debug, Release)" })
    }

    @Test func oneTargetsSettingInOneConfigurationAffectsThatTargetOnly() {
        let base = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(), "Widget": Self.settings()])
        let head = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(["SWIFT_VERSION": "5.0"], in: ["Release"]),
                                 "Widget": Self.settings(["SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor", "MARKETING_VERSION": "2.0"])])
        #expect(Self.seeds(from: base, to: head) == [
            "ShopTests: settings changed: SWIFT_VERSION (Release)",
            "Widget: settings changed: MARKETING_VERSION (Debug, Release), SWIFT_DEFAULT_ACTOR_ISOLATION (Debug, Release)",
        ])
    }

    @Test func manyChangedSettingsAreNamedUpToEightAndCounted() {
        let base = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(), "Widget": Self.settings()])
        let many = Dictionary(uniqueKeysWithValues: (1...11).map { ("SETTING_\($0 < 10 ? "0" : "")\($0)", "YES") })
        let head = Self.summary(["Shop": Self.settings(many), "ShopTests": Self.settings(), "Widget": Self.settings()])
        #expect(Self.seeds(from: base, to: head) == [
            "Shop: settings changed: " + (1...8).map { "SETTING_0\($0) (Debug, Release)" }.joined(separator: ", ") + " and 3 more",
        ])
    }

    /// A configuration on one side only changes every setting it sets.
    @Test func anAddedConfigurationChangesWhatItSets() {
        let base = Self.summary(["Shop": Self.settings(), "ShopTests": Self.settings(), "Widget": Self.settings()])
        var staging = Self.settings()
        staging["Staging"] = ["SWIFT_VERSION": "6.0"]
        let head = Self.summary(["Shop": staging, "ShopTests": Self.settings(), "Widget": Self.settings()])
        #expect(Self.seeds(from: base, to: head) == ["Shop: settings changed: SWIFT_VERSION (Staging)"])
    }
}
