import FileAccess
import Foundation
import ImportScanning

/// Which of a package folder's manifests a toolchain reads: `Package.swift` or a
/// version-specific `Package@swift-X[.Y[.Z]].swift`, by SwiftPM's own rule
/// (`ManifestLoader.findManifest`), so that findings point into, and `--fix` edits, the file the
/// build reads rather than one it ignores.
///
/// The rule, for a toolchain of tools version T:
/// 1. `Package@swift-T.major.T.minor.T.patch.swift`, then `…@swift-major.minor`, then
///    `…@swift-major`: the first that exists is read.
/// 2. Otherwise the newest version-specific manifest whose name's version is at most T is a
///    candidate; it is read when its own `// swift-tools-version:` is newer than the regular
///    manifest's (3.1.0 when it has none), or when the regular manifest's is newer than T.
/// 3. Otherwise `Package.swift`.
package enum ManifestChoice {
    /// The toolchain's tools version when the toolchain did not say its own: the compiler
    /// Bulkhead was built with, known to major.minor only, so patch 0.
    package static var assumedToolsVersion: [Int] {
        (BuildEnvironment.toolchainCompilerVersion ?? [6, 0]) + [0]
    }

    /// SwiftPM's tools version for a toolchain whose compiler is `compilerVersion`
    /// (`ToolchainVersion`): the same three numbers — a 6.3.1 release reads
    /// `Package@swift-6.3.1.swift` — or `assumedToolsVersion` when the toolchain did not answer.
    package static func toolsVersion(ofCompiler compilerVersion: [Int]?) -> [Int] {
        guard let compilerVersion, !compilerVersion.isEmpty else { return assumedToolsVersion }
        return padded(compilerVersion)
    }

    /// The file name of the manifest read in `folder` (absolute). `readToolsVersion` is what
    /// `dump-package` reported for the manifest it read: when the rule's choice declares another
    /// version (the toolchain running is not the one Bulkhead was built with) and exactly one
    /// manifest declares that one, the toolchain's own word wins. `toolsVersion` is asked only
    /// when the folder has a version-specific manifest: learning it may mean waiting on the
    /// toolchain's answer.
    package static func fileName(inPackageAt folder: String, readToolsVersion: String?,
                                 toolsVersion: () -> [Int] = { assumedToolsVersion }) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // The usual package has one manifest: nothing to read.
        guard names.contains(where: { versionInName($0) != nil }) else { return "Package.swift" }
        let toolsVersion = toolsVersion()
        let declared = { (name: String) -> [Int]? in
            guard let data = try? FileSystem.contents(of: folder + "/" + name) else { return nil }
            return declaredToolsVersion(Array(data.prefix(4096)))
        }
        let chosen = fileName(among: names, toolsVersion: toolsVersion, declaredToolsVersion: declared)
        guard let read = readToolsVersion.flatMap(version), let chosenVersion = declared(chosen),
              compare(chosenVersion, read) != .orderedSame else { return chosen }
        let matching = (["Package.swift"] + names.filter { versionInName($0) != nil }).filter { declared($0).map { compare($0, read) == .orderedSame } ?? false }
        return matching.count == 1 ? matching[0] : chosen
    }

    /// The rule itself over a folder's entry names; pure, so tests state every case.
    package static func fileName(among names: [String], toolsVersion: [Int], declaredToolsVersion: (String) -> [Int]?) -> String {
        let present = Set(names)
        let current = padded(toolsVersion)
        for key in ["\(current[0]).\(current[1]).\(current[2])", "\(current[0]).\(current[1])", "\(current[0])"] where present.contains("Package@swift-\(key).swift") {
            return "Package@swift-\(key).swift"
        }
        // Two names for one version (`6.0` and `6.0.0`): SwiftPM keeps the later in the listing.
        let candidates = names.sorted().compactMap { name in versionInName(name).map { (version: $0, name: name) } }
            .filter { compare($0.version, current) != .orderedDescending }
        guard let newest = candidates.max(by: { compare($0.version, $1.version) == .orderedAscending }) else { return "Package.swift" }
        let regular = declaredToolsVersion("Package.swift") ?? [3, 1, 0]
        let specific = compare(newest.version, [4]) == .orderedAscending ? [3, 1, 0] : (declaredToolsVersion(newest.name) ?? [3, 1, 0])
        if compare(specific, regular) == .orderedDescending { return newest.name }
        return compare(regular, current) == .orderedDescending ? newest.name : "Package.swift"
    }

    /// `6.0` of `Package@swift-6.0.swift`; nil for any other name. One to three numbers, as
    /// SwiftPM's pattern `^Package@swift-(\d+)(?:\.(\d+))?(?:\.(\d+))?.swift$`.
    static func versionInName(_ name: String) -> [Int]? {
        guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return nil }
        let middle = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
        return version(String(middle))
    }

    /// The version of the `// swift-tools-version:` comment on a manifest's first line; nil
    /// when the line is not one.
    static func declaredToolsVersion(_ bytes: [UInt8]) -> [Int]? {
        var text = Substring(String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("//") else { return nil }
        text = text.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard text.lowercased().hasPrefix("swift-tools-version") else { return nil }
        text = text.dropFirst("swift-tools-version".count).drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix(":") else { return nil }
        text = text.dropFirst().drop { $0 == " " || $0 == "\t" }
        return version(String(text.prefix { $0.isNumber || $0 == "." }))
    }

    /// `[6, 0]` of "6.0"; nil unless one to three dot-separated numbers.
    static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        let numbers = parts.compactMap { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil }
        return numbers.count == parts.count ? numbers : nil
    }

    private static func padded(_ version: [Int]) -> [Int] {
        Array((version + [0, 0, 0]).prefix(3))
    }

    private static func compare(_ lhs: [Int], _ rhs: [Int]) -> ComparisonResult {
        let (left, right) = (padded(lhs), padded(rhs))
        for (a, b) in zip(left, right) where a != b { return a < b ? .orderedAscending : .orderedDescending }
        return .orderedSame
    }
}
