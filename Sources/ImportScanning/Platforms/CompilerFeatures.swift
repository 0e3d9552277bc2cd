/// What `hasFeature(X)`, `$X` and `hasAttribute(X)` answer, per compiler version and language
/// mode, as far as Bulkhead knows the compiler.
///
/// Source: the compiler's own feature list (`include/swift/Basic/Features.def` of swiftlang/swift,
/// and `swiftc -print-supported-features` of Swift 6.3.1, which gives each upcoming feature's
/// `enabled_in` mode), each answer checked with the real Swift 6.3.1 compiler in Swift 4, 5 and 6
/// modes (`CompilerFeatureTests`). For a 6.3 compiler every name is decided: a name the compiler
/// does not know is false, as `hasFeature` answers. For any other compiler version only what is
/// certain is decided: features the target enables, and the upcoming features its language mode
/// enables.
package enum CompilerFeatures {
    /// The compiler versions (major.minor) the tables below are checked against.
    package static let knownCompiler: [Int] = [6, 3]

    /// Language features a 6.3 compiler has in every language mode (`LANGUAGE_FEATURE` and
    /// `BASELINE_LANGUAGE_FEATURE` of Features.def that 6.3 ships), true from Swift 4 mode on.
    static let languageFeatures: Set<String> = [
        "ABIAttributeSE0479", "Actors", "AddressOfProperty2", "AlwaysInheritActorContext", "AssociatedTypeAvailability",
        "AssociatedTypeImplements", "AsyncAwait", "AsyncExecutionBehaviorAttributes", "AsyncSequenceFailure",
        "AttachedMacros", "BitwiseCopyable", "BitwiseCopyable2", "BodyMacros", "BorrowingSwitch",
        "BuiltinAddressOfRawLayout", "BuiltinAssumeAlignment", "BuiltinBuildComplexEqualityExecutor",
        "BuiltinBuildExecutor", "BuiltinBuildMainExecutor", "BuiltinBuildTaskExecutorRef", "BuiltinContinuation",
        "BuiltinCreateAsyncDiscardingTaskInGroup", "BuiltinCreateAsyncDiscardingTaskInGroupWithExecutor",
        "BuiltinCreateAsyncTaskInGroup", "BuiltinCreateAsyncTaskInGroupWithExecutor", "BuiltinCreateAsyncTaskName",
        "BuiltinCreateAsyncTaskOwnedTaskExecutor", "BuiltinCreateAsyncTaskWithExecutor", "BuiltinCreateTask",
        "BuiltinCreateTaskGroupWithFlags", "BuiltinEmplaceTypedThrows", "BuiltinExecutor", "BuiltinHopToActor",
        "BuiltinIntLiteralAccessors", "BuiltinInterleave", "BuiltinJob", "BuiltinSelect", "BuiltinStackAlloc",
        "BuiltinStoreRaw", "BuiltinTaskGroupWithArgument", "BuiltinTaskRunInline", "BuiltinUnprotectedAddressOf",
        "BuiltinUnprotectedStackAlloc", "BuiltinVectorsExternC", "ConcurrentFunctions", "ConformanceSuppression",
        "EffectfulProp", "ExpressionMacroDefaultArguments", "ExtensionMacroAttr", "ExtensionMacros",
        "FreestandingExpressionMacros", "FreestandingMacros", "GeneralizedIsSameMetaTypeBuiltin", "GlobalActors",
        "ImplicitSelfCapture", "InheritActorContext", "InlineArrayTypeSugar", "InoutLifetimeDependence", "IsolatedAny",
        "IsolatedAny2", "IsolatedConformances", "IsolatedDeinit", "LayoutPrespecialization", "LexicalLifetimes",
        "LifetimeDependenceMutableAccessors", "Macros", "MarkerProtocol", "MemorySafetyAttributes", "ModuleSelector",
        "MoveOnly", "MoveOnlyPartialConsumption", "MoveOnlyResilientTypes", "NewCxxMethodSafetyHeuristics",
        "NoAsyncAvailability", "NoncopyableGenerics", "NoncopyableGenerics2", "NonescapableAccessorOnTrivial",
        "NonescapableTypes", "NonexhaustiveAttribute", "ObjCImplementation", "OptionalIsolatedParameters",
        "ParameterPacks", "PrimaryAssociatedTypes2", "RawIdentifiers", "RethrowsProtocol", "RetroactiveAttribute",
        "Sendable", "SendableCompletionHandlers", "SendingArgsAndResults", "SpecializeAttributeWithAvailability",
        "TypedThrows", "UnavailableFromAsync", "UnsafeInheritExecutor", "ValueGenerics", "ValueGenericsNameLookup",
    ]

    /// True from Swift 5 mode on, though `-print-supported-features` lists it as enabled in 6:
    /// the compiler enables it for every mode from 5 (checked with `-swift-version 4/5`).
    static let fromSwift5: Set<String> = ["NonfrozenEnumExhaustivity"]

    /// Upcoming features by the language mode that enables them (`enabled_in`).
    static let upcoming: [String: Int] = [
        "ConciseMagicFile": 6, "ForwardTrailingClosures": 6, "StrictConcurrency": 6, "BareSlashRegexLiterals": 6,
        "DeprecateApplicationMain": 6, "ImportObjcForwardDeclarations": 6, "DisableOutwardActorInference": 6,
        "IsolatedDefaultValues": 6, "GlobalConcurrency": 6, "InferSendableFromCaptures": 6, "ImplicitOpenExistentials": 6,
        "RegionBasedIsolation": 6, "DynamicActorIsolation": 6, "NonfrozenEnumExhaustivity": 6,
        "GlobalActorIsolatedTypesUsability": 6,
        "ExistentialAny": 7, "InternalImportsByDefault": 7, "MemberImportVisibility": 7, "InferIsolatedConformances": 7,
        "NonisolatedNonsendingByDefault": 7, "ImmutableWeakCaptures": 7,
    ]

    /// Every name `hasAttribute` is true for in a 6.3 compiler; any other name is false there.
    /// Found by asking swiftc 6.3.1 `hasAttribute(X)` for every identifier-like string in its own
    /// `swift-frontend` binary (285,000 names, keywords left out), which holds the spelling of each
    /// attribute it knows: these 57 answered true. Underscored attributes people write
    /// (`_exported`, `_spi`, `_implementationOnly`) and custom ones (`MainActor`) answer false.
    /// `IfExactOracleTests.theFeatureTableIsTheCompilers` asks the installed compiler about each, and others.
    static let attributes: Set<String> = [
        "GKInspectable", "IBAction", "IBDesignable", "IBInspectable", "IBOutlet", "IBSegueAction",
        "NSApplicationMain", "NSCopying", "NSManaged", "Sendable", "UIApplicationMain", "_addressable",
        "_extern", "_local", "_noMetadata", "_opaqueReturnTypeOf", "abi", "attached", "autoclosure",
        "available", "backDeployed", "concurrent", "const", "constInitialized", "convention", "derivative",
        "differentiable", "discardableResult", "dynamicCallable", "dynamicMemberLookup", "escaping",
        "exclusivity", "export", "frozen", "globalActor", "inlinable", "inline", "isolated", "lifetime",
        "main", "noDerivative", "nonexhaustive", "nonisolated", "nonobjc", "objc", "objcMembers",
        "preconcurrency", "propertyWrapper", "requires_stored_property_inits", "resultBuilder", "retroactive",
        "storageRestrictions", "transpose", "unchecked", "unsafe", "usableFromInline",
        "warn_unqualified_access",
    ]

    /// `hasFeature(name)` for a compiler of `compilerVersion` in `languageMode` (its major
    /// version), with `enabled` the features the target turns on; nil when not known.
    package static func hasFeature(_ name: String, compilerVersion: [Int]?, languageMode: Int?, enabled: Set<String>) -> Bool? {
        if enabled.contains(name) { return true }
        if let languageMode, let mode = upcoming[name], mode <= languageMode { return true }
        guard let compilerVersion, compilerVersion.count >= 2, Array(compilerVersion.prefix(2)) == knownCompiler,
              let languageMode else { return nil }
        if languageFeatures.contains(name) { return true }
        if fromSwift5.contains(name) { return languageMode >= 5 }
        // An upcoming feature of a later mode, an experimental one not enabled, or no feature.
        return false
    }

    /// `hasAttribute(name)` in a 6.3 compiler: whether it is listed; nil for other compilers.
    package static func hasAttribute(_ name: String, compilerVersion: [Int]?) -> Bool? {
        guard let compilerVersion, Array(compilerVersion.prefix(2)) == knownCompiler else { return nil }
        return attributes.contains(name)
    }
}
