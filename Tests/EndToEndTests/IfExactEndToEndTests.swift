import Foundation
import PackageLoading
import TestSupport
import Testing

/// `#if` decided with the version of the toolchain that builds the package, in full: a package
/// written in a temporary folder that checks the installed toolchain's own patch level.
@Suite(.tags(.large)) struct IfExactEndToEndTests {
    struct Build: Decodable {
        var platform: String
        var configuration: String
        var active: Active
    }

    enum Active: Decodable, Equatable {
        case decided(Bool), unknown
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) { self = .decided(value) } else { self = .unknown }
        }
    }

    struct Listed: Decodable {
        var module: String
        var builds: [Build]
    }

    struct Document: Decodable {
        var imports: [Listed]
    }

    @Test func theToolchainsFullVersionDecidesCompilerAndSwiftChecks() throws {
        let version = try #require(ToolchainVersion.probe(executable: "swift", identity: "", cacheFolder: nil))
        let full = (version + [0, 0]).prefix(3).map(String.init).joined(separator: ".")
        let next = [version[0], version.count > 1 ? version[1] : 0, (version.count > 2 ? version[2] : 0) + 1].map(String.init).joined(separator: ".")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-ifexact-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
        try Data("""
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "Exact", targets: [.target(name: "App")])

        """.utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        try Data("""
        #if compiler(>=\(full))
        import CompilerAtLeastThis
        #endif
        #if compiler(>=\(next))
        import CompilerAtLeastNext
        #endif
        #if swift(>=\(full))
        import SwiftModeIsTheCompiler
        #endif
        #if canImport(Glibc.NoSuchSubmodule)
        import SubmoduleUnknown
        #endif

        """.utf8).write(to: URL(fileURLWithPath: folder + "/Sources/App/App.swift"))
        let run = try BulkheadBinary.run(["imports", "--package-path", folder, "--platform", "linux", "--configuration", "release",
                                          "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        let active = Dictionary(uniqueKeysWithValues: document.imports.map { ($0.module, $0.builds.first?.active) })
        #expect(active["CompilerAtLeastThis"] == .decided(true))
        #expect(active["CompilerAtLeastNext"] == .decided(false))
        #expect(active["SwiftModeIsTheCompiler"] == .decided(true))
        #expect(active["SubmoduleUnknown"] == .unknown)
    }
}
