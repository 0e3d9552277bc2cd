/// The features a target's settings turn on, as a 6.3 compiler reads its flags. Each answer was
/// checked with swiftc 6.3.1 by asking `hasFeature` of every name `-print-supported-features`
/// lists after each flag (`CompilerFeatureFlagTests` asks the installed compiler again).
extension CompilerFeatures {
    /// The experimental features a 6.3 release compiler accepts (`-print-supported-features`,
    /// `experimental`); any other name given to `-enable-experimental-feature` turns nothing on.
    static let experimental: Set<String> = [
        "AccessLevelOnImport", "AddressableParameters", "AddressableTypes", "AllowRuntimeSymbolDeclarations",
        "AnyAppleOSAvailability", "AssumeResilientCxxTypes", "BuiltinModule", "CheckImplementationOnly", "ClosureBodyMacro",
        "ClosureIsolation", "CompileTimeValues", "ConcurrencySyntaxSugar", "ConsumeSelfInDeinit", "CoroutineAccessors",
        "CustomAvailability", "DebugDescriptionMacro", "DeferredCodeGen", "Embedded", "Extern", "GroupActorErrors",
        "ImportMacroAliases", "ImportNonPublicCxxMembers", "LayoutStringValueWitnesses",
        "LayoutStringValueWitnessesInstantiation", "LifetimeDependence", "Lifetimes", "MacrosOnImports", "MoveOnlyClasses",
        "MoveOnlyEnumDeinits", "MoveOnlyPartialReinitialization", "MoveOnlyTuples", "NoExplicitNonIsolated",
        "NoImplicitCopy", "ObjCImplementationWithResilientStorage", "OldOwnershipOperatorSpellings", "OpaqueTypeErasure",
        "PlaygroundExtendedCallbacks", "RawLayout", "ReferenceBindings", "SE427NoInferenceOnExtension",
        "SafeInteropWrappers", "Sensitive", "StandaloneSwiftAvailability", "StaticExclusiveOnly", "StructLetDestructuring",
        "SuppressedAssociatedTypes", "SwiftRuntimeAvailability", "Volatile",
    ]

    /// What turning a feature on turns on with it: strict concurrency brings the isolation
    /// checks it is made of.
    static let implied: [String: [String]] = [
        "StrictConcurrency": ["GlobalConcurrency", "IsolatedDefaultValues", "RegionBasedIsolation", "StrictConcurrency"],
        "StandaloneSwiftAvailability": ["StandaloneSwiftAvailability", "SwiftRuntimeAvailability"],
    ]

    /// `ApproachableConcurrency`, a group and no feature of its own: `-enable-upcoming-feature`
    /// of it turns these on (`hasFeature(ApproachableConcurrency)` stays false);
    /// `-enable-experimental-feature` of it turns on nothing.
    static let approachableConcurrency = [
        "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
        "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
    ]

    /// How a feature is asked for: `-enable-upcoming-feature` (`enableUpcomingFeature`) or
    /// `-enable-experimental-feature` (`enableExperimentalFeature`).
    package enum FeatureFlag: Sendable {
        case upcoming, experimental
    }

    /// The features `flag value` turns on. `:migrate` only warns where the feature would change
    /// the code; a parameter turns a feature on only as `StrictConcurrency=complete` (`minimal`,
    /// `targeted` and any other spelling do not); an upcoming flag takes upcoming features only
    /// (an experimental one such as `Embedded` turns on nothing), an experimental flag either
    /// kind; a name the compiler does not know turns on nothing.
    package static func enabled(by flag: FeatureFlag, _ value: String) -> [String] {
        if value.hasSuffix(":migrate") { return [] }
        let name = String(value.prefix { $0 != "=" && $0 != ":" })
        if name.count < value.count && value != "StrictConcurrency=complete" { return [] }
        if flag == .upcoming && name == "ApproachableConcurrency" { return approachableConcurrency }
        let known = upcoming[name] != nil || (flag == .experimental && experimental.contains(name))
        guard known else { return [] }
        return implied[name] ?? [name]
    }

    /// The features `-strict-concurrency=level` turns on: `complete` is strict concurrency,
    /// `minimal` and `targeted` turn nothing on.
    package static func enabled(byStrictConcurrency level: String) -> [String] {
        level == "complete" ? implied["StrictConcurrency"] ?? [] : []
    }
}
