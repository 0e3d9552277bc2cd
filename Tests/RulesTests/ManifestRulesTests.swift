import Configuration
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `required-settings`, `pinned-dependency` and `third-party-wrapper` beyond their documented
/// examples: language-mode defaults, conditions, unsafe flags, Xcode targets, policies and pins.
@Suite(.tags(.small)) struct ManifestRulesTests {
    // MARK: required-settings

    /// A Features target with `settings`, in a package of `toolsVersion` and `languageModes`.
    func settingsFindings(_ settings: [BuildSetting], toolsVersion: String = "6.0.0", languageModes: [String] = [],
                          required: [String] = ["swiftLanguageMode(6)"]) -> [String] {
        var input = RuleExample("", targets: [.init("SearchFeature", path: "Sources/Features/SearchFeature")], layers: {
            var layer = Configuration.Layer(name: "Features", paths: ["Sources/Features/*"])
            layer.requiredSettings = required.compactMap(RequiredSetting.init(parsing:))
            return [layer]
        }()).input(enabling: RequiredSettingsRule.description.id)
        var graph = input.graph
        graph = ModuleGraph(
            packages: graph.packages.map { package in
                var package = package
                if package.identity == "example" { package.toolsVersion = toolsVersion; package.languageModes = languageModes }
                return package
            },
            targets: graph.targets.map { var target = $0; target.settings = settings; return target },
            externalProducts: [])
        input = input.with { $0.graph = graph }
        return Checker.run(input).map(\.message)
    }

    @Test(arguments: [
        ("6.0.0", [String](), [BuildSetting](), false),
        ("5.9.0", [], [], true),
        ("5.9.0", ["5", "6"], [], false),
        ("6.0.0", [], [BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["5"])], true),
        ("5.9.0", [], [BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["6"])], false),
    ])
    func languageModeFollowsTheTargetThenThePackage(_ tools: String, modes: [String], settings: [BuildSetting], fires: Bool) {
        let findings = settingsFindings(settings, toolsVersion: tools, languageModes: modes)
        #expect(findings.isEmpty != fires, "\(findings)")
    }

    @Test func aConditionalSettingOrUnsafeFlags() {
        let required = ["enableUpcomingFeature(ExistentialAny)"]
        let conditional = BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny"], condition: DependencyCondition(configuration: "debug"))
        #expect(settingsFindings([conditional], required: required).first?.contains("only under a condition") == true)
        let flags = BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-enable-upcoming-feature", "ExistentialAny"])
        #expect(settingsFindings([flags], required: required).isEmpty)
        let missing = settingsFindings([], required: required)
        #expect(missing == ["SearchFeature (Features) lacks .enableUpcomingFeature(\"ExistentialAny\"), which its layer requires: add it to its swiftSettings"])
    }

    /// An Xcode target's settings are resolved through its .xcconfig files, so what it lacks is
    /// reported with the build setting that carries it; a target that sets no SWIFT_VERSION at
    /// any level is unknown, not wrong.
    @Test func anXcodeTargetIsCheckedForItsResolvedSettings() {
        let project = PackageNode(identity: "app", name: "App", origin: .project(path: "App.xcodeproj"))
        let required = ["swiftLanguageMode(6)", "defaultIsolation(MainActor)", "enableUpcomingFeature(ExistentialAny)"].compactMap(RequiredSetting.init(parsing:))
        var target = Target(id: TargetID(package: "app", name: "App"), kind: .executable, moduleName: "App", path: "App")
        #expect(required.compactMap { RequiredSettingsRule.problem(with: $0, in: target, package: project) } == [
            "lacks defaultIsolation(MainActor), which its layer requires: set SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor in its build settings or .xcconfig",
            "lacks enableUpcomingFeature(ExistentialAny), which its layer requires: set SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES in its build settings or .xcconfig",
        ])
        target.settings = [BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["5.0"])]
        #expect(RequiredSettingsRule.problem(with: required[0], in: target, package: project)?.hasSuffix("set SWIFT_VERSION = 6") == true)
        target.settings = [
            BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["6.0"]),
            BuildSetting(tool: "swift", kind: "defaultIsolation", values: ["MainActor"]),
            BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny"], condition: DependencyCondition(configuration: "debug")),
        ]
        #expect(required.compactMap { RequiredSettingsRule.problem(with: $0, in: target, package: project) } == [
            "has enableUpcomingFeature(ExistentialAny) in some configurations only; its layer requires it in every build: set SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES for all of them",
        ])
    }

    /// The advice names the build setting Xcode's Swift build specification has, irregular names
    /// included; a feature no Xcode setting carries is passed in OTHER_SWIFT_FLAGS.
    @Test(arguments: [
        ("enableUpcomingFeature(DisableOutwardActorInference)", "SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION = YES"),
        ("enableUpcomingFeature(ImportObjcForwardDeclarations)", "SWIFT_UPCOMING_FEATURE_IMPORT_OBJC_FORWARD_DECLS = YES"),
        ("enableUpcomingFeature(BareSlashRegexLiterals)", "SWIFT_ENABLE_BARE_SLASH_REGEX = YES"),
        ("enableUpcomingFeature(StrictConcurrency)", "SWIFT_STRICT_CONCURRENCY = complete"),
        ("enableExperimentalFeature(StrictConcurrency)", "SWIFT_STRICT_CONCURRENCY = complete"),
        ("enableUpcomingFeature(ImmutableWeakCaptures)", "OTHER_SWIFT_FLAGS = $(inherited) -enable-upcoming-feature ImmutableWeakCaptures"),
    ])
    func anXcodeTargetIsAdvisedTheSettingXcodeHas(_ required: String, setting: String) throws {
        let project = PackageNode(identity: "app", name: "App", origin: .project(path: "App.xcodeproj"))
        let target = Target(id: TargetID(package: "app", name: "App"), kind: .executable, moduleName: "App", path: "App")
        let problem = RequiredSettingsRule.problem(with: try #require(RequiredSetting(parsing: required)), in: target, package: project)
        #expect(problem == "lacks \(required), which its layer requires: set \(setting) in its build settings or .xcconfig")
    }

    // MARK: pinned-dependency

    @Test(arguments: [
        ("exact: 1.2.3", PinPolicy.exact, "exact: \"1.2.3\""),
        ("range: 1.2.0..<1.3.0", .upToNextMinor, ".upToNextMinor(from: \"1.2.0\")"),
        ("range: 1.2.0..<2.0.0", .upToNextMajor, "from: \"1.2.0\""),
        ("range: 1.2.0..<1.8.0", .range, "\"1.2.0\"..<\"1.8.0\""),
        ("branch: main", .any, "branch: \"main\""),
        ("revision: 1a2b3c", .exact, "revision: \"1a2b3c\""),
        ("kind: exactVersion, version: 8.13.0", .exact, "exact: \"8.13.0\""),
        ("kind: upToNextMajorVersion, minimumVersion: 5.0.0", .upToNextMajor, "from: \"5.0.0\""),
        ("kind: upToNextMinorVersion, minimumVersion: 5.2.0", .upToNextMinor, ".upToNextMinor(from: \"5.2.0\")"),
        ("branch: develop, kind: branch", .any, "branch: \"develop\""),
    ])
    func requirementsReadFromTheDumpAndFromProjects(_ text: String, policy: PinPolicy, spelling: String) {
        let requirement = VersionRequirement(text)
        #expect(requirement.policy == policy)
        #expect(requirement.spelling == spelling)
    }

    @Test(arguments: [
        ("exact: 1.2.3", "1.2.3", true), ("exact: 1.2.3", "1.2.4", false),
        ("range: 1.2.0..<2.0.0", "1.9.9", true), ("range: 1.2.0..<2.0.0", "2.0.0", false), ("range: 1.2.0..<2.0.0", "1.1.0", false),
    ])
    func pinsSatisfyRequirements(_ text: String, version: String, satisfied: Bool) {
        #expect(VersionRequirement(text).isSatisfied(by: ResolvedPin(location: "", version: version)) == satisfied)
    }

    @Test func aRevisionPrefixMatchesTheFullHash() {
        let pin = ResolvedPin(location: "", revision: "2ad82ec1c3b5f7e0a9d2")
        #expect(VersionRequirement("revision: 2ad82ec").isSatisfied(by: pin))
        #expect(!VersionRequirement("revision: 7ff9911").isSatisfied(by: pin))
    }

    /// isowords: the root package has no Package.resolved; the app project that uses it pins its remotes.
    @Test func aPackageUsedByAProjectIsPinnedByTheProject() {
        var input = RuleExample("", targets: [.init("ImageLoading", products: ["Kingfisher@kingfisher"])],
                                requirements: ["kingfisher": "exact: 8.1.0"], resolved: .missing)
            .input(enabling: PinnedDependencyRule.description.id)
        #expect(Checker.run(input).map(\.message) == ["kingfisher is not pinned: no Package.resolved is committed; run swift package resolve and commit it"])
        var project = PackageNode(identity: "app", name: "App", origin: .project(path: "App/App.xcodeproj"), dependencies: ["example"])
        project.resolvedPins = ["kingfisher": ResolvedPin(location: "", version: "8.0.0")]
        let graph = ModuleGraph(packages: input.graph.packages + [project], targets: input.graph.targets, externalProducts: input.graph.externalProducts)
        input = input.with { $0.graph = graph }
        #expect(Checker.run(input).map(\.message)
            == ["kingfisher is pinned at 8.0.0 in App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, which exact: \"8.1.0\" does not accept; resolve again and commit it"])
    }

    func pinFindings(_ requirement: String, resolved: RuleExample.ResolvedExample, policy: PinPolicy) -> [String] {
        var input = RuleExample("", targets: [.init("ImageLoading", products: ["Kingfisher@kingfisher"])],
                                requirements: ["kingfisher": requirement], resolved: resolved)
            .input(enabling: PinnedDependencyRule.description.id)
        input = input.with { $0.configuration.pinPolicy = policy }
        return Checker.run(input).map(\.message)
    }

    @Test func aPolicyAcceptsItsOwnKindAndTighter() {
        #expect(pinFindings("range: 8.1.0..<8.2.0", resolved: .matching, policy: .upToNextMinor).isEmpty)
        #expect(pinFindings("exact: 8.1.0", resolved: .matching, policy: .upToNextMinor).isEmpty)
        #expect(pinFindings("range: 8.1.0..<9.0.0", resolved: .matching, policy: .upToNextMinor)
            == ["kingfisher is required with from: \"8.1.0\", looser than the pins policy 'upToNextMinor': write exact: \"8.1.0\", the version Package.resolved pins"])
        #expect(pinFindings("branch: main", resolved: .matching, policy: .any).isEmpty)
    }

    @Test func aRemotePackageWithoutAPin() {
        #expect(pinFindings("exact: 8.1.0", resolved: .pins([:]), policy: .exact) == ["kingfisher has no pin in Package.resolved; resolve again and commit it"])
    }

    // MARK: third-party-wrapper

    @Test func sharedLibrariesMayHaveSeveralUsers() {
        var input = ThirdPartyWrapperRule.description.triggering[0].input(enabling: ThirdPartyWrapperRule.description.id)
        #expect(Checker.run(input).map(\.target.name).sorted() == ["AvatarCache", "ImageLoading"])
        input = input.with { $0.configuration.sharedLibraries = ["kingfisher"] }
        #expect(Checker.run(input).isEmpty)
    }

    @Test func aFeatureUsingTheLibraryIsThirdPartyProductsFinding() {
        let example = RuleExample("", targets: [
            .init("ImageLoading", path: "Sources/Infrastructure/ImageLoading", products: ["Kingfisher@kingfisher"]),
            .init("SearchFeature", path: "Sources/Features/SearchFeature", products: ["Kingfisher@kingfisher"]),
        ], layers: ThirdPartyProductRule.exampleLayers)
        #expect(Checker.run(example.input(enabling: ThirdPartyWrapperRule.description.id)).isEmpty)
    }
}
