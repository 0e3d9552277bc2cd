import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// The link graph on the built binary with the real toolchain: what `footprint` says each image
/// holds is what SwiftPM's build links into it, and `check` reports the duplicates and fixes
/// nothing that would add a copy.
@Suite(.tags(.large)) struct LinkGraphEndToEndTests {
    struct Footprint: Decodable {
        struct Image: Decodable {
            struct Module: Decodable {
                var module: String
            }
            var name: String
            var modules: [Module]
        }
        var images: [Image]
    }

    /// The objects SwiftPM's build links into each product, by the module each object belongs to
    /// (`…/Networking.build/Networking.swift.o`): read from the link file list it writes per product.
    static func linkedModules(ofProduct product: String, scratch: String) throws -> [String] {
        let list = try String(contentsOfFile: "\(scratch)/debug/\(product).product/Objects.LinkFileList", encoding: .utf8)
        var modules: [String] = []
        for line in list.split(separator: "\n") {
            let folder = line.split(separator: "/").dropLast().last.map(String.init) ?? ""
            guard folder.hasSuffix(".build") else { continue }
            let module = String(folder.dropLast(".build".count))
            if !modules.contains(module) { modules.append(module) }
        }
        return modules.sorted()
    }

    /// The build is the oracle: two `.dynamic` products sharing a target each link its objects,
    /// and the executable links neither's, only loads them — as `footprint` says.
    @Test func footprintHoldsWhatTheBuildLinks() throws {
        let fixture = try Fixtures.copy("DynamicProducts")
        defer { try? FileManager.default.removeItem(atPath: (fixture as NSString).deletingLastPathComponent) }
        let scratch = fixture + "/.scratch"
        let built = try ProcessRunner.run(["swift", "build", "--package-path", fixture + "/Tools", "--scratch-path", scratch],
                                          environment: TestCache.isolated(ProcessInfo.processInfo.environment), timeout: .seconds(600))
        #expect(built.status == 0, "\(built.standardErrorText)")
        let run = try BulkheadBinary.run(["footprint", "--format", "json"], in: fixture)
        #expect(run.status == 0, "\(run.standardError)")
        let footprint = try JSONDecoder().decode(Footprint.self, from: Data(run.standardOutput.utf8))
        let held = Dictionary(uniqueKeysWithValues: footprint.images.map { ($0.name, $0.modules.map(\.module).sorted()) })
        #expect(held["NetworkKit (.dynamic product)"] == (try Self.linkedModules(ofProduct: "NetworkKit", scratch: scratch)))
        #expect(held["StoreKit (.dynamic product)"] == (try Self.linkedModules(ofProduct: "StoreKit", scratch: scratch)))
        #expect(held["SyncTool"] == (try Self.linkedModules(ofProduct: "SyncTool", scratch: scratch)))
        // And so the build holds Networking twice in SyncTool's process.
        #expect(held["StoreKit (.dynamic product)"]?.contains("Networking") == true && held["NetworkKit (.dynamic product)"] == ["Networking"])

        let check = try BulkheadBinary.run(["check"], in: fixture)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("error: SyncTool's process holds Networking twice: in NetworkKit (.dynamic product) and StoreKit (.dynamic product) [duplicate-copy]"),
                "\(check.standardOutput)")
    }

    /// An app over an umbrella framework, the diamond and the crash's history, through the real
    /// toolchain: the findings, and `--fix` adding no link.
    @Test func checkAndFixOnTheProject() throws {
        let fixture = try Fixtures.copy("LinkedImages")
        defer { try? FileManager.default.removeItem(atPath: (fixture as NSString).deletingLastPathComponent) }
        let check = try BulkheadBinary.run(["check"], in: fixture)
        #expect(check.status == 1, "\(check.standardError)")
        #expect(check.standardOutput.contains("error: DiamondApp's process would hold Networking twice, in DiamondApp and Shared: Xcode stops the build"))
        #expect(check.standardOutput.contains("warning: DiamondApp links Logging statically into DiamondApp and Shared, one process: Xcode keeps one copy"))
        #expect(check.standardOutput.contains("error: CrashApp's process holds PromiseKit twice: in CrashApp and CrashKit [duplicate-copy]"))
        #expect(check.standardOutput.contains("warning: UmbrellaApp imports Networking, which it does not declare [import-through-image]"))
        // No finding is grouped under the fixed app, its framework or the hosted tests.
        for target in ["FixedApp", "FixedKit", "UmbrellaAppTests", "Widget"] {
            #expect(!check.standardOutput.contains("\n\(target)\n") && !check.standardOutput.hasPrefix("\(target)\n"), "\(target): \(check.standardOutput)")
        }
        let project = fixture + "/Apps.xcodeproj/project.pbxproj"
        let before = try String(contentsOfFile: project, encoding: .utf8)
        let fixed = try BulkheadBinary.run(["check", "--fix"], in: fixture)
        #expect(fixed.status == 1)
        #expect(try String(contentsOfFile: project, encoding: .utf8) == before, "--fix added a link that would copy a module twice")
    }

    /// `footprint --base`: what a commit changed in each image, read from the base commit's tree
    /// without touching the repository.
    @Test func footprintSaysWhatACommitChangedInEachImage() throws {
        let fixture = try Fixtures.copy("DynamicProducts")
        defer { try? FileManager.default.removeItem(atPath: (fixture as NSString).deletingLastPathComponent) }
        func git(_ arguments: [String]) throws {
            let output = try ProcessRunner.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: fixture)
            #expect(output.status == 0, "git \(arguments): \(output.standardErrorText)")
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "base"])
        // Store stops depending on Networking: StoreKit no longer holds it.
        let manifest = fixture + "/Kit/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: #".target(name: "Store", dependencies: ["Networking"]),"#, with: #".target(name: "Store"),"#)
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let store = fixture + "/Kit/Sources/Store/Store.swift"
        try "public struct Store {\n    public init() {}\n}\n".write(toFile: store, atomically: true, encoding: .utf8)
        let status = try ProcessRunner.run(["git", "status", "--porcelain"], in: fixture)

        let run = try BulkheadBinary.run(["footprint", "--base", "HEAD"], in: fixture)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Against HEAD ("), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("  StoreKit (.dynamic product): −1 module, "), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("    - Networking  Store → Networking\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("  NetworkKit (.dynamic product): "), "an unchanged image is not listed: \(run.standardOutput)")
        #expect(!run.standardError.contains("footprint-base"), "the base's warnings are not printed: \(run.standardError)")
        // The repository is as it was: the same changes, no new files.
        #expect(try ProcessRunner.run(["git", "status", "--porcelain"], in: fixture).standardOutput == status.standardOutput)

        let unknown = try BulkheadBinary.run(["footprint", "--base", "--upload-pack=evil"], in: fixture)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("'--upload-pack=evil' is not a commit"), "\(unknown.standardError)")
    }
}
