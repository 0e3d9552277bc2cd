/// One build a check is run for: a platform and a configuration, such as iOS debug. Rules decide
/// every import once per build; a finding then names the builds it holds in.
package struct PlatformBuild: Sendable, Hashable, Comparable {
    package var platform: Platform
    package var configuration: BuildConfiguration

    package init(_ platform: Platform, _ configuration: BuildConfiguration) {
        self.platform = platform
        self.configuration = configuration
    }

    /// Every pairing of `platforms` and `configurations`, sorted, without repeats.
    package static func all(platforms: [Platform], configurations: [BuildConfiguration]) -> [PlatformBuild] {
        Array(Set(platforms.flatMap { platform in configurations.map { PlatformBuild(platform, $0) } })).sorted()
    }

    /// `iOS debug`.
    package var label: String { "\(platform.displayName) \(configuration.rawValue)" }

    package static func < (lhs: PlatformBuild, rhs: PlatformBuild) -> Bool {
        (lhs.platform, lhs.configuration) < (rhs.platform, rhs.configuration)
    }

    /// Builds grouped by the configurations each platform has: `iOS, macOS debug`, or
    /// `iOS; macOS debug` when the platforms differ. A platform with every configuration listed
    /// is named alone.
    package static func describe(_ builds: [PlatformBuild]) -> String {
        let allConfigurations = Set(BuildConfiguration.allCases)
        var byPlatform: [Platform: Set<BuildConfiguration>] = [:]
        for build in builds { byPlatform[build.platform, default: []].insert(build.configuration) }
        var groups: [(configurations: [BuildConfiguration], platforms: [Platform])] = []
        for platform in byPlatform.keys.sorted() {
            let configurations = byPlatform[platform, default: []] == allConfigurations ? [] : byPlatform[platform, default: []].sorted()
            if let index = groups.firstIndex(where: { $0.configurations == configurations }) {
                groups[index].platforms.append(platform)
            } else {
                groups.append((configurations, [platform]))
            }
        }
        return groups.map { group in
            let platforms = group.platforms.map(\.displayName).joined(separator: ", ")
            return group.configurations.isEmpty ? platforms : platforms + " " + group.configurations.map(\.rawValue).joined(separator: "/")
        }.joined(separator: "; ")
    }

    /// The concrete environments of this build for one target, one per variant of the platform.
    ///
    /// - `defines`: the target's `-D` flags that hold for this build (its `.define(…)` settings
    ///   whose conditions match, `SWIFT_PACKAGE` for package targets); `DEBUG` is added in debug.
    /// - `languageVersion`: the target's language mode, for `swift(>=…)`: 4.1.50, 4.2 or 5.10 as
    ///   the compiler reports modes 4, 4.2 and 5; in Swift 6 mode the compiler's version.
    /// - `compilerVersion`: the user's toolchain's (`ToolchainVersion`), for `compiler(>=…)`.
    /// - `enabledFeatures`: upcoming and experimental features the target turns on; with the
    ///   language mode's own, `hasFeature` is true for them and undecided for any other.
    /// - `visibleModules`: modules of the graph the target can import; with the platform's SDK
    ///   and the toolchain's modules, `canImport` is true for them and undecided for others,
    ///   except modules known to be missing on the platform (`SDKModules.missing`).
    package func environments(
        defines: Set<String>, languageVersion: [Int]?, enabledFeatures: Set<String> = [],
        visibleModules: Set<String>, compilerVersion: [Int]? = BuildEnvironment.toolchainCompilerVersion
    ) -> [BuildEnvironment] {
        var flags = defines
        if configuration == .debug { flags.insert("DEBUG") }
        var features = enabledFeatures
        // Swift 6 mode's `swift(>=…)` is the compiler's own version, to the patch: 6.3.1.
        var languageVersion = languageVersion
        if let mode = languageVersion?.first, mode >= 6, let compilerVersion { languageVersion = compilerVersion }
        if let languageVersion, languageVersion.first ?? 0 >= 6 {
            features = features.isEmpty ? Self.swift6Features : features.union(Self.swift6Features)
        }
        // The platform's modules are one shared set beside the target's own, never their
        // union: an Apple SDK lists hundreds, and a repository has hundreds of targets.
        let sdk = SDKModules.importable(on: platform)
        let missing = SDKModules.missing(on: platform)
        return Self.variantConditions[platform, default: []].map { conditions in
            var conditions = conditions
            conditions["canImport"] = visibleModules
            var environment = BuildEnvironment(
                platformConditions: conditions, definedFlags: flags, languageVersion: languageVersion, compilerVersion: compilerVersion)
            environment.platformModules = sdk
            // No module of the Linux toolchain carries a version (swiftc 6.3.1 ignores each one's
            // `_version:`); Apple's frameworks do, and the other toolchains are not read.
            environment.platformModulesHaveNoVersion = platform == .linux
            // May name a module the target can import (a local target called `Charts` on Linux):
            // `canImport` asks the importable lists first, so that module still answers true.
            environment.knownMissingModules = missing
            environment.enabledFeatures = features
            return environment
        }
    }

    /// Each platform's variants' conditions but `canImport`, made once: every target's
    /// environments start from them, and making them anew (the triple split for `arch` each
    /// time) took a tenth of a warm check of 400 targets.
    private static let variantConditions: [Platform: [[String: Set<String>]]] = Dictionary(uniqueKeysWithValues: Platform.allCases.map { platform in
        (platform, platform.variants.map { variant in
            [
                "os": platform.osNames,
                "arch": [variant.architecture],
                "targetEnvironment": variant.isSimulator ? ["simulator"] : variant.isMacCatalyst ? ["macCatalyst"] : [],
                "_endian": ["little"],
                "_pointerBitWidth": [variant.pointerBitWidth],
                "_runtime": [platform.isApple ? "_ObjC" : "_Native"],
                "_hasAtomicBitWidth": ["_8", "_16", "_32", "_64", "_128"],
                // No variant here is arm64e: pointer authentication is `_none` (checked with swiftc).
                "_ptrauth": ["_none"],
            ]
        })
    })

    /// The upcoming features Swift 6 mode turns on, which `hasFeature` reports as enabled.
    static let swift6Features: Set<String> = [
        "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
        "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
        "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures", "ImplicitOpenExistentials",
        "RegionBasedIsolation", "DynamicActorIsolation", "NonfrozenEnumExhaustivity", "GlobalActorIsolatedTypesUsability",
    ]
}
