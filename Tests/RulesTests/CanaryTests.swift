import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `Canary.run` on workspaces built in memory: every built-in rule's planting fires, and each
/// cause on `check`'s path that can keep a planted violation out is named.
@Suite(.tags(.small)) struct CanaryTests {
    /// Each layer gives one rule its ground: Domain forbids SwiftUI, Feature and Services are
    /// internal to their package, Services and App allow third-party products.
    static let layers: [Configuration.Layer] = [
        .init(name: "App", suffixes: ["App"], mayUse: ["*"], allowsThirdParty: true),
        .init(name: "Feature", suffixes: ["Feature"], mayUse: ["Services", "Domain"], isPackageInternal: true),
        .init(name: "Services", suffixes: ["Services"], mayUse: ["Services", "Domain"], allowsThirdParty: true, isPackageInternal: true),
        .init(name: "Domain", suffixes: ["Domain"], mayUse: ["Domain"], forbiddenImports: ["SwiftUI"]),
    ]

    static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(
        name: "Example",
        targets: [
            .target(name: "TravelApp", dependencies: ["SearchFeature"]),
            .target(name: "SearchFeature", dependencies: ["SearchServices", "TripsDomain"]),
            .target(name: "SearchServices", dependencies: ["TripsDomain"]),
            .target(name: "TripsDomain"),
        ]
    )
    """

    /// One entry for each source rule, each looking everywhere.
    static let source = SourceRules(
        forbiddenIdentifiers: [.init(identifiers: ["NSLog"])],
        forbiddenImports: [.init(modules: ["XCTest"])],
        declarations: [.init(kinds: ["class"], names: ["*Store"], forbiddenModifiers: ["open"])],
        uncheckedSendable: [.init(max: 0)],
        publicImports: [.init(max: 1)])

    /// The rules off unless a configuration turns them on.
    static let offByDefault: [String: RuleSetting] = ["pinned-dependency": .error, "third-party-wrapper": .error, "feature-shape": .error, "redundant-dependency": .error, "one-product-per-process": .error]

    /// Domain requires language mode 6, so required-settings has ground.
    static var layersRequiringSettings: [Configuration.Layer] {
        layers.map { layer in
            var layer = layer
            if layer.name == "Domain" { layer.requiredSettings = [RequiredSetting(kind: "swiftLanguageMode", value: "6")] }
            return layer
        }
    }

    /// Two packages: the app's, and `profile` with its internal ProfileServices.
    static func workspace(layers: [Configuration.Layer] = CanaryTests.layersRequiringSettings, rules: [String: RuleSetting] = [:], exclude: [String] = [],
                          source: SourceRules = CanaryTests.source, manifest: String = CanaryTests.manifest) -> Workspace {
        let example = RuleExample("canary ground", targets: [
            .init("TravelApp", dependencies: ["SearchFeature"], source: ["import SearchFeature"]),
            .init("SearchFeature", dependencies: ["SearchServices", "TripsDomain"], source: ["import SearchServices", "import TripsDomain"]),
            .init("SearchServices", dependencies: ["TripsDomain"], source: ["import TripsDomain"]),
            .init("TripsDomain", source: ["import Foundation"]),
            .init("ProfileServices", source: ["import Foundation"], package: "profile"),
        ], layers: layers)
        let input = example.input(enabling: "layer-dependency")
        var configuration = Configuration(layers: layers, rules: rules, exclude: exclude)
        configuration.source = source
        // A budget for extensions, which this workspace has none of: footprint-budget plants its own.
        configuration.footprintBudgets = [FootprintBudget(kinds: [.appExtension], maxModules: 40)]
        var workspace = Workspace(graph: input.graph, configuration: configuration, sources: input.sources)
        workspace.manifests["Package.swift"] = Array(manifest.utf8)
        return workspace
    }

    static func result(_ rule: String, in results: [CanaryResult], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CanaryResult? {
        let result = results.first { $0.ruleID == rule }
        #expect(result != nil, "no result for \(rule)", sourceLocation: sourceLocation)
        return result
    }

    @Test(arguments: RuleCatalog.rules.map(\.description.id))
    func everyBuiltInRuleCanBePlanted(_ id: String) {
        let rule = RuleCatalog.rules.first { $0.description.id == id }
        #expect(rule is any CanaryPlanting, "\(id) has no CanaryPlanting conformance: add one in BuiltIn/\(id)'s Rule+Canary.swift")
    }

    @Test func everyRuleFiresWhereEachHasGround() {
        let results = Canary.run(Self.workspace(rules: Self.offByDefault))
        #expect(results.map(\.ruleID) == RuleCatalog.rules.map(\.description.id).sorted())
        for result in results {
            #expect(result.status == .fired, "\(result.ruleID): \(result.reason ?? "")")
            #expect(result.location != nil && result.planted != nil)
            #expect(!result.fails(strict: true))
        }
        #expect(Self.result("forbidden-import", in: results)?.location == Diagnostics.SourceLocation(path: "Sources/TripsDomain/BulkheadCanary.swift", line: 1, column: 8))
        #expect(Self.result("package-internal", in: results)?.planted == "a dependency of SearchFeature (Feature) on ProfileServices (Services) of package profile")
    }

    @Test func theConfiguredSeverityIsTheOneProven() {
        let results = Canary.run(Self.workspace(rules: ["layer-dependency": .warning, "unused-dependency": .error, "unreachable-import": .off]))
        #expect(Self.result("layer-dependency", in: results)?.severity == .warning)
        #expect(Self.result("layer-dependency", in: results)?.status == .fired)
        #expect(Self.result("unused-dependency", in: results)?.severity == .error)
        #expect(Self.result("unused-dependency", in: results)?.status == .fired)
        #expect(!results.contains { $0.ruleID == "unreachable-import" }, "a rule that is off is not planted")
    }

    @Test func anExcludeThatHidesAllOfARulesGroundIsNamed() {
        // The profile package's folder is not under Sources: it stays checked until excluded too.
        #expect(Canary.run(Self.workspace(exclude: ["Sources"])).contains { $0.status == .fired })
        let results = Canary.run(Self.workspace(exclude: ["Sources", "profile"]))
        for result in results {
            #expect(result.status == .notFired, "\(result.ruleID)")
            #expect(result.reason.map { $0.hasSuffix("which exclude: [\"Sources\"] hides") || $0.hasSuffix("which exclude: [\"profile\"] hides") } == true,
                    "\(result.ruleID): \(result.reason ?? "")")
            #expect(result.fails(strict: false))
        }
    }

    @Test func anExcludeOfPartOfTheGroundPlantsWhereTheRuleStillLooks() {
        for result in Canary.run(Self.workspace(exclude: ["Sources/SearchFeature"])) {
            #expect(result.status == .fired, "\(result.ruleID): \(result.reason ?? "")")
            #expect(result.planted?.contains("SearchFeature (") == false, "\(result.ruleID) planted in an excluded target: \(result.planted ?? "")")
        }
    }

    @Test func anExcludeByTargetNameIsNamedToo() {
        // Domain's only target is excluded: forbidden-import can no longer see a violation.
        let results = Canary.run(Self.workspace(exclude: ["TripsDomain"]))
        #expect(Self.result("forbidden-import", in: results)?.status == .notFired)
        #expect(Self.result("forbidden-import", in: results)?.reason == "its target TripsDomain is in Sources/TripsDomain, which exclude: [\"TripsDomain\"] hides")
        #expect(Self.result("layer-dependency", in: results)?.status == .fired)
    }

    @Test func rulesWithNothingToGuardHaveNoPlaceAndFailOnlyWhenStrict() {
        let results = Canary.run(Self.workspace(layers: [], source: SourceRules()))
        for id in ["layer-dependency", "package-internal", "forbidden-import", "third-party-product", "required-settings",
                   "forbidden-identifier", "declaration-shape", "unchecked-sendable", "public-imports"] {
            let result = Self.result(id, in: results)
            #expect(result?.status == .noPlace, "\(id)")
            #expect(result?.reason?.hasPrefix("no place to plant: ") == true)
            #expect(result?.fails(strict: false) == false)
            #expect(result?.fails(strict: true) == true)
        }
        for id in ["undeclared-import", "unreachable-import", "unused-dependency", "dependency-cycle", "testing-import", "testing-in-product", "product-type"] {
            #expect(Self.result(id, in: results)?.status == .fired, "\(id)")
        }
    }

    /// What each new rule planted, and where check reported it.
    @Test(arguments: [
        ("dependency-cycle", "import ProfileServices in SearchFeature (Feature), which ProfileServices (Services) is made to depend on", "Sources/SearchFeature/BulkheadCanary.swift"),
        ("testing-import", "import CanaryTesting in SearchFeature (Feature), unconditionally", "Sources/SearchFeature/BulkheadCanary.swift"),
        ("testing-in-product", "a dependency of SearchFeature (Feature) on a new CanaryTesting library, with an executable product CanaryApp of SearchFeature", "Package.swift"),
        ("product-type", "a dynamic library product CanaryProduct of SearchFeature", "Package.swift"),
        ("feature-shape", "a feature Canary of package example with only CanaryInterface", "Package.swift"),
        ("required-settings", "language mode 5 for TripsDomain (Domain), which requires 6", "Package.swift"),
        ("pinned-dependency", "a requirement of bulkhead-canary on branch: canary in package example", "Package.swift"),
        ("third-party-wrapper", "dependencies of SearchServices (Services) and TravelApp (App) on the remote product BulkheadCanaryKit", "Package.swift"),
        ("forbidden-identifier", "a use of NSLog in SearchFeature (Feature)", "Sources/SearchFeature/BulkheadCanary.swift"),
        ("declaration-shape", "class CanaryStore in SearchFeature (Feature), with open", "Sources/SearchFeature/BulkheadCanary.swift"),
        ("unchecked-sendable", "1 @unchecked Sendable classes in SearchFeature (Feature), over the budget of 0", "Sources/SearchFeature/BulkheadCanary.swift"),
        ("public-imports", "2 public imports in SearchFeature (Feature), over the budget of 1", "Sources/SearchFeature/BulkheadCanary.swift"),
    ])
    func eachNewRuleFiresWhereItsPlantingSays(_ id: String, _ planted: String, _ path: String) {
        let result = Self.result(id, in: Canary.run(Self.workspace(rules: Self.offByDefault)))
        #expect(result?.status == .fired, "\(result?.reason ?? "")")
        #expect(result?.planted == planted)
        #expect(result?.location?.path == path)
    }

    @Test func aPathScopedForbiddenImportIsPlantedWhereNoLayerForbidsOne() {
        let source = SourceRules(forbiddenImports: [.init(modules: ["Legacy*"], scope: .init(paths: ["Sources/SearchFeature/**"]))])
        let result = Self.result("forbidden-import", in: Canary.run(Self.workspace(layers: Self.layers.map { layer in
            var layer = layer
            layer.forbiddenImports = []
            return layer
        }, source: source)))
        #expect(result?.status == .fired, "\(result?.reason ?? "")")
        #expect(result?.location?.path == "Sources/SearchFeature/BulkheadCanary.swift")
        #expect(result?.planted?.hasPrefix("import LegacyCanary in SearchFeature (Feature)") == true, "\(result?.planted ?? "")")
    }

    @Test func anExcludeThatHidesTheOffByDefaultRulesGroundIsNamed() {
        let results = Canary.run(Self.workspace(rules: Self.offByDefault, exclude: ["Sources", "profile"]))
        for id in ["pinned-dependency", "third-party-wrapper"] {
            let result = Self.result(id, in: results)
            #expect(result?.status == .notFired, "\(id)")
            #expect(result?.reason?.hasSuffix("which exclude: [\"Sources\"] hides") == true, "\(id): \(result?.reason ?? "")")
        }
    }

    @Test func aLanguageModeBudgetAndAPinPolicyShapeTheirPlantings() {
        // Under `any` a branch is allowed: the planted requirement is one with no pin.
        var workspace = Self.workspace(rules: Self.offByDefault)
        workspace.configuration.pinPolicy = .any
        let pinned = Self.result("pinned-dependency", in: Canary.run(workspace))
        #expect(pinned?.status == .fired, "\(pinned?.reason ?? "")")
        #expect(pinned?.planted == "a requirement of bulkhead-canary with no pin in package example's Package.resolved")
        // A budget of three: four planted, the fourth over.
        let budget = Self.workspace(source: SourceRules(uncheckedSendable: [.init(max: 3)], publicImports: [.init(scope: .init(targets: ["SearchFeature"]), max: 3)]))
        let results = Canary.run(budget)
        #expect(Self.result("unchecked-sendable", in: results)?.status == .fired)
        #expect(Self.result("unchecked-sendable", in: results)?.location?.line == 4)
        #expect(Self.result("public-imports", in: results)?.status == .fired)
        #expect(Self.result("public-imports", in: results)?.location == Diagnostics.SourceLocation(path: "Sources/SearchFeature/BulkheadCanary.swift", line: 4, column: 15))
    }

    /// The seeds' packages under their presets: every enabled rule fires or has no place, as
    /// `bulkhead canary --preset X` must exit 0 on them.
    @Test(arguments: [
        ("suffixes", PresetFixtures.suffixes()),
        ("features", PresetFixtures.features()),
        ("clean", PresetFixtures.clean()),
        ("layers", PresetFixtures.features()),
    ])
    func everyPresetPassesTheCanaryOnItsSeed(_ preset: String, _ targets: [RuleExample.ExampleTarget]) throws {
        let configuration = try #require(Presets.all[preset])
        let input = RuleExample("preset", targets: targets).input(enabling: "layer-dependency")
        let results = Canary.run(Workspace(graph: input.graph, configuration: configuration, sources: input.sources))
        for result in results {
            #expect(!result.fails(strict: false), "\(preset): \(result.ruleID) \(result.status.rawValue): \(result.reason ?? "")")
        }
        if preset == "features" { #expect(Self.result("feature-shape", in: results)?.status == .fired) }
    }

    @Test func testingInProductPutsItsLibraryInALayerTheUserMayUse() {
        // App may use Kernel but not App: CanaryTesting goes beside Models, not beside the app.
        let layers: [Configuration.Layer] = [
            .init(name: "App", paths: ["Sources/App/*"], mayUse: ["Kernel"]),
            .init(name: "Kernel", paths: ["Sources/Kernel/*"], mayUse: []),
        ]
        let example = RuleExample("app", targets: [
            .init("Travel", path: "Sources/App/Travel", kind: "executable", dependencies: ["Models"], source: ["import Models"]),
            .init("Models", path: "Sources/Kernel/Models", source: ["import Foundation"]),
        ], layers: layers)
        let input = example.input(enabling: "layer-dependency")
        let workspace = Workspace(graph: input.graph, configuration: Configuration(layers: layers), sources: input.sources)
        let result = Self.result("testing-in-product", in: Canary.run(workspace))
        #expect(result?.status == .fired, "\(result?.reason ?? "")")
        // With Kernel closed to App too, any new library is a layer violation first.
        let closed = layers.map { layer in
            var layer = layer
            layer.mayUse = []
            return layer
        }
        let none = Self.result("testing-in-product", in: Canary.run(Workspace(graph: input.graph, configuration: Configuration(layers: closed), sources: input.sources)))
        #expect(none?.status == .noPlace, "\(none?.planted ?? "")")
    }

    @Test func anEarlierRuleReportingTheSameViolationIsNamed() {
        // One layer that uses nothing and refuses third-party code: an unused product is a
        // third-party violation first, and no other target may be declared instead.
        let layers: [Configuration.Layer] = [.init(name: "Core", paths: ["Sources/*"], mayUse: [])]
        let example = RuleExample("no room", targets: [
            .init("Search", source: ["import Foundation"]),
            .init("Models", source: ["import Foundation"]),
        ], layers: layers)
        let input = example.input(enabling: "unused-dependency")
        let workspace = Workspace(graph: input.graph, configuration: Configuration(layers: layers), sources: input.sources)
        let result = Self.result("unused-dependency", in: Canary.run(workspace))
        #expect(result?.status == .notFired)
        #expect(result?.reason == "third-party-product reported the same violation first, and takes precedence over unused-dependency")
    }

    @Test func unusedDependencyDeclaresAnotherTargetWhereNoLayerAllowsThirdPartyCode() {
        let refusing = Self.layers.map { layer in
            var layer = layer
            layer.allowsThirdParty = false
            return layer
        }
        let result = Self.result("unused-dependency", in: Canary.run(Self.workspace(layers: refusing)))
        #expect(result?.status == .fired, "\(result?.reason ?? "")")
        #expect(result?.planted == "a dependency of TravelApp (App) on SearchServices (Services), which none of its sources imports")
    }

    @Test func aPlantedDependencyIsOneAManifestCouldDeclare() {
        // Features may not use the App layer, whose one target is the Xcode project's app: no
        // package can declare it, so there is nowhere to plant a layer violation.
        let layers: [Configuration.Layer] = [
            .init(name: "App", targets: ["Travel"], mayUse: ["*"]),
            .init(name: "Features", suffixes: ["Feature"], mayUse: []),
        ]
        let graph = ModuleGraph(packages: [
            PackageNode(identity: "app", name: "App", origin: .project(path: "Travel.xcodeproj")),
            PackageNode(identity: "modules", name: "Modules", origin: .local(path: "Modules")),
        ], targets: [
            Target(id: TargetID(package: "app", name: "Travel"), kind: .executable, moduleName: "Travel", path: "Travel",
                   sources: ["App.swift"], productType: .application),
            Target(id: TargetID(package: "modules", name: "SearchFeature"), kind: .library, moduleName: "SearchFeature",
                   path: "Sources/SearchFeature", sources: ["Search.swift"]),
        ])
        let sources = [TargetID(package: "modules", name: "SearchFeature"): [SourceFile(path: "Modules/Sources/SearchFeature/Search.swift", imports: [])]]
        let workspace = Workspace(graph: graph, configuration: Configuration(layers: layers), sources: sources)
        let result = Self.result("layer-dependency", in: Canary.run(workspace))
        #expect(result?.status == .noPlace, "\(result?.planted ?? "")")
    }

    @Test func aSuppressionOnThePlantedDeclarationIsNamed() {
        let suppressed = Self.manifest.replacingOccurrences(
            of: "        .target(name: \"SearchFeature\"",
            with: "        // bulkhead:ignore package-internal - proving the canary names suppressions\n        .target(name: \"SearchFeature\"")
        let result = Self.result("package-internal", in: Canary.run(Self.workspace(manifest: suppressed)))
        #expect(result?.status == .notFired)
        #expect(result?.reason?.hasPrefix("a // bulkhead:ignore comment suppresses it at Package.swift:8") == true, "\(result?.reason ?? "")")
    }

    @Test func aBaselineEntryThatAcceptsThePlantedViolationIsNamed() {
        // An entry left behind after its violation was fixed lets the same violation back in.
        var workspace = Self.workspace()
        workspace.baseline = BaselineFile(baseline: Baseline(entries: [.init(rule: "layer-dependency", target: "SearchFeature", subject: "TravelApp")]),
                                          path: "bulkhead-baseline.json", shownPath: "bulkhead-baseline.json")
        let result = Self.result("layer-dependency", in: Canary.run(workspace))
        #expect(result?.planted == "a dependency of SearchFeature (Feature) on TravelApp (App)")
        #expect(result?.status == .notFired)
        #expect(result?.reason == "the baseline bulkhead-baseline.json accepts it, so check would not show it")
    }

    @Test func aRuleWithoutAPlantingCannotBeProven() {
        let results = Canary.run(Self.workspace(), rules: RuleCatalog.rules + [ForbiddenFoundationRule()])
        let result = Self.result("no-foundation", in: results)
        #expect(result?.status == .noRecipe)
        #expect(result?.fails(strict: false) == true)
    }

    @Test func aRuleThatMissesItsPlantingDidNotFire() {
        let results = Canary.run(Self.workspace(), rules: [BlindRule()])
        #expect(results.count == 1)
        #expect(results.first?.status == .notFired)
        #expect(results.first?.reason == "the rule did not report it")
        #expect(results.first?.location == Diagnostics.SourceLocation(path: "Sources/TravelApp/BulkheadCanary.swift", line: 1, column: 1))
    }

    @Test func aRuleWhoseViolationIsNeitherADependencyNorAnImportPlantsWithAnEdit() {
        let results = Canary.run(Self.workspace(), rules: [SettingRule()])
        #expect(results.first?.status == .fired, "\(results.first?.reason ?? "")")
        #expect(results.first?.planted == "unsafeFlags in TripsDomain")
        #expect(Check.run(Self.workspace(), rules: [SettingRule()]).findings.isEmpty, "the violation is the planted one")
    }

    @Test func plantingLeavesTheWorkspaceItCameFromAlone() {
        let workspace = Self.workspace()
        let before = Check.run(workspace).diagnostics
        _ = Canary.run(workspace)
        #expect(Check.run(workspace).diagnostics == before)
        #expect(workspace.graph.package(CanaryPackage.identity) == nil)
    }
}

/// A rule that plants a violation and never reports it: the canary must say it did not fire.
private struct BlindRule: CanaryPlanting {
    static let description = RuleDescription(id: "blind", summary: "Reports nothing.", rationale: "A broken rule, for the canary's tests.",
                                             defaultSeverity: .error, triggering: [], nonTriggering: [])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] { [] }

    func plant(in input: CheckInput) -> CanaryPlot {
        guard let target = input.graph.targets.first(where: { $0.name == "TravelApp" }) else { return .noPlace("no TravelApp") }
        return .planted(.importing("Anything", in: target, graph: input.graph, summary: "import Anything in TravelApp"))
    }
}

/// A rule about settings, as issue 15's `required-settings` will be: its canary changes a
/// target's settings through a custom edit.
private struct SettingRule: CanaryPlanting {
    static let description = RuleDescription(id: "no-unsafe-flags", summary: "A target sets unsafeFlags.", rationale: "For the canary's tests.",
                                             defaultSeverity: .error, triggering: [], nonTriggering: [])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        input.graph.targets.filter { target in !input.isExcluded(target) && target.settings.contains { $0.kind == "unsafeFlags" } }.map { target in
            Finding(ruleID: Self.description.id, severity: severity, target: target.id, subject: "unsafeFlags",
                    message: "\(target.name) sets unsafeFlags", place: .manifest(dependency: nil))
        }
    }

    func plant(in input: CheckInput) -> CanaryPlot {
        guard let target = input.graph.targets.first(where: { $0.name == "TripsDomain" }) else { return .noPlace("no TripsDomain") }
        return .planted(.editing(target: target.id, subject: "unsafeFlags", place: .manifest, summary: "unsafeFlags in TripsDomain") { workspace in
            let graph = workspace.graph
            let targets = graph.targets.map { other in
                var other = other
                if other.id == target.id { other.settings.append(BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-Ounchecked"])) }
                return other
            }
            workspace.graph = ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts)
        })
    }
}
