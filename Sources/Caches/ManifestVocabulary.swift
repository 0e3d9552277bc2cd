/// The names a manifest may use and still be cached: the PackageDescription API, Swift's keywords
/// and the standard library's pure value operations (strings, collections, closures). An
/// allow-list on purpose: a manifest is cached only when everything it names is known to compute
/// its package from its own text, the folder, the toolchain and the environment variables the key
/// holds. Anything else — `FileManager`, `URL(...).checkResourceIsReachable()`,
/// `Context.gitInformation`, a C function — might read what the key does not cover, so the
/// manifest is asked every run. A name missing here costs a cache miss, never a wrong answer.
///
/// The PackageDescription names are those of the toolchain's `PackageDescription` module
/// (`swift-symbolgraph-extract`, Swift 6.3: types, members and argument labels), without
/// `gitInformation` and its members, which read the repository's state.
enum ManifestVocabulary {
    static let packageDescription: Set<String> = [
        "BuildConfiguration", "BuildSettingCondition", "C", "CLanguageStandard", "CSetting",
        "CXXLanguageStandard", "CXXSetting", "Condition", "Context", "CustomPlatformVersion", "Cxx",
        "Dependency", "DriverKitVersion", "Executable", "IOSVersion", "InteroperabilityMode", "Kind",
        "LanguageTag", "Library", "LibraryType", "LinkerSetting", "Localization", "MacCatalystVersion",
        "MacOSVersion", "Package", "PackageDescription", "Platform", "Plugin", "PluginCapability", "PluginCommandIntent",
        "PluginNetworkPermissionScope", "PluginPermission", "PluginUsage", "Product", "RegistryRequirement",
        "Requirement", "Resource", "SourceControlRequirement", "SupportedPlatform", "SwiftLanguageMode",
        "SwiftSetting", "SwiftVersion", "SystemPackageProvider", "TVOSVersion", "Target",
        "TargetDependencyCondition", "TargetType", "Trait", "Version", "VisionOSVersion", "WarningLevel",
        "WatchOSVersion", "all", "allowNetworkConnections", "android", "apt", "aptItem", "as", "base",
        "binary", "binaryTarget", "branch", "branchItem", "brew", "brewItem", "buildMetadataIdentifiers",
        "buildTool", "byName", "byNameItem", "c11", "c17", "c18", "c2x", "c89", "c90", "c99",
        "cLanguageStandard", "cSettings", "capability", "checksum", "command", "condition", "configuration",
        "copy", "custom", "cxx03", "cxx11", "cxx14", "cxx17", "cxx1z", "cxx20", "cxx2b", "cxx98",
        "cxxLanguageStandard", "cxxSettings", "debug", "default", "defaultIsolation", "defaultLocalization",
        "defaults", "define", "dependencies", "description", "disableWarning", "docker",
        "documentationGeneration", "driverKit", "dynamic", "embedInCode", "enableExperimentalFeature",
        "enableUpcomingFeature", "enableWarning", "enabledTraits", "error", "exact", "exactItem", "exclude",
        "executable", "executableTarget", "extendedGraphemeClusterLiteral", "fileSystem", "flags",
        "framework", "freebsd", "from", "gnu11", "gnu17", "gnu18", "gnu2x", "gnu89", "gnu90", "gnu99",
        "gnucxx03", "gnucxx11", "gnucxx14", "gnucxx17", "gnucxx1z", "gnucxx20", "gnucxx2b", "gnucxx98",
        "headerSearchPath", "iOS", "id", "init", "intent", "interoperabilityMode", "into", "isTest",
        "iso9899_1990", "iso9899_199409", "iso9899_1999", "iso9899_2011", "iso9899_2017", "iso9899_2018",
        "isolation", "kind", "library", "linkedFramework", "linkedLibrary", "linkerSettings", "linux",
        "local", "localPackageItem", "localization", "location", "macCatalyst", "macOS", "macro", "major",
        "maximum", "minimum", "minor", "mode", "moduleAliases", "name", "none", "nuget", "nugetItem",
        "openbsd", "package", "packageAccess", "packageDirectory", "packages", "patch", "path",
        "permissions", "pkgConfig", "platformName", "platforms", "plugin", "pluginCapability", "plugins",
        "ports", "prereleaseIdentifiers", "process", "product", "productItem", "products", "providers",
        "publicHeadersPath", "range", "rangeItem", "rawValue", "reason", "ref", "registry", "regular",
        "release", "requirement", "resources", "revision", "revisionItem", "scope", "sourceCodeFormatting",
        "sourceControl", "sources", "static", "strictMemorySafety", "stringLiteral", "swiftLanguageMode",
        "swiftLanguageModes", "swiftLanguageVersion", "swiftLanguageVersions", "swiftSettings", "system",
        "systemLibrary", "target", "targetItem", "targets", "test", "testTarget", "to", "trait", "traits",
        "treatAllWarnings", "treatWarning", "tvOS", "type", "unicodeScalarLiteral", "unixDomainSocket",
        "unsafeFlags", "upToNextMajor", "upToNextMinor", "url", "v1", "v10", "v10_10", "v10_11", "v10_12",
        "v10_13", "v10_14", "v10_15", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v2",
        "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v3", "v4", "v4_2", "v5", "v6", "v7", "v8", "v9",
        "verb", "version", "versionString", "visionOS", "warning", "wasi", "watchOS", "when", "windows",
        "writeToPackageDirectory", "yum", "yumItem",
    ]

    static let keywords: Set<String> = [
        "Any", "AnyObject", "Self", "Type", "_", "actor", "any", "as", "associatedtype", "async", "await",
        "break", "case", "catch", "class", "continue", "convenience", "default", "defer", "deinit", "didSet",
        "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func",
        "get", "guard", "if", "import", "in", "indirect", "infix", "init", "inout", "internal", "is", "lazy",
        "let", "mutating", "nil", "nonmutating", "open", "operator", "optional", "override", "package",
        "postfix", "precedencegroup", "prefix", "private", "protocol", "public", "repeat", "required",
        "rethrows", "return", "self", "set", "some", "static", "struct", "subscript", "super", "switch",
        "throw", "throws", "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet",
    ]

    /// Standard library (and Foundation's pure string) operations manifests use to build their
    /// lists: none reads a file, the environment or a process.
    static let valueOperations: Set<String> = [
        "Array", "Bool", "CaseIterable", "Character", "CharacterSet", "ClosedRange", "Collection", "Comparable",
        "CustomStringConvertible", "Dictionary", "Double", "Equatable", "Error", "Float", "Hashable", "Int",
        "Int64", "MainActor", "Never", "Optional", "RawRepresentable", "Sendable", "Sequence", "Set",
        "StaticString", "String", "Substring", "UInt", "UInt64", "Void", "allCases", "allSatisfy", "append", "appending",
        "assert", "assertionFailure", "at", "available", "by", "capitalized", "compactMap",
        "compactMapValues", "components", "contains", "count", "debugPrint", "describing",
        "discardableResult", "dropFirst", "dropLast", "element", "elements", "endIndex", "enumerated",
        "escaping", "fatalError", "filter", "first", "firstIndex", "flatMap", "forEach", "formUnion",
        "grouping", "hasPrefix", "hasSuffix", "index", "indices", "inlinable", "insert", "intersection",
        "isEmpty", "isIncluded", "joined", "key", "keys", "last", "lastIndex", "lowercased", "map",
        "mapValues", "max", "maxSplits", "merge", "merging", "min", "newlines", "of", "offset",
        "omittingEmptySubsequences", "precondition", "preconditionFailure", "predicate", "print", "remove",
        "removeAll", "removeFirst", "removeLast", "removeValue", "repeating", "replacingOccurrences",
        "reserveCapacity", "reversed", "separatedBy", "separator", "some", "sort", "sorted", "split",
        "startIndex", "subtracting", "suffix", "symmetricDifference", "transform", "trimmingCharacters",
        "union", "uniqueKeysWithValues", "uniquingKeysWith", "unknown", "updateValue", "uppercased",
        "usableFromInline", "value", "values", "whitespaces", "whitespacesAndNewlines", "with", "zip",
    ]

    /// `#` expressions that read nothing the key does not cover: the manifest's own path (the
    /// key holds its folder), its line, compile-time diagnostics, and `#if` clauses (their
    /// conditions are the toolchain's and the platform's, which the key holds).
    static let poundExpressions: Set<String> = [
        "column", "else", "elseif", "endif", "error", "file", "fileID", "filePath", "function", "if", "line", "warning",
    ]

    /// Argument labels that read when a value is made from them (`String(contentsOf:)`) and not
    /// when a collection is extended (`targets.append(contentsOf: [...])`, which large manifests
    /// write): allowed only as arguments of these methods.
    static let extendingLabels: Set<String> = ["contentsOf"]
    static let extendingMethods: Set<String> = ["append", "insert", "replaceSubrange"]

    /// Members of allowed types that read the repository's state, left out of the vocabulary on
    /// purpose: a manifest's own member of one of these names does not make `.name` allowed, or
    /// `Context.gitInformation` would reach the real one once the manifest declared
    /// `case gitInformation`.
    static let readingMembers: Set<String> = ["gitInformation", "currentCommit", "currentTag", "hasUncommittedChanges"]

    static let all = packageDescription.union(keywords).union(valueOperations)
}
