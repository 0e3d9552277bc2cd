import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
@testable import BulkheadCLI

/// The compile flags a manifest implies, with the build itself as the oracle: the packages of
/// `Fixtures/CompileFlags` (traits asked for by a dependent, defines of every kind, unsafe
/// flags, a resource bundle, features by every spelling, tools 4.2) are built with
/// `swift build -v`, debug and release; each target's `#if` conditions are compiled by swiftc
/// with exactly the flags that build passed for it; and `bulkhead imports` must decide every
/// import as the compiler did — none wrong, none undecided. Linux is the platform this
/// toolchain builds; the other platforms' builds take the same flags through the same code, with
/// their `.when(platforms:)` (`TargetBuildsTests`).
@Suite(.tags(.large)) struct CompileFlagsOracleTests {
    /// The flags of a swiftc command line that decide `#if`: defines, language mode, features,
    /// whole-module optimization (Embedded needs it) and the target.
    static func decidingFlags(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-D", "-swift-version", "-enable-upcoming-feature", "-enable-experimental-feature", "-target":
                if let value = rest.popFirst() { kept += [argument, value] }
            case "-strict-memory-safety", "-wmo", "-whole-module-optimization":
                kept.append(argument)
            default:
                if argument.hasPrefix("-D") || argument.hasPrefix("-strict-concurrency=") { kept.append(argument) }
            }
        }
        return kept
    }

    /// Per module: the deciding flags of its compile in `swift build -v`'s output.
    static func flagsByModule(_ output: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for line in output.split(whereSeparator: \.isNewline) where line.contains("swiftc ") && line.contains(" -module-name ") {
            let arguments = line.split(separator: " ").map(String.init)
            guard let index = arguments.firstIndex(of: "-module-name"), index + 1 < arguments.count else { continue }
            result[arguments[index + 1]] = decidingFlags(arguments)
        }
        return result
    }

    @Test(arguments: ["debug", "release"])
    func everyImportIsDecidedAsTheBuildCompilesIt(_ configuration: String) throws {
        let copy = try Fixtures.copy("CompileFlags")
        defer { try? FileManager.default.removeItem(atPath: PathOf.parent(copy)) }
        var flags: [String: [String]] = [:]
        for package in ["App", "Legacy"] {
            let build = try ProcessRunner.run(["swift", "build", "-v", "-c", configuration, "--package-path", copy + "/" + package,
                                               "--scratch-path", copy + "/.build-" + package])
            try #require(build.status == 0, "swift build of \(package): \(build.standardErrorText.suffix(2000))")
            flags.merge(Self.flagsByModule(String(decoding: build.standardOutput, as: UTF8.self) + build.standardErrorText)) { first, _ in first }
        }
        let targets = ["Flags": "Flags/Sources/Flags", "Featured": "Flags/Sources/Featured", "App": "App/Sources/App", "Legacy": "Legacy/Sources/Legacy"]
        // The compiler's answer: which of each target's imports its flags compile (each renamed
        // after its comment, so that one import is told from another).
        var compiled: [String: Set<String>] = [:]
        for (module, folder) in targets {
            let moduleFlags = try #require(flags[module], "swift build -v compiled no \(module)")
            let source = try String(contentsOfFile: copy + "/" + folder + "/Conditions.swift", encoding: .utf8)
            let renamed = source.replacingOccurrences(of: #"import Foundation // (C[0-9]+)"#, with: "import $1", options: .regularExpression)
            let probe = copy + "/" + module + "-probe.swift"
            try renamed.write(toFile: probe, atomically: true, encoding: .utf8)
            let answer = try ProcessRunner.run(["swiftc"] + moduleFlags + ["-emit-imported-modules", probe, "-o", "-"])
            compiled[module] = Set(String(decoding: answer.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init))
            try FileManager.default.removeItem(atPath: probe)
        }
        for package in ["App", "Legacy"] { try FileManager.default.removeItem(atPath: copy + "/.build-" + package) }
        // Bulkhead's answer, from the manifests alone.
        let run = CommandRun.run(["imports", "--platform", "linux", "--configuration", configuration, "--format", "json"], in: copy)
        try #require(run.status == .clean, "\(run.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let imports = try #require(document["imports"] as? [[String: Any]])
        let lines = try Self.tags(in: copy, targets: targets)
        var decisions = 0
        for entry in imports {
            guard let file = entry["file"] as? String, let line = entry["line"] as? Int, let tag = lines[file]?[line],
                  let module = targets.first(where: { file.hasPrefix($0.value + "/") })?.key else { continue }
            let build = try #require((entry["builds"] as? [[String: Any]])?.first)
            let expected = compiled[module, default: []].contains(tag)
            let condition = ((entry["conditions"] as? [[String: Any]])?.first?["condition"] as? String) ?? "?"
            #expect(build["active"] as? Bool == expected, "\(module) \(configuration): #if \(condition): Bulkhead \(build["active"] ?? "nil"), swiftc \(expected)")
            decisions += 1
        }
        #expect(decisions == targets.count * (lines.values.first?.count ?? 0))
        print("compile-flags oracle (\(configuration)): \(decisions) decisions over \(targets.count) targets compared with swift build -v")
    }

    /// Per file (relative to the root): the tag of the import on each line.
    static func tags(in root: String, targets: [String: String]) throws -> [String: [Int: String]] {
        var result: [String: [Int: String]] = [:]
        for folder in targets.values {
            let text = try String(contentsOfFile: root + "/" + folder + "/Conditions.swift", encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "// C") else { continue }
                result[folder + "/Conditions.swift", default: [:]][index + 1] = String(line[range.upperBound...].prefix { $0.isNumber }).isEmpty
                    ? nil : "C" + line[range.upperBound...].prefix { $0.isNumber }
            }
        }
        return result
    }
}

private enum PathOf {
    static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
}
