import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
@testable import ImportScanning

/// The compiler is the oracle for every condition form: the adversarial package
/// (`Fixtures/IfExactAdversarial`) and generated files over every atom the compiler accepts, for
/// every variant triple of every platform, debug and release, and the language modes 4, 4.2, 5
/// and 6 — against `swiftc -emit-imported-modules` with the installed toolchain's own version.
/// The host's Linux triple uses the real toolchain (its modules, its module maps); other triples
/// get stub module maps of the SDK table, as `PlatformOracleTests` does.
///
/// A decision that differs from the compiler's fails the test. An undecided import passes only
/// when its conditions name what cannot be known from names:
/// - a versioned `canImport` of a module that may carry a version (an Apple SDK's framework, a
///   module of the Windows or Android toolchains, which are not read), and every
///   `_underlyingVersion:` (swiftc answers it by whether an earlier `canImport` loaded the module);
///   `_version:` of a module without one (a package's, the Linux toolchain's) is decided;
/// - a submodule of a module that is there (whether a target is Swift, which has none, or C,
///   whose module map may declare it, is not known to the environment);
/// - an attribute not tabled, `_compiler_version`.
@Suite(.tags(.large)) struct IfExactOracleTests {
    static let modes: [(flag: String, version: [Int])] = [("4", [4, 1, 50]), ("4.2", [4, 2]), ("5", [5, 10]), ("6", [6])]

    static var hostTriple: String {
        #if arch(x86_64)
        "x86_64-unknown-linux-gnu"
        #else
        "aarch64-unknown-linux-gnu"
        #endif
    }

    @Test func everyConditionFormIsDecidedAsTheCompilerDecidesIt() throws {
        let version = try #require(ToolchainVersion.probe(executable: "swiftc", identity: "", cacheFolder: nil))
        #expect(version.count >= 3, "swiftc --version gave \(version)")
        var sources: [(name: String, bytes: [UInt8])] = []
        let folder = Fixtures.root + "/IfExactAdversarial/Sources/IfExactAdversarial"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".swift") {
            sources.append((name, Array(try #require(FileManager.default.contents(atPath: folder + "/" + name)))))
        }
        sources += (0..<16).map { index in
            var generator = AdversarialConditionGenerator.make(seed: UInt64(index) &* 104_729 &+ 11)
            return ("generated-\(index).swift", Array(generator.file().utf8))
        }
        // Every variant in Swift 6 mode, both configurations; each platform's first variant in
        // every older mode too.
        var runs: [(build: PlatformBuild, variant: Int, mode: (flag: String, version: [Int]))] = []
        for platform in Platform.allCases {
            for configuration in BuildConfiguration.allCases {
                for variant in platform.variants.indices { runs.append((PlatformBuild(platform, configuration), variant, Self.modes[3])) }
            }
            for mode in Self.modes.dropLast() { runs.append((PlatformBuild(platform, .release), 0, mode)) }
        }
        // The compiler accepts every file here: Bulkhead reports nothing of them either, also of
        // the text of clauses the compiler does not parse.
        for source in sources {
            let issues = ImportScanner.scan(source.bytes).issues
            #expect(issues.isEmpty, "\(source.name): \(issues.map { "\($0.code.rawValue)@\($0.position.line): \($0.message)" })")
        }
        let tally = try Self.compare(sources, runs: runs, compilerVersion: version)
        print("if-exact oracle: \(sources.count) files, \(runs.count) triple/configuration/mode runs: \(tally.decisions) decisions, \(tally.wrong) wrong, \(tally.undecided) undecided (\(tally.reasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")))")
        #expect(tally.wrong == 0)
        #expect(tally.unexplained.isEmpty, "undecided without a reason: \(tally.unexplained.prefix(10))")
    }

    /// Conditions the compiler rejects (`Fixtures/IfExactAdversarial/Rejected`): swiftc reports an
    /// error on exactly the lines where Bulkhead reports `rejected-condition`, and Bulkhead quotes
    /// the compiler's first message for the line; a clause the compiler does not parse reports
    /// nothing. The imports of a rejected clause stay undecided in every build.
    @Test func everyConditionTheCompilerRejectsIsReportedInItsWords() throws {
        let path = Fixtures.root + "/IfExactAdversarial/Rejected/RejectedConditions.swift"
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let output = try ProcessRunner.run(["swiftc", "-swift-version", "6", "-emit-imported-modules", path, "-o", "-"])
        #expect(output.status != 0)
        // `path:line:column: error: message`, the first error of each line.
        var compilerErrors: [Int: String] = [:]
        for line in output.standardErrorText.split(whereSeparator: \.isNewline) where line.hasPrefix(path + ":") {
            guard let marker = line.range(of: ": error: ") else { continue }
            let location = line[line.index(line.startIndex, offsetBy: path.count + 1)..<marker.lowerBound]
            guard let number = location.split(separator: ":").first.flatMap({ Int($0) }) else { continue }
            if compilerErrors[number] == nil { compilerErrors[number] = String(line[marker.upperBound...]) }
        }
        let scan = ImportScanner.scan(bytes)
        var reported: [Int: ScanIssue] = [:]
        for issue in scan.issues where reported[issue.position.line] == nil { reported[issue.position.line] = issue }
        #expect(compilerErrors.count > 60, "swiftc said: \(output.standardErrorText.prefix(2000))")
        for line in Set(compilerErrors.keys).union(reported.keys).sorted() {
            let issue = reported[line]
            let message = compilerErrors[line]
            #expect(issue?.code == .rejectedCondition && message.map { issue?.message.contains("\"\($0)\"") == true } == true,
                    "line \(line): swiftc \(message ?? "accepts it"), Bulkhead \(issue.map { "\($0.code.rawValue): \($0.message)" } ?? "reports nothing")")
        }
        for build in Platform.allCases.map({ PlatformBuild($0, .debug) }) {
            for environment in build.environments(defines: [], languageVersion: [6], visibleModules: [], compilerVersion: [6, 3]) {
                for declaration in scan.imports where declaration.module.hasPrefix("Rejected") {
                    #expect(declaration.isActive(in: environment) == nil, "\(declaration.module) is decided")
                }
            }
        }
    }

    /// The feature table against the compiler, when the installed compiler is the one tabled:
    /// every tabled name, and names it does not know, in Swift 4, 5 and 6 modes, as `hasFeature`
    /// and as `$Name`; every tabled attribute, and attributes it answers false for.
    @Test func theFeatureTableIsTheCompilers() throws {
        let version = try #require(ToolchainVersion.probe(executable: "swiftc", identity: "", cacheFolder: nil))
        guard Array(version.prefix(2)) == CompilerFeatures.knownCompiler else { return }
        let names = (CompilerFeatures.languageFeatures.union(CompilerFeatures.upcoming.keys).union(CompilerFeatures.fromSwift5)
            .union(["Embedded", "MoveOnlyClasses", "CDecl", "NoSuchFeature"])).sorted()
        // Every tabled attribute, and names the compiler answers false for: underscored and custom
        // attributes people write, modifiers, and no attribute at all.
        let attributes = CompilerFeatures.attributes.union(["_exported", "_spi", "_implementationOnly", "testable", "MainActor",
                                                            "final", "NoSuchAttribute"]).sorted()
        var text = ""
        for (index, name) in names.enumerated() {
            text += "#if hasFeature(\(name))\nimport F\(index)\n#endif\n#if $\(name)\nimport D\(index)\n#endif\n"
        }
        for (index, name) in attributes.enumerated() { text += "#if hasAttribute(\(name))\nimport A\(index)\n#endif\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-features-\(UUID().uuidString).swift").path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for mode in Self.modes {
            let output = try ProcessRunner.run(["swiftc", "-swift-version", mode.flag, "-emit-imported-modules", path, "-o", "-"])
            let compiled = Set(String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init))
            let environment = PlatformBuild(.linux, .release).environments(defines: [], languageVersion: mode.version, visibleModules: [],
                                                                            compilerVersion: version)[0]
            for (index, name) in names.enumerated() {
                #expect(environment.evaluate("hasFeature(\(name))") == compiled.contains("F\(index)"), "hasFeature(\(name)) in \(mode.flag)")
                #expect(environment.evaluate("$\(name)") == compiled.contains("D\(index)"), "$\(name) in \(mode.flag)")
            }
            for (index, name) in attributes.enumerated() {
                #expect(environment.evaluate("hasAttribute(\(name))") == compiled.contains("A\(index)"), "hasAttribute(\(name)) in \(mode.flag)")
            }
        }
    }

    struct Tally {
        var decisions = 0
        var wrong = 0
        var undecided = 0
        var unexplained: [String] = []
        var reasons: [String: Int] = [:]
    }

    static func compare(_ sources: [(name: String, bytes: [UInt8])], runs: [(build: PlatformBuild, variant: Int, mode: (flag: String, version: [Int]))],
                        compilerVersion: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws -> Tally {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-ifexact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scans = sources.map { ImportScanner.scan($0.bytes) }
        var paths: [String] = []
        for (index, source) in sources.enumerated() {
            let path = folder.appendingPathComponent("f\(index).swift").path
            FileManager.default.createFile(atPath: path, contents: Data(PlatformOracleTests.renamed(source.bytes, imports: scans[index].imports, file: index)))
            paths.append(path)
        }
        var tally = Tally()
        for run in runs {
            let triple = run.build.platform.variants[run.variant].triple
            // The host's own triple: the real toolchain answers `canImport`, no stubs.
            let stubs = triple == hostTriple ? [] : ["-I", try PlatformOracleTests.stubModuleMaps(for: run.build.platform, in: folder)]
            let flags = ["-D", "SWIFT_PACKAGE"] + (run.build.configuration == .debug ? ["-D", "DEBUG"] : [])
            let output = try ProcessRunner.run(["swiftc", "-target", triple, "-swift-version", run.mode.flag] + stubs + flags
                + ["-emit-imported-modules"] + paths + ["-o", "-"])
            #expect(output.status == 0, "\(triple) -swift-version \(run.mode.flag): \(output.standardErrorText.prefix(2000))", sourceLocation: sourceLocation)
            var expected = Array(repeating: Set<String>(), count: sources.count)
            for line in String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline) {
                guard let (file, module) = PlatformOracleTests.split(String(line)) else {
                    Issue.record("\(triple): an import the scanner did not find: \(line)", sourceLocation: sourceLocation)
                    continue
                }
                expected[file].insert(module)
            }
            var environment = run.build.environments(defines: ["SWIFT_PACKAGE"], languageVersion: run.mode.version, visibleModules: [],
                                                     compilerVersion: compilerVersion)[run.variant]
            // The compiler here knows every module it can import: none other is importable. With
            // stubs, the toolchain's own clang modules are there for every triple too.
            environment.knownMissingModules = nil
            if triple != hostTriple { environment.platformConditions["canImport", default: []].formUnion(PlatformOracleTests.toolchainClangModules) }
            for (index, scan) in scans.enumerated() {
                for declaration in scan.imports {
                    let compiled = expected[index].contains(declaration.module)
                    switch declaration.isActive(in: environment) {
                    case let decided?:
                        tally.decisions += 1
                        if decided != compiled {
                            tally.wrong += 1
                            Issue.record("\(triple) \(run.build.configuration) -swift-version \(run.mode.flag): \(sources[index].name): import \(declaration.module) under \(declaration.conditions.map(\.written)): Bulkhead \(decided), compiler \(compiled)", sourceLocation: sourceLocation)
                        }
                    case nil:
                        tally.undecided += 1
                        if let reason = undecidedReason(declaration) {
                            tally.reasons[reason, default: 0] += 1
                        } else {
                            tally.unexplained.append("\(sources[index].name): \(declaration.module) \(declaration.conditions.map(\.written))")
                        }
                    }
                }
            }
        }
        return tally
    }

    /// What the import's conditions name that cannot be known from names; nil when nothing.
    static func undecidedReason(_ declaration: ImportDeclaration) -> String? {
        let text = declaration.conditions.flatMap { clause in [clause.condition].compactMap { $0 } + clause.precedingConditions }.joined(separator: " ")
        if text.contains("_version:") || text.contains("_underlyingVersion:") { return "versioned canImport" }
        if text.range(of: #"canImport\([A-Za-z_0-9]+\."#, options: .regularExpression) != nil { return "submodule canImport" }
        if text.contains("hasAttribute(") { return "attribute not tabled" }
        if text.contains("_compiler_version(") { return "_compiler_version" }
        return nil
    }
}

/// Files over every condition form the compiler accepts, nested three deep, with `#elseif`
/// chains, `!`, `&&`, `||`, parentheses and precedence probes: the platform oracle's generator
/// over these atoms.
enum AdversarialConditionGenerator {
    static let atoms = [
        "os(iOS)", "os(macOS)", "os(OSX)", "os(Linux)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "os(xrOS)", "os(Windows)",
        "os(Android)", "os(FreeBSD)", "os(WASI)", "arch(arm64)", "arch(x86_64)", "arch(arm64_32)", "arch(i386)", "arch(aarch64)",
        "targetEnvironment(simulator)", "targetEnvironment(macCatalyst)", "targetEnvironment(macabi)", "_runtime(_ObjC)",
        "_runtime(_Native)", "_endian(little)", "_endian(big)", "_pointerBitWidth(_64)", "_pointerBitWidth(_32)",
        "_hasAtomicBitWidth(_64)", "_hasAtomicBitWidth(_128)", "_ptrauth(_none)", "_ptrauth(_arm64e)",
        "canImport(UIKit)", "canImport(AppKit)", "canImport(Cocoa)", "canImport(SwiftUI)", "canImport(Glibc)", "canImport(Musl)",
        "canImport(Darwin)", "canImport(CoreFoundation)", "canImport(FoundationNetworking)", "canImport(WinSDK)",
        "canImport(WASILibc)", "canImport(Android)", "canImport(_Differentiation)", "canImport(Spatial)", "canImport(HealthKitUI)",
        "canImport(RealityFoundation)", "canImport(CallKit)", "canImport(System)", "canImport(HomeKit)", "canImport(PushKit)",
        "canImport(OpenGLES)", "canImport(Translation)", "canImport(WorkoutKit)", "canImport(Runtime)", "canImport(CDispatch)",
        "canImport(DispatchIntrospection)", "canImport(SwiftShims)", "canImport(NotAModuleAnywhere)",
        "canImport(Darwin.NoSuchSubmodule)", "canImport(Glibc.NoSuchSubmodule)", "canImport(Foundation, _version: 1)",
        "DEBUG", "SWIFT_PACKAGE", "RELEASE_ONLY", "swift(>=4.1.50)", "swift(>=4.2)", "swift(>=5)", "swift(>=5.10)",
        "swift(>=5.10.1)", "swift(>=6)", "swift(>=6.3.1)", "swift(>=6.3.2)", "swift(<6)", "compiler(>=6.3.1)",
        "compiler(>=6.3.2)", "compiler(<6.3)", "compiler(>=7)", "hasFeature(StrictConcurrency)", "hasFeature(ExistentialAny)",
        "hasFeature(Macros)", "hasFeature(NonfrozenEnumExhaustivity)", "hasFeature(Embedded)", "hasFeature(NoSuchFeature)",
        "$Macros", "$StrictConcurrency", "$NoSuchFeature", "hasAttribute(retroactive)", "hasAttribute(NoSuchAttribute)",
        "hasAttribute(_exported)", "hasAttribute(MainActor)",
        "true", "false",
    ]

    static func make(seed: UInt64) -> PlatformConditionGenerator {
        PlatformConditionGenerator(seed: seed, atoms: atoms, shapes: 7, elseIfs: 4, blocks: 6)
    }
}
