/// What is known about a build when deciding `#if` conditions. Anything left unknown evaluates to
/// `nil` ("may be active"), so the default environment decides only `true` and `false`.
package struct BuildEnvironment: Sendable, Hashable {
    /// Values of the platform conditions that are known, keyed by name: `os` → `["iOS"]`,
    /// `arch` → `["arm64"]`, `canImport` → the importable modules. A name that is present decides
    /// every argument (present → true, absent → false); a name that is missing stays unknown.
    package var platformConditions: [String: Set<String>] { didSet { identity = Identity() } }
    /// The `-D` flags of the build, when known.
    package var definedFlags: Set<String>? { didSet { identity = Identity() } }
    /// For `swift(>=…)`: the version the language mode answers (4.1.50, 4.2, 5.10; in Swift 6
    /// mode the compiler's own), when known.
    package var languageVersion: [Int]? { didSet { identity = Identity() } }
    /// For `compiler(>=…)`: the compiler version, when known; three numbers when it is the
    /// toolchain's own (`6.3.1`), two when only the minor is known (patch-level checks undecided).
    package var compilerVersion: [Int]? { didSet { identity = Identity() } }
    /// When `platformConditions["canImport"]` is only what is known importable: the modules known
    /// to be missing; `canImport` of any other is undecided. A module on both lists is importable:
    /// the importable list is asked first. Nil: that list is complete, every
    /// other module is missing (the compiler's own view of one machine).
    package var knownMissingModules: Set<String>? { didSet { identity = Identity() } }
    /// For `hasFeature(…)`: features the target enables. Any other is decided by the compiler
    /// version and language mode (`CompilerFeatures`), or stays undecided.
    package var enabledFeatures: Set<String> = [] { didSet { identity = Identity() } }
    /// Modules the platform's SDK and toolchain provide, importable as those in
    /// `platformConditions["canImport"]` are (when that list is present). Kept apart from the
    /// target's own list so that every target's environments share one copy of the platform's
    /// hundreds of names instead of each making their union.
    package var platformModules: Set<String> = [] { didSet { identity = Identity() } }
    /// Whether the modules of `platformConditions["canImport"]` carry no version, as SwiftPM
    /// builds them (it passes no `-user-module-version`): swiftc then ignores the version of a
    /// `canImport(M, _version: 1.2)`, with a warning, and answers as for `canImport(M)`.
    package var visibleModulesHaveNoVersion = false { didSet { identity = Identity() } }
    /// The same for `platformModules`: true of the Linux toolchain, none of whose modules carries
    /// a version (checked with swiftc 6.3.1); an Apple SDK's frameworks do carry one.
    package var platformModulesHaveNoVersion = false { didSet { identity = Identity() } }
    /// Modules of the graph built from Swift sources alone (package targets SwiftPM compiles
    /// with swiftc): a Swift module has no submodules, so `canImport(M.Sub)` of one is false,
    /// as swiftc 6.3.1 answers. One set for every target of a check.
    package var swiftOnlyModules: Set<String> = [] { didSet { identity = Identity() } }

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
              lhs.enabledFeatures == rhs.enabledFeatures, lhs.visibleModulesHaveNoVersion == rhs.visibleModulesHaveNoVersion,
              lhs.platformModulesHaveNoVersion == rhs.platformModulesHaveNoVersion,
              lhs.swiftOnlyModules.count == rhs.swiftOnlyModules.count else { return false }
        for (name, values) in lhs.platformConditions where name != "canImport" {
            guard rhs.platformConditions[name] == values else { return false }
        }
        return lhs.platformConditions["canImport"] == rhs.platformConditions["canImport"]
            && lhs.knownMissingModules == rhs.knownMissingModules && lhs.platformModules == rhs.platformModules
            && lhs.swiftOnlyModules == rhs.swiftOnlyModules
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(platformConditions)
        hasher.combine(definedFlags)
        hasher.combine(languageVersion)
        hasher.combine(compilerVersion)
        hasher.combine(knownMissingModules)
        hasher.combine(enabledFeatures)
        hasher.combine(platformModules)
        hasher.combine(visibleModulesHaveNoVersion)
        hasher.combine(platformModulesHaveNoVersion)
        hasher.combine(swiftOnlyModules.count)
    }

    /// Knows nothing: only literal `true` and `false` are decided.
    package static let unknown = BuildEnvironment()

    /// The compiler Bulkhead is built with, to major.minor: for `compiler(>=…)` only when the
    /// user's toolchain did not answer (`ToolchainVersion` in PackageLoading asks it). Known to the minor
    /// only, so a check that turns on the patch level (`>=6.3.1`) stays undecided.
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

    /// A bare name: a `-D` flag, or `$Feature`, which the compiler answers as `hasFeature(Feature)`.
    package func isFlagDefined(_ name: String) -> Bool? {
        if name.utf8.first == UInt8(ascii: "$") { return hasFeature(String(name.dropFirst())) }
        return definedFlags.map { $0.contains(name) }
    }

    /// `hasFeature(name)`: the features the target enables, those of its language mode and, for a
    /// compiler whose features are tabled, every other (`CompilerFeatures`).
    func hasFeature(_ name: String) -> Bool? {
        // `hasFeature(A.B)`, `hasFeature(a: B)`: the compiler rejects anything but one name.
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
            || (0x61...0x7A).contains($0) || $0 >= 0x80 }) else { return nil }
        if enabledFeatures.contains(name) { return true }
        if let known = platformConditions["hasFeature"] { return known.contains(name) }
        return CompilerFeatures.hasFeature(name, compilerVersion: compilerVersion, languageMode: languageVersion?.first, enabled: enabledFeatures)
    }

    package func evaluateCall(_ name: String, argument: String) -> Bool? {
        switch name {
        case "swift":
            // Swift 6 mode answers with the compiler's version, known to the patch or not; the
            // older modes with a fixed one (4.1.50, 4.2, 5.10), exact.
            return languageVersion.flatMap { Self.compare($0, against: argument, isExact: $0.first ?? 0 < 6 || $0.count >= 3) }
        case "compiler":
            // The compiler Bulkhead was built with is known to major.minor only: `>=6.3.1` waits.
            return compilerVersion.flatMap { Self.compare($0, against: argument, isExact: $0.count >= 3) }
        case "canImport":
            return canImport(argument)
        case "hasFeature":
            return hasFeature(argument)
        case "hasAttribute":
            return CompilerFeatures.hasAttribute(argument, compilerVersion: compilerVersion)
        case "targetEnvironment":
            // The compiler accepts Mac Catalyst's old name, with a warning that it was renamed.
            return platformConditions[name].map { $0.contains(argument == "macabi" ? "macCatalyst" : argument) }
        default:
            return platformConditions[name].map { $0.contains(argument) }
        }
    }

    /// `canImport(A)`, `canImport(A.B)`, `canImport(A, _version: 2)`, as swiftc 6.3.1 answers
    /// them. A module that is missing is missing with every submodule and version. Of a module
    /// that is there:
    /// - a submodule of a module the graph builds from Swift (`swiftOnlyModules`) is false: a
    ///   Swift module has none; of any other it is undecided, since a clang module's map may
    ///   declare it (`Darwin.C`);
    /// - `_version:` of a module without a version is true (swiftc warns and ignores it); of one
    ///   that may carry a version (an SDK framework) it is undecided;
    /// - `_underlyingVersion:` is undecided: swiftc answers false unless an earlier `canImport` of
    ///   the module, in any file of the compilation, loaded it — an order no file tells.
    private func canImport(_ argument: String) -> Bool? {
        let (module, isWhole) = Self.canImportModule(of: argument)
        guard let importable = platformConditions["canImport"] else { return nil }
        let isVisible = importable.contains(module)
        let isPlatform = platformModules.contains(module)
        if isVisible || isPlatform {
            if isWhole { return true }
            guard let cut = argument.firstIndex(where: { $0 == "," || $0 == "." }) else { return nil }
            if argument[cut] == "." { return isVisible && !isPlatform && swiftOnlyModules.contains(module) ? false : nil }
            guard Self.isVersionRequirement(argument[cut...], label: "_version:") else { return nil }
            return (!isVisible || visibleModulesHaveNoVersion) && (!isPlatform || platformModulesHaveNoVersion) ? true : nil
        }
        guard let missing = knownMissingModules else { return false }
        return missing.contains(module) ? false : nil
    }

    /// Whether `rest` is `,<label><version>`, the version digits and dots (`1`, `1.2.3`) or
    /// those quoted (`"1.2"`): what swiftc takes without an error.
    private static func isVersionRequirement(_ rest: Substring, label: String) -> Bool {
        guard rest.hasPrefix("," + label) else { return false }
        var version = rest.dropFirst(1 + label.count)
        if version.hasPrefix("\""), version.hasSuffix("\""), version.count >= 2 { version = version.dropFirst().dropLast() }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// The module `canImport(argument)` looks for: the argument up to its first `,` or `.`,
    /// without the backticks of a name written `` `Foo` `` (swiftc reads it as `Foo`); and
    /// whether that is the whole argument (no submodule, no version). The only name of the
    /// target's own importable list (`platformConditions["canImport"]`) the call reads.
    package static func canImportModule(of argument: String) -> (module: String, isWhole: Bool) {
        // Cut at the first `,` or `.` without splitting: every target's environments ask this.
        let end = argument.utf8.firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") } ?? argument.utf8.endIndex
        var name = argument[..<end]
        if name.utf8.count >= 2, name.utf8.first == UInt8(ascii: "`"), name.utf8.last == UInt8(ascii: "`") {
            name = name.dropFirst().dropLast()
        }
        return (String(name), end == argument.endIndex)
    }

    /// Compares `version` against `>=5.9` or `<6`. A version that is not `isExact` is known only
    /// as far as it goes (6.3 of a 6.3.x compiler): a comparison that turns on the numbers after
    /// it is undecided.
    private static func compare(_ version: [Int], against argument: String, isExact: Bool) -> Bool? {
        let isLessThan = argument.hasPrefix("<")
        guard isLessThan || argument.hasPrefix(">=") else { return nil }
        let parts = argument.dropFirst(isLessThan ? 1 : 2).split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard !numbers.isEmpty, numbers.count == parts.count else { return nil }
        if !isExact, numbers.count > version.count, Array(numbers.prefix(version.count)) == version,
           numbers.dropFirst(version.count).contains(where: { $0 != 0 }) { return nil }
        let count = max(numbers.count, version.count)
        let lhs = version + Array(repeating: 0, count: count - version.count)
        let rhs = numbers + Array(repeating: 0, count: count - numbers.count)
        let atLeast = !lhs.lexicographicallyPrecedes(rhs)
        return isLessThan ? !atLeast : atLeast
    }
}
