/// What is known about a build when deciding `#if` conditions. Anything left unknown evaluates to
/// `nil` ("may be active"), so the default environment decides only `true` and `false`.
package struct BuildEnvironment: Sendable, Hashable {
    /// Values of the platform conditions that are known, keyed by name: `os` → `["iOS"]`,
    /// `arch` → `["arm64"]`, `canImport` → the importable modules. A name that is present decides
    /// every argument (present → true, absent → false); a name that is missing stays unknown.
    package var platformConditions: [String: Set<String>] { didSet { identity = Identity() } }
    /// The `-D` flags of the build, when known.
    package var definedFlags: Set<String>? { didSet { identity = Identity() } }
    /// For `swift(>=…)`: the language mode, when known.
    package var languageVersion: [Int]? { didSet { identity = Identity() } }
    /// For `compiler(>=…)`: the compiler version, when known.
    package var compilerVersion: [Int]? { didSet { identity = Identity() } }
    /// When `platformConditions["canImport"]` is only what is known importable: the modules known
    /// to be missing; `canImport` of any other is undecided. A module on both lists is importable:
    /// the importable list is asked first. Nil: that list is complete, every
    /// other module is missing (the compiler's own view of one machine).
    package var knownMissingModules: Set<String>? { didSet { identity = Identity() } }
    /// For `hasFeature(…)`: features known enabled. Any other stays undecided, since which
    /// features a compiler has enabled by default is not knowable without it.
    package var enabledFeatures: Set<String> = [] { didSet { identity = Identity() } }

    /// Shared by copies and replaced on every change: two environments holding the same
    /// identity are equal without comparing their `canImport` lists, which is how the clause
    /// table's cache finds an environment it has seen among dozens in constant time.
    private var identity = Identity()

    private final class Identity: Sendable {}

    /// The same for every unchanged copy of this environment, and never for another while one
    /// of them lives: the clause table finds the answers of an environment it has seen by it,
    /// without comparing fields. Two different keys say nothing; `==` then decides.
    package var copyKey: ObjectIdentifier { ObjectIdentifier(identity) }

    package init(
        platformConditions: [String: Set<String>] = [:],
        definedFlags: Set<String>? = nil,
        languageVersion: [Int]? = nil,
        compilerVersion: [Int]? = nil
    ) {
        self.platformConditions = platformConditions
        self.definedFlags = definedFlags
        self.languageVersion = languageVersion
        self.compilerVersion = compilerVersion
    }

    /// Compares the small fields first: the clause table's cache compares environments for
    /// every import it decides, and two builds almost always differ in their flags, `os` or
    /// `arch` long before their `canImport` lists (hundreds of names) need comparing.
    package static func == (lhs: BuildEnvironment, rhs: BuildEnvironment) -> Bool {
        if lhs.identity === rhs.identity { return true }
        guard lhs.definedFlags == rhs.definedFlags, lhs.languageVersion == rhs.languageVersion,
              lhs.compilerVersion == rhs.compilerVersion, lhs.platformConditions.count == rhs.platformConditions.count,
              lhs.enabledFeatures == rhs.enabledFeatures else { return false }
        for (name, values) in lhs.platformConditions where name != "canImport" {
            guard rhs.platformConditions[name] == values else { return false }
        }
        return lhs.platformConditions["canImport"] == rhs.platformConditions["canImport"]
            && lhs.knownMissingModules == rhs.knownMissingModules
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(platformConditions)
        hasher.combine(definedFlags)
        hasher.combine(languageVersion)
        hasher.combine(compilerVersion)
        hasher.combine(knownMissingModules)
        hasher.combine(enabledFeatures)
    }

    /// Knows nothing: only literal `true` and `false` are decided.
    package static let unknown = BuildEnvironment()

    /// The compiler Bulkhead is built with, for `compiler(>=…)`: packages checked are built by
    /// the toolchain that builds them, which is at least as new in the usual case of one toolchain.
    package static var toolchainCompilerVersion: [Int]? {
        #if compiler(>=6.3)
        [6, 3]
        #elseif compiler(>=6.2)
        [6, 2]
        #elseif compiler(>=6.1)
        [6, 1]
        #else
        [6, 0]
        #endif
    }

    /// Whether a build described by this environment may compile `declaration`: true unless an
    /// enclosing clause is decided false. The one question every rule, `why` and `imports` ask;
    /// the scanner only records the clauses.
    package func mayCompile(_ declaration: ImportDeclaration) -> Bool {
        declaration.isActive(in: self) != false
    }

    /// Whether a build described by this environment may take `clause`.
    package func mayTake(_ clause: ConditionalClause) -> Bool {
        clause.isActive(in: self) != false
    }

    package func evaluate(_ condition: String) -> Bool? {
        ConditionExpression(parsing: condition).evaluate(in: self)
    }

    package func isFlagDefined(_ name: String) -> Bool? {
        definedFlags.map { $0.contains(name) }
    }

    package func evaluateCall(_ name: String, argument: String) -> Bool? {
        switch name {
        case "swift":
            return languageVersion.flatMap { Self.compare($0, against: argument) }
        case "compiler":
            return compilerVersion.flatMap { Self.compare($0, against: argument) }
        case "canImport":
            // `canImport(A.B, _version: 2)`: only the module matters here.
            // Cut at the first `,` or `.` without splitting: every target's environments ask this.
            let end = argument.utf8.firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") } ?? argument.utf8.endIndex
            let module = String(argument[..<end])
            guard let importable = platformConditions["canImport"] else { return nil }
            if importable.contains(module) {
                // A version requirement (`_version: 2`) is not known from a name.
                return argument.contains(",") && knownMissingModules != nil ? nil : true
            }
            guard let missing = knownMissingModules else { return false }
            return missing.contains(module) ? false : nil
        case "hasFeature":
            if enabledFeatures.contains(argument) { return true }
            return platformConditions["hasFeature"].map { $0.contains(argument) }
        default:
            return platformConditions[name].map { $0.contains(argument) }
        }
    }

    /// Compares `version` against `>=5.9` or `<6`.
    private static func compare(_ version: [Int], against argument: String) -> Bool? {
        let isLessThan = argument.hasPrefix("<")
        guard isLessThan || argument.hasPrefix(">=") else { return nil }
        let numbers = argument.dropFirst(isLessThan ? 1 : 2).split(separator: ".").compactMap { Int($0) }
        guard !numbers.isEmpty else { return nil }
        let count = max(numbers.count, version.count)
        let lhs = version + Array(repeating: 0, count: count - version.count)
        let rhs = numbers + Array(repeating: 0, count: count - numbers.count)
        let atLeast = !lhs.lexicographicallyPrecedes(rhs)
        return isLessThan ? !atLeast : atLeast
    }
}
