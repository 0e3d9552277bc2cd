import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
@testable import ImportScanning

/// The compiler is the oracle for `#if` per platform and configuration: given a target triple,
/// `swiftc -emit-imported-modules` decides `#if` for iOS and macOS on Linux without an SDK, and
/// stub module maps on `-I` answer `canImport` for the SDK table's modules. For every fixture file
/// and a batch of generated `#if`-heavy files, in iOS, macOS and Linux, debug and release, the
/// modules Bulkhead decides active must be the compiler's, file by file.
///
/// One swiftc call per environment covers every file: each file's imports are renamed at the
/// positions the scanner found (`Zq7_Networking` for file 7), so the compiler's single list splits
/// back into files; an import the scanner missed comes back without a prefix and fails the test.
@Suite(.tags(.large)) struct PlatformOracleTests {
    static let environments: [(build: PlatformBuild, triple: String)] = [Platform.ios, .macos, .linux].flatMap { platform in
        BuildConfiguration.allCases.map { (PlatformBuild(platform, $0), platform.variants[0].triple) }
    }

    static let generatedFileCount = 60

    @Test func theCompilerDecidesEveryFileAsBulkheadDoes() throws {
        var sources: [(name: String, bytes: [UInt8])] = []
        let fixtureRoot = Fixtures.root
        // The adversarial package leaves versioned `canImport` undecided on purpose; `IfExactOracleTests` checks it.
        let names = (try FileManager.default.subpathsOfDirectory(atPath: fixtureRoot)).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("IfExact") }.sorted()
        for name in names {
            sources.append((name, Array(try #require(FileManager.default.contents(atPath: fixtureRoot + "/" + name)))))
        }
        let fixtureCount = sources.count
        sources += Self.generatedFiles(Self.generatedFileCount, seed: 6151)
        let agreements = try Self.compare(sources, in: Self.environments)
        // The count the note reports: files × environments, all agreeing.
        #expect(agreements == sources.count * Self.environments.count)
        print("platform oracle: \(fixtureCount) fixture files + \(Self.generatedFileCount) generated, \(Self.environments.count) environments, \(agreements) of \(sources.count * Self.environments.count) file-environment pairs agree")
    }

    /// Every variant of every platform (device, simulator, Catalyst, each architecture), in
    /// release, over generated files: the facts of each triple (os, arch, pointer width, target
    /// environment, runtime, the SDK table) are the compiler's.
    @Test func everyVariantOfEveryPlatformIsDecidedAsTheCompilerDoes() throws {
        let environments = Platform.allCases.flatMap { platform in platform.variants.map { (PlatformBuild(platform, .release), $0.triple) } }
        let sources = Self.generatedFiles(24, seed: 7919)
        let agreements = try Self.compare(sources, in: environments)
        #expect(agreements == sources.count * environments.count)
        print("platform oracle: \(sources.count) generated files, \(environments.count) variants, \(agreements) of \(sources.count * environments.count) file-variant pairs agree")
    }

    static func generatedFiles(_ count: Int, seed: UInt64) -> [(name: String, bytes: [UInt8])] {
        (0..<count).map { index in
            var generator = PlatformConditionGenerator(seed: UInt64(index) &* seed &+ 3)
            return ("generated-\(index).swift", Array(generator.file().utf8))
        }
    }

    /// Runs swiftc once per environment over every source (renamed so its answer splits per
    /// file) and counts the file-environment pairs where its modules are Bulkhead's.
    static func compare(_ sources: [(name: String, bytes: [UInt8])], in environments: [(build: PlatformBuild, triple: String)],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-platform-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let scans = sources.map { ImportScanner.scan($0.bytes) }
        var paths: [String] = []
        for (index, source) in sources.enumerated() {
            let path = folder.appendingPathComponent("f\(index).swift").path
            FileManager.default.createFile(atPath: path, contents: Data(renamed(source.bytes, imports: scans[index].imports, file: index)))
            paths.append(path)
        }

        var agreements = 0
        var undecided = 0
        for (build, triple) in environments {
            let stubs = try stubModuleMaps(for: build.platform, in: folder)
            let flags = ["-D", "SWIFT_PACKAGE"] + (build.configuration == .debug ? ["-D", "DEBUG"] : [])
            let output = try ProcessRunner.run(["swiftc", "-target", triple, "-swift-version", "6", "-I", stubs] + flags
                + ["-emit-imported-modules"] + paths + ["-o", "-"])
            var expected = Array(repeating: Set<String>(), count: sources.count)
            var unattributed: [String] = []
            for line in String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline) {
                guard let (file, module) = split(String(line)) else { unattributed.append(String(line)); continue }
                expected[file].insert(module)
            }
            #expect(unattributed.isEmpty, "\(triple): imports the scanner did not find: \(unattributed)", sourceLocation: sourceLocation)

            let variant = try #require(build.platform.variants.firstIndex { $0.triple == triple }, sourceLocation: sourceLocation)
            var environment = build.environments(defines: ["SWIFT_PACKAGE"], languageVersion: BuildEnvironment.toolchainCompilerVersion, visibleModules: [])[variant]
            // The stubbed compiler knows every module it can import: none other is importable.
            environment.knownMissingModules = nil
            environment.platformConditions["canImport", default: []].formUnion(toolchainClangModules)
            for (index, scan) in scans.enumerated() {
                var active: Set<String> = []
                for declaration in scan.imports {
                    switch declaration.isActive(in: environment) {
                    case true?: active.insert(declaration.module)
                    case nil: undecided += 1
                    case false?: break
                    }
                }
                #expect(active == expected[index], "\(triple) \(build.configuration): \(sources[index].name)", sourceLocation: sourceLocation)
                if active == expected[index] { agreements += 1 } else if let dump = ProcessInfo.processInfo.environment["PLATFORM_ORACLE_DUMP"] {
                    FileManager.default.createFile(atPath: "\(dump)/\(triple)-\(build.configuration)-\(index).swift", contents: Data(sources[index].bytes))
                }
            }
        }
        #expect(undecided == 0, sourceLocation: sourceLocation)
        return agreements
    }

    /// The file with `Zq<file>_` before every module name the scanner found.
    static func renamed(_ bytes: [UInt8], imports: [ImportDeclaration], file: Int) -> [UInt8] {
        var result = bytes
        for declaration in imports.sorted(by: { $0.position.offset > $1.position.offset }) {
            var offset = declaration.position.offset
            if offset < result.count, result[offset] == UInt8(ascii: "`") { offset += 1 }
            result.insert(contentsOf: Array("Zq\(file)_".utf8), at: offset)
        }
        return result
    }

    static func split(_ name: String) -> (Int, String)? {
        guard name.hasPrefix("Zq"), let underscore = name.firstIndex(of: "_"),
              let file = Int(name[name.index(name.startIndex, offsetBy: 2)..<underscore]) else { return nil }
        return (file, String(name[name.index(after: underscore)...]))
    }

    /// The clang modules of the toolchain's resource folder (and clang's builtin ones), which the compiler finds for any
    /// target triple: the stubbed compiler can import them on every platform.
    static let toolchainClangModules: Set<String> = {
        guard let swiftc = try? ProcessRunner.locate("swiftc", environment: ProcessInfo.processInfo.environment) else { return [] }
        let library = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift").path
        var modules: Set<String> = []
        // Clang's own builtin modules (`_Builtin_float`, …) are in `clang/include`.
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []) + ["clang/include"] {
            guard let text = try? String(contentsOfFile: library + "/" + name + "/module.modulemap", encoding: .utf8) else { continue }
            modules.formUnion(LinuxToolchainTableTests.topLevelModules(inModuleMap: text))
        }
        return modules
    }()

    /// A folder with one module map declaring every module the table says `platform` can import,
    /// except `Swift` itself (a clang module of that name would stand in for the standard library).
    static func stubModuleMaps(for platform: Platform, in folder: URL) throws -> String {
        let stubs = folder.appendingPathComponent("stubs-\(platform.rawValue)")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        // The toolchain's own clang modules (`usr/lib/swift/*/module.modulemap`) answer for every
        // triple; a stub of the same name would redefine them.
        let modules = SDKModules.importable(on: platform).subtracting(["Swift"]).subtracting(toolchainClangModules).sorted()
        let text = modules.map { "module \($0) {}\n" }.joined()
        try Data(text.utf8).write(to: stubs.appendingPathComponent("module.modulemap"))
        return stubs.path
    }
}

/// Generated files dense in platform conditions: nested `#if`/`#elseif`/`#else` over the atoms
/// it is given (by default os, arch, targetEnvironment, runtime, pointer width, canImport of SDK
/// and unknown modules, DEBUG, SWIFT_PACKAGE, swift() and compiler()), joined with `!`, `&&`,
/// `||` and parentheses. The adversarial oracle gives it every form and a few more shapes.
struct PlatformConditionGenerator {
    private var state: UInt64
    private let atoms: [String]
    /// How many condition shapes are drawn from (6, or 7 with `a || b && !a` precedence probes),
    /// how many `#elseif` a block may have, and the least number of blocks in a file.
    private let shapes: Int
    private let elseIfs: Int
    private let blocks: Int

    init(seed: UInt64, atoms: [String] = Self.atoms, shapes: Int = 6, elseIfs: Int = 3, blocks: Int = 4) {
        state = seed | 1
        self.atoms = atoms
        self.shapes = shapes
        self.elseIfs = elseIfs
        self.blocks = blocks
    }

    static let atoms = [
        "os(iOS)", "os(macOS)", "os(Linux)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "os(Windows)", "os(Android)",
        "arch(arm64)", "arch(x86_64)", "arch(arm64_32)", "targetEnvironment(simulator)", "targetEnvironment(macCatalyst)",
        "_runtime(_ObjC)", "_runtime(_Native)", "_endian(little)", "_endian(big)", "_pointerBitWidth(_64)", "_pointerBitWidth(_32)",
        "_hasAtomicBitWidth(_64)", "canImport(UIKit)", "canImport(AppKit)", "canImport(SwiftUI)", "canImport(Combine)",
        "canImport(Glibc)", "canImport(FoundationNetworking)", "canImport(WinSDK)", "canImport(NotAModuleAnywhere)",
        "canImport(Foundation)", "DEBUG", "SWIFT_PACKAGE", "RELEASE_ONLY", "swift(>=5.9)", "swift(>=6.0)", "swift(<6)",
        "compiler(>=6.0)", "compiler(>=7)", "hasFeature(StrictConcurrency)", "true", "false",
    ]

    private mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    private mutating func condition(depth: Int = 0) -> String {
        let atom = atoms[next(atoms.count)]
        switch depth < 2 ? next(shapes) : 0 {
        case 1: return "!" + atom
        case 2: return "\(condition(depth: depth + 1)) && \(condition(depth: depth + 1))"
        case 3: return "\(condition(depth: depth + 1)) || \(condition(depth: depth + 1))"
        case 4: return "(\(condition(depth: depth + 1)) || \(atom)) && !(\(condition(depth: depth + 1)))"
        case 5: return "\(atom) || \(condition(depth: depth + 1)) && !\(atom)"
        default: return atom
        }
    }

    private var module = 0

    private mutating func importLine() -> String {
        module += 1
        return "import M\(module)\n"
    }

    private mutating func block(depth: Int) -> String {
        var text = "#if \(condition())\n" + importLine()
        if depth < 3 && next(3) == 0 { text += block(depth: depth + 1) }
        for _ in 0..<next(elseIfs) {
            text += "#elseif \(condition())\n" + importLine()
            if depth < 3 && next(4) == 0 { text += block(depth: depth + 1) }
        }
        if next(2) == 0 { text += "#else\n" + importLine() }
        return text + "#endif\n"
    }

    mutating func file() -> String {
        var text = "import Base\n"
        for _ in 0..<(blocks + next(6)) { text += block(depth: 0) }
        return text
    }
}
