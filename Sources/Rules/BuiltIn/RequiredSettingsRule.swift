import Configuration
import Diagnostics
import ModuleGraph

/// `required-settings`: a target of a layer lacks a setting its layer's `requiredSettings` lists.
struct RequiredSettingsRule: Rule {
    static let description = RuleDescription(
        id: "required-settings",
        summary: "A target lacks a Swift setting every target of its layer must carry.",
        rationale: """
        Settings such as InternalImportsByDefault, the Swift 6 language mode or main-actor \
        isolation for features are architecture: they decide what a module leaks and where its \
        code runs. Copied into each of a hundred target declarations, one is always forgotten, \
        and nothing fails until a review notices.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A feature without InternalImportsByDefault.", targets: [
                .init("↓SearchFeature", path: "Sources/Features/SearchFeature", settings: ["defaultIsolation(MainActor)"]),
            ], layers: exampleLayers),
            RuleExample("A feature left in language mode 5.", targets: [
                .init("↓SearchFeature", path: "Sources/Features/SearchFeature",
                      settings: ["enableUpcomingFeature(InternalImportsByDefault)", "defaultIsolation(MainActor)", "swiftLanguageMode(5)"]),
            ], layers: exampleLayers),
        ],
        nonTriggering: [
            RuleExample("The feature carries both; tools 6.0 gives it language mode 6.", targets: [
                .init("SearchFeature", path: "Sources/Features/SearchFeature",
                      settings: ["enableUpcomingFeature(InternalImportsByDefault)", "defaultIsolation(MainActor)"]),
            ], layers: exampleLayers),
        ])

    static let exampleLayers: [Configuration.Layer] = {
        var features = Configuration.Layer(name: "Features", paths: ["Sources/Features/*"])
        features.requiredSettings = ["enableUpcomingFeature(InternalImportsByDefault)", "swiftLanguageMode(6)", "defaultIsolation(MainActor)"]
            .compactMap(RequiredSetting.init(parsing:))
        return [features]
    }()

    func hasWork(under configuration: Configuration) -> Bool {
        configuration.layers.contains { !$0.requiredSettings.isEmpty }
    }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        for target in input.graph.targets where !input.isExcluded(target) && Self.compilesSwift(target) {
            guard let layer = input.layers.layer(of: target.id), !layer.requiredSettings.isEmpty,
                  let package = input.graph.package(target.id.package) else { continue }
            for required in layer.requiredSettings {
                guard let problem = Self.problem(with: required, in: target, package: package) else { continue }
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: target.id, subject: required.description,
                    message: "\(target.name) (\(layer.name)) \(problem)",
                    place: .manifest(dependency: required.description)))
            }
        }
        return findings
    }

    /// Binary, system-library and C targets have no Swift settings to carry.
    static func compilesSwift(_ target: Target) -> Bool {
        switch target.kind {
        case .binary, .systemLibrary, .cFamily, .plugin: false
        default: true
        }
    }

    /// What is wrong with `target` for `required`, or nil when it carries it (or when it cannot be
    /// known: an Xcode target that sets no SWIFT_VERSION at any level).
    static func problem(with required: RequiredSetting, in target: Target, package: PackageNode) -> String? {
        let isProject = package.projectPath != nil
        let unconditional = target.settings.filter { $0.condition == nil && $0.tool == "swift" }
        if required.kind == "swiftLanguageMode" {
            let own = unconditional.last { $0.kind == "swiftLanguageMode" }?.values.first
            // An Xcode target without SWIFT_VERSION in the project file may set it in an
            // `.xcconfig` (pocket-casts-ios does), which is not read: unknown, not missing.
            guard let mode = own ?? (isProject ? nil : Self.packageLanguageMode(package)) else { return nil }
            guard Self.version(mode).lexicographicallyPrecedes(Self.version(required.value)) else { return nil }
            let source = own != nil
                ? (isProject ? Self.projectSetting(for: RequiredSetting(kind: required.kind, value: mode)) : ".swiftLanguageMode(.v\(mode))")
                : "the package's default, \(mode)"
            let fix = isProject ? "set \(Self.projectSetting(for: required))" : (own != nil ? "replace it with \(required.manifestSpelling)" : "add \(required.manifestSpelling) to its swiftSettings")
            return "builds in language mode \(mode) (\(source)); its layer requires \(required.value): \(fix)"
        }
        let carried = unconditional.contains { $0.kind == required.kind && $0.values.contains(required.value) }
            || unconditional.contains { $0.kind == "unsafeFlags" && Self.flags($0.values, enable: required) }
        if carried { return nil }
        let conditional = target.settings.first { $0.condition != nil && $0.kind == required.kind && $0.values.contains(required.value) }
        // An Xcode target's settings are resolved through its .xcconfig files (see
        // ProjectAssembler.languageFeatures); the fix is a build setting, not a swiftSettings entry.
        if isProject {
            let setting = Self.projectSetting(for: required)
            return conditional != nil
                ? "has \(required.description) in some configurations only; its layer requires it in every build: set \(setting) for all of them"
                : "lacks \(required.description), which its layer requires: set \(setting) in its build settings or .xcconfig"
        }
        return conditional != nil
            ? "has \(required.manifestSpelling) only under a condition; its layer requires it in every build: drop the .when(…)"
            : "lacks \(required.manifestSpelling), which its layer requires: add it to its swiftSettings"
    }

    /// The Xcode build setting that carries `required`, by `XcodeSettingEquivalence.table`:
    /// `SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION = YES` for
    /// `enableUpcomingFeature(DisableOutwardActorInference)`, `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`.
    /// A feature no Xcode setting carries (an experimental one, one newer than the table) is
    /// passed as a flag, which every Xcode reads; a setting name made up from the feature's may
    /// not exist.
    static func projectSetting(for required: RequiredSetting) -> String {
        if let equivalence = XcodeSettingEquivalence.carrying(kind: required.kind, value: required.value) {
            return equivalence.assignment(value: required.value)
        }
        let flag = required.kind == "enableExperimentalFeature" ? "experimental" : "upcoming"
        return "OTHER_SWIFT_FLAGS = $(inherited) -enable-\(flag)-feature \(required.value)"
    }

    /// `-enable-upcoming-feature X` (and the experimental one) passed as unsafe flags.
    static func flags(_ values: [String], enable required: RequiredSetting) -> Bool {
        let flag = switch required.kind {
        case "enableUpcomingFeature": "-enable-upcoming-feature"
        case "enableExperimentalFeature": "-enable-experimental-feature"
        default: ""
        }
        guard !flag.isEmpty else { return false }
        return zip(values, values.dropFirst()).contains { $0 == flag && $1 == required.value } || values.contains("\(flag)=\(required.value)")
    }

    /// A package's targets' language mode when they set none: the highest of `swiftLanguageModes`,
    /// else the tools version's default (6 from tools 6.0, 5 before).
    static func packageLanguageMode(_ package: PackageNode) -> String? {
        if let highest = package.languageModes.max(by: { version($0).lexicographicallyPrecedes(version($1)) }) { return highest }
        guard let tools = package.toolsVersion, let major = version(tools).first else { return nil }
        return major >= 6 ? "6" : major == 5 ? "5" : "4"
    }

    /// `5.9.1` → [5, 9, 1], padded to three components so `6` equals `6.0`.
    static func version(_ text: String) -> [Int] {
        let numbers = text.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        return numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
    }
}
