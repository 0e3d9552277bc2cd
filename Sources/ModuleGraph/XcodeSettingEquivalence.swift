/// One Xcode build setting and the SwiftPM Swift settings it stands for: the project reader turns
/// a target's resolved build settings into the `BuildSetting`s a package would spell, and
/// `required-settings` turns a missing SwiftPM setting back into the Xcode setting to set.
///
/// Both directions read `table`, because Xcode's names cannot be derived from the features':
/// `SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION` turns on DisableOutwardActorInference,
/// and reshaping either name into the other gives a setting or a feature that does not exist.
/// The names are those of Xcode's Swift build specification (`Swift.xcspec` of
/// swiftlang/swift-build), which `XcodeSettingEquivalenceTests` checks the table against.
package struct XcodeSettingEquivalence: Sendable, Hashable {
    /// The build setting's name in Xcode: `SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY`.
    package var xcodeName: String
    /// The value that turns the SwiftPM settings on (`YES`, `complete`); nil when Xcode's value is
    /// the SwiftPM setting's value as it is (`SWIFT_VERSION = 6.0` is `swiftLanguageMode` `6.0`).
    package var xcodeValue: String?
    /// The SwiftPM setting's kind, as `BuildSetting.kind` spells it: `enableUpcomingFeature`.
    package var kind: String
    /// The SwiftPM values it turns on, one `BuildSetting` each; empty when `xcodeValue` is nil.
    package var values: [String]
    /// A group such as Approachable Concurrency: each value is only the default of the value's own
    /// setting, so one whose own setting says NO stays off, and advice names the value's own
    /// setting, never the group.
    package var isGroup: Bool

    package init(_ xcodeName: String, _ xcodeValue: String?, kind: String, values: [String] = [], isGroup: Bool = false) {
        self.xcodeName = xcodeName
        self.xcodeValue = xcodeValue
        self.kind = kind
        self.values = values
        self.isGroup = isGroup
    }

    /// `NAME = value` as a person writes it in an `.xcconfig` or the build settings editor.
    package func assignment(value: String? = nil) -> String {
        "\(xcodeName) = \(xcodeValue ?? value ?? "")"
    }
}

extension XcodeSettingEquivalence {
    /// Every equivalence Bulkhead knows: the language mode and default isolation, the strict
    /// concurrency and Approachable Concurrency settings, then each feature's own setting.
    package static let table: [XcodeSettingEquivalence] = [
        XcodeSettingEquivalence("SWIFT_VERSION", nil, kind: "swiftLanguageMode"),
        XcodeSettingEquivalence("SWIFT_DEFAULT_ACTOR_ISOLATION", nil, kind: "defaultIsolation"),
        // Xcode passes `-enable-upcoming-feature StrictConcurrency` for `complete`; a package spells
        // it either way, so the project carries both (`minimal` and `targeted` turn on no feature).
        XcodeSettingEquivalence("SWIFT_STRICT_CONCURRENCY", "complete", kind: "enableExperimentalFeature", values: ["StrictConcurrency"]),
        XcodeSettingEquivalence("SWIFT_STRICT_CONCURRENCY", "complete", kind: "enableUpcomingFeature", values: ["StrictConcurrency"]),
        XcodeSettingEquivalence("SWIFT_APPROACHABLE_CONCURRENCY", "YES", kind: "enableUpcomingFeature", values: [
            "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
            "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
        ], isGroup: true),
        upcoming("CONCISE_MAGIC_FILE", "ConciseMagicFile"),
        upcoming("FORWARD_TRAILING_CLOSURES", "ForwardTrailingClosures"),
        // Irregular: the flag `-enable-bare-slash-regex`, not an upcoming-feature setting.
        XcodeSettingEquivalence("SWIFT_ENABLE_BARE_SLASH_REGEX", "YES", kind: "enableUpcomingFeature", values: ["BareSlashRegexLiterals"]),
        upcoming("DEPRECATE_APPLICATION_MAIN", "DeprecateApplicationMain"),
        // Irregular: DECLS, not DECLARATIONS.
        upcoming("IMPORT_OBJC_FORWARD_DECLS", "ImportObjcForwardDeclarations"),
        // Irregular: ISOLATION, not INFERENCE.
        upcoming("DISABLE_OUTWARD_ACTOR_ISOLATION", "DisableOutwardActorInference"),
        upcoming("ISOLATED_DEFAULT_VALUES", "IsolatedDefaultValues"),
        upcoming("GLOBAL_CONCURRENCY", "GlobalConcurrency"),
        upcoming("INFER_SENDABLE_FROM_CAPTURES", "InferSendableFromCaptures"),
        upcoming("IMPLICIT_OPEN_EXISTENTIALS", "ImplicitOpenExistentials"),
        upcoming("REGION_BASED_ISOLATION", "RegionBasedIsolation"),
        upcoming("DYNAMIC_ACTOR_ISOLATION", "DynamicActorIsolation"),
        upcoming("NONFROZEN_ENUM_EXHAUSTIVITY", "NonfrozenEnumExhaustivity"),
        upcoming("GLOBAL_ACTOR_ISOLATED_TYPES_USABILITY", "GlobalActorIsolatedTypesUsability"),
        upcoming("INTERNAL_IMPORTS_BY_DEFAULT", "InternalImportsByDefault"),
        upcoming("MEMBER_IMPORT_VISIBILITY", "MemberImportVisibility"),
        upcoming("EXISTENTIAL_ANY", "ExistentialAny"),
        upcoming("INFER_ISOLATED_CONFORMANCES", "InferIsolatedConformances"),
        upcoming("NONISOLATED_NONSENDING_BY_DEFAULT", "NonisolatedNonsendingByDefault"),
    ]

    /// The prefix of the settings that each turn on one upcoming feature.
    package static let upcomingFeaturePrefix = "SWIFT_UPCOMING_FEATURE_"

    /// `SWIFT_UPCOMING_FEATURE_<suffix> = YES` turns on `feature`.
    private static func upcoming(_ suffix: String, _ feature: String) -> XcodeSettingEquivalence {
        XcodeSettingEquivalence(upcomingFeaturePrefix + suffix, "YES", kind: "enableUpcomingFeature", values: [feature])
    }

    /// The entry whose Xcode value is copied into `kind` (`swiftLanguageMode` ← `SWIFT_VERSION`).
    package static func copied(kind: String) -> XcodeSettingEquivalence? {
        table.first { $0.kind == kind && $0.xcodeValue == nil }
    }

    /// The one setting that carries SwiftPM's `kind(value)` in Xcode, groups left out; nil when
    /// Xcode has none (an experimental feature, an upcoming feature newer than the table).
    package static func carrying(kind: String, value: String) -> XcodeSettingEquivalence? {
        table.first { !$0.isGroup && $0.kind == kind && ($0.xcodeValue == nil || $0.values.contains(value)) }
    }

    /// The entry for an upcoming feature's own setting (`DisableOutwardActorInference` →
    /// `SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION`).
    package static func ownSetting(ofUpcomingFeature feature: String) -> XcodeSettingEquivalence? {
        carrying(kind: "enableUpcomingFeature", value: feature)
    }

    /// The SwiftPM settings one configuration's resolved Xcode settings turn on, by the table:
    /// each entry whose setting has its value, a group's values unless their own setting says NO;
    /// `SWIFT_VERSION` left to the caller.
    /// An `SWIFT_UPCOMING_FEATURE_*` setting the table does not know falls back to reshaping.
    package static func settings(in values: [String: String]) -> Set<BuildSetting> {
        var result: Set<BuildSetting> = []
        var known: Set<String> = []
        for entry in table {
            known.insert(entry.xcodeName)
            // SWIFT_VERSION is the target's one language mode, read once for every configuration
            // (`ProjectAssembler.settings`), as an `.xcconfig` may leave it to one of them.
            if entry.kind == "swiftLanguageMode" { continue }
            guard let value = values[entry.xcodeName]?.trimmingSpaces(), !value.isEmpty else { continue }
            guard let wanted = entry.xcodeValue else {
                result.insert(BuildSetting(tool: "swift", kind: entry.kind, values: [String(value)]))
                continue
            }
            guard value == wanted else { continue }
            for feature in entry.values {
                if entry.isGroup, let own = ownSetting(ofUpcomingFeature: feature), values[own.xcodeName]?.trimmingSpaces() == "NO" { continue }
                result.insert(BuildSetting(tool: "swift", kind: entry.kind, values: [feature]))
            }
        }
        for (key, value) in values where key.hasPrefix(upcomingFeaturePrefix) && !known.contains(key) && value.trimmingSpaces() == "YES" {
            if let feature = reshapedFeature(ofSetting: key) {
                result.insert(BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: [feature]))
            }
        }
        return result
    }

    /// FALLBACK for a setting newer than the table: `SWIFT_UPCOMING_FEATURE_IMMUTABLE_WEAK_CAPTURES`
    /// → `ImmutableWeakCaptures`, right for the regular names only. Nil for a suffix that starts
    /// with no letter (the specification's own `SWIFT_UPCOMING_FEATURE_6_0`), which names no feature.
    package static func reshapedFeature(ofSetting key: String) -> String? {
        let suffix = key.dropFirst(upcomingFeaturePrefix.count)
        guard let first = suffix.first, first.isLetter else { return nil }
        return suffix.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
    }
}

private extension String {
    /// Without leading and trailing spaces and tabs, as a resolved build setting may carry them.
    func trimmingSpaces() -> Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
