import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI

/// The link graph on the LinkedImages fixture (an Xcode project over two local packages, one
/// re-exporting a remote library as a `.dynamic` product) and the DynamicProducts fixture (two
/// `.dynamic` products sharing a target, used by one executable): toolchain answers recorded.
@Suite(.tags(.medium)) struct LinkedImagesCommandTests {
    struct Finding: Decodable, Equatable {
        var rule: String
        var severity: String
        var target: String?
        var message: String
        var notes: [String]
        var file: String?
    }

    struct Report: Decodable {
        var findings: [Finding]
    }

    static func check(_ fixture: String, _ arguments: [String] = []) throws -> (run: CommandRun, report: Report) {
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"] + arguments, fixture: fixture)
        return (run, try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)))
    }

    static func findings(_ report: Report, _ rule: String, target: String) -> [Finding] {
        report.findings.filter { $0.rule == rule && $0.target == target }
    }

    @Test func theFindingsOfTheLinkedImagesFixture() throws {
        let (run, report) = try Self.check("LinkedImages")
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(report.findings.map { "\($0.rule) \($0.target ?? "")" }.sorted() == [
            "duplicate-copy CrashApp", "duplicate-copy DiamondApp", "duplicate-copy DiamondApp",
            "import-through-image UmbrellaApp", "import-through-image UmbrellaApp",
            "product-type Networking", "product-type PromisesDynamic",
        ])
    }

    /// The diamond: the app links Networking and Logging and embeds Shared, which links them too.
    /// Networking's product is `.static`, so Xcode stops the build (an error); Logging's is
    /// automatic, so Xcode builds Logging as a framework of its own (a warning).
    @Test func theDiamondIsOneDuplicateNamingBothChains() throws {
        let (_, report) = try Self.check("LinkedImages")
        let diamond = Self.findings(report, "duplicate-copy", target: "DiamondApp").sorted { $0.severity < $1.severity }
        #expect(diamond.map(\.severity) == ["error", "warning"])
        #expect(diamond.first?.message == "DiamondApp's process would hold Networking twice, in DiamondApp and Shared: Xcode stops the build "
            + "(\"Swift package product 'Networking' is linked as a static library by …\")")
        #expect(diamond.first?.notes.prefix(2) == ["DiamondApp holds it: DiamondApp → Networking", "Shared holds it: DiamondApp → Shared → Networking"])
        #expect(diamond.first?.notes.last?.hasPrefix("keep one copy: drop Networking from what DiamondApp links and reach it through Shared") == true)
        #expect(diamond.last?.message == "DiamondApp links Logging statically into DiamondApp and Shared, one process: "
            + "Xcode keeps one copy only by building Logging as a framework of its own")
        #expect(Self.findings(report, "product-type", target: "Networking").first?.notes.first
            == "it causes a duplicate copy: DiamondApp and Shared each link Networking in DiamondApp's process, and Xcode stops the build (duplicate-copy)")
    }

    /// The crash's history: a remote static library in the app and in its framework is one
    /// duplicate; the fix (a local `.dynamic` product re-exporting it, linked by both instead)
    /// leaves no duplicate, no unused dependency on it, no note on the imports, and product-type
    /// says the `.dynamic` cures a duplicate.
    @Test func aRemoteLibraryHeldTwiceAndItsFix() throws {
        let (_, report) = try Self.check("LinkedImages")
        // Xcode's own diamond check is silenced there (DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC): both copies ship.
        let crash = Self.findings(report, "duplicate-copy", target: "CrashApp")
        #expect(crash.map(\.message) == ["CrashApp's process holds PromiseKit twice: in CrashApp and CrashKit"])
        #expect(crash.map(\.severity) == ["error"])
        #expect(crash.map(\.notes.first) == ["CrashApp holds it: CrashApp → PromiseKit (promisekit)"])
        #expect(!report.findings.contains { ["FixedApp", "FixedKit"].contains($0.target) })
        let noteRun = RecordedToolchainCommandTests.run(["check", "--format", "json"], fixture: "LinkedImages")
        #expect(!noteRun.standardOutput.contains("FixedApp imports PromiseKit"), "\(noteRun.standardOutput)")
        let productType = Self.findings(report, "product-type", target: "PromisesDynamic")
        #expect(productType.first?.notes.first?.hasPrefix("it cures a duplicate copy: FixedApp and FixedKit load it in FixedApp's process") == true)
        #expect(productType.first?.notes.last == "allow it with products: { allowLinkage: [\"PromisesDynamic\"] }")
    }

    /// An umbrella framework: no "declare it" for what it holds, no unused dependency on it for
    /// what it links for others, and `--fix` adds no link.
    @Test func anUmbrellaFrameworkIsNeverToldToLinkAgain() throws {
        let (_, report) = try Self.check("LinkedImages")
        let umbrella = Self.findings(report, "import-through-image", target: "UmbrellaApp")
        #expect(umbrella.map(\.message) == ["UmbrellaApp imports Logging, which it does not declare", "UmbrellaApp imports Networking, which it does not declare"])
        #expect(umbrella.allSatisfy { !$0.notes.joined().contains("declare ") })
        #expect(umbrella.first?.notes.first == "Shared holds Logging's code (UmbrellaApp → Shared → Logging): linking Logging into UmbrellaApp as well would put a second copy of it in one process")
        #expect(!report.findings.contains { $0.rule == "undeclared-import" || $0.rule == "unused-dependency" })
        let fix = RecordedToolchainCommandTests.run(["check", "--fix", "--dry-run"], fixture: "LinkedImages")
        #expect(!fix.standardOutput.contains("+++"), "\(fix.standardOutput)")
        #expect(fix.standardError.contains("would fix 0 findings"), "\(fix.standardError)")
        // Left with the reason there is no fix, never as an import inside #if.
        #expect(fix.standardError.contains("[import-through-image]: Shared holds Logging's code: linking Logging into UmbrellaApp as well would put a second copy of it in one process"), "\(fix.standardError)")
        #expect(!fix.standardError.contains("#if"), "\(fix.standardError)")
    }

    /// A hosted test bundle sees what its host's process holds, through the framework the host
    /// loads; an extension holding its own copy is a second process, not a duplicate.
    @Test func aHostedBundleAndAnExtensionAreNotReported() throws {
        let (_, report) = try Self.check("LinkedImages")
        #expect(!report.findings.contains { $0.target == "UmbrellaAppTests" || $0.target == "Widget" })
        // Written out, the hosted bundle's import is held by Shared: still never "declare it".
        let configuration = TemporaryFolder()
        let path = configuration.write("bulkhead.json", #"{ "testing": { "hostedTests": "explicit" } }"#)
        let (_, explicit) = try Self.check("LinkedImages", ["--config", path])
        #expect(Self.findings(explicit, "import-through-image", target: "UmbrellaAppTests").map(\.message)
            == ["UmbrellaAppTests imports Networking, which it does not declare"])
    }

    /// Two `.dynamic` products of one package sharing a target, used by one executable.
    @Test func twoDynamicProductsSharingATargetAreOneDuplicate() throws {
        let (run, report) = try Self.check("DynamicProducts")
        #expect(run.status == .violations)
        let duplicates = report.findings.filter { $0.rule == "duplicate-copy" }
        #expect(duplicates.map(\.message) == ["SyncTool's process holds Networking twice: in NetworkKit (.dynamic product) and StoreKit (.dynamic product)"])
        #expect(duplicates.first?.notes.prefix(2) == [
            "NetworkKit (.dynamic product) holds it: SyncTool → NetworkKit (.dynamic product) → Networking",
            "StoreKit (.dynamic product) holds it: SyncTool → StoreKit (.dynamic product) → Store → Networking",
        ])
        #expect(duplicates.first?.file == "Tools/Package.swift")
        let causes = report.findings.filter { $0.rule == "product-type" }.compactMap(\.notes.first)
        #expect(causes == [
            "it causes a duplicate copy: it holds Networking, which StoreKit (.dynamic product) holds too in SyncTool's process (duplicate-copy)",
            "it causes a duplicate copy: it holds Networking, which NetworkKit (.dynamic product) holds too in SyncTool's process (duplicate-copy)",
        ])
    }

    /// `why` names the image that holds the code, and both when there are two.
    @Test func whyNamesTheImageThatHoldsTheCode() {
        let umbrella = RecordedToolchainCommandTests.run(["why", "UmbrellaAppTests", "Networking"], fixture: "LinkedImages")
        #expect(umbrella.standardOutput.contains("In UmbrellaAppTests's process, Networking's code is in one image:\n  Shared holds it: UmbrellaAppTests → UmbrellaApp → Shared → Networking\n"),
                "\(umbrella.standardOutput)")
        let diamond = RecordedToolchainCommandTests.run(["why", "DiamondApp", "Networking"], fixture: "LinkedImages")
        #expect(diamond.standardOutput.contains("Networking's code is in 2 images (duplicate-copy says what the build makes of it):\n  DiamondApp holds it: DiamondApp → Networking\n  Shared holds it: DiamondApp → Shared → Networking\n"),
                "\(diamond.standardOutput)")
        let json = RecordedToolchainCommandTests.run(["why", "UmbrellaApp", "Networking", "--format", "json"], fixture: "LinkedImages")
        #expect(json.standardOutput.contains("\"chain\" : \"UmbrellaApp → Shared → Networking\""), "\(json.standardOutput)")
        // Where the code is in FROM itself, the paths say it all.
        let own = RecordedToolchainCommandTests.run(["why", "Widget", "Networking"], fixture: "LinkedImages")
        #expect(!own.standardOutput.contains("code is in"), "\(own.standardOutput)")
    }

    /// `footprint`: each image with its modules and the chain of each; a module several images
    /// hold is listed at the end.
    @Test func footprintListsEachImagesModules() throws {
        struct Footprint: Decodable {
            struct Image: Decodable {
                struct Module: Decodable { var module: String; var chain: String; var sourceBytes: Int? }
                var name: String
                var kind: String
                var startsProcess: Bool
                var modules: [Module]
                var loads: [String]
            }
            struct Shared: Decodable, Equatable { var module: String; var images: [String] }
            var images: [Image]
            var shared: [Shared]
        }
        let run = RecordedToolchainCommandTests.run(["footprint", "--format", "json"], fixture: "LinkedImages")
        #expect(run.status == .clean, "\(run.standardError)")
        let footprint = try JSONDecoder().decode(Footprint.self, from: Data(run.standardOutput.utf8))
        let byName = Dictionary(uniqueKeysWithValues: footprint.images.map { ($0.name, $0) })
        #expect(byName["Widget"]?.modules.map(\.chain) == ["Widget", "Widget → Networking"])
        #expect(byName["Shared"]?.modules.map(\.module) == ["Shared", "Logging", "Networking"])
        #expect(byName["Shared"]?.startsProcess == false && byName["Shared"]?.kind == "framework")
        #expect(byName["UmbrellaApp"]?.loads == ["Shared"])
        #expect(byName["CrashApp"]?.modules.last?.sourceBytes == nil, "a remote module's bytes are not read")
        #expect((byName["Widget"]?.modules.last?.sourceBytes ?? 0) > 0)
        #expect(footprint.shared.first { $0.module == "Networking" } == .init(module: "Networking", images: ["DiamondApp", "Shared", "Widget"]))
        let one = RecordedToolchainCommandTests.run(["footprint", "--image", "Widget"], fixture: "LinkedImages")
        #expect(one.standardOutput.hasPrefix("Widget (app-extension): 2 modules, "), "\(one.standardOutput)")
        #expect(one.standardOutput.contains("Held by more than one image:\n  Networking: DiamondApp, Shared, Widget\n"))
        let unknown = RecordedToolchainCommandTests.run(["footprint", "--image", "Nope"], fixture: "LinkedImages")
        #expect(unknown.status == .usage)
        #expect(unknown.standardError.contains("--image Nope names no image; images: "), "\(unknown.standardError)")
    }

    /// A footprint budget by kind, in modules and in bytes of Swift (measured for the check).
    @Test func aFootprintBudgetIsARule() throws {
        let folder = TemporaryFolder()
        let path = folder.write("bulkhead.json", """
        { footprint: { budgets: [{ kinds: ["app-extension"], maxModules: 1, maxSourceBytes: 100 }] } }
        """)
        let (_, report) = try Self.check("LinkedImages", ["--config", path])
        let budget = report.findings.filter { $0.rule == "footprint-budget" }
        #expect(budget.map(\.message).sorted() == [
            "Widget holds 196 bytes of Swift, over its budget of 100 (footprint.budgets[0])",
            "Widget holds 2 modules, over its budget of 1 (footprint.budgets[0])",
        ])
        #expect(budget.first?.notes == [
            "it holds Networking (50 bytes of Swift): Widget → Networking",
            "bulkhead footprint --image 'Widget' lists every module and the chain that brings it in",
        ])
    }

    /// One library product per process, when turned on.
    @Test func oneProductPerProcess() throws {
        let folder = TemporaryFolder()
        let path = folder.write("bulkhead.json", #"{ rules: { "one-product-per-process": "warning" } }"#)
        let (_, report) = try Self.check("LinkedImages", ["--config", path])
        #expect(report.findings.filter { $0.rule == "one-product-per-process" }.map(\.message)
            == ["DiamondApp links 2 library products of the repository's packages: Logging and Networking"])
    }

    /// The HTML report carries the footprint, each image a closed section with its modules.
    @Test func theReportShowsTheFootprint() {
        let run = RecordedToolchainCommandTests.run(["report", "--quiet"], fixture: "LinkedImages")
        #expect(run.status == .clean, "\(run.standardError)")
        let page = run.standardOutput
        #expect(page.contains("<section id=\"footprint\"><details><summary>Footprint: what each binary holds (10)</summary>"))
        #expect(page.contains("<details><summary>Widget (app-extension): 2 modules, 196 B of Swift, 0 B of resources</summary>"))
        #expect(page.contains("<tr><td>Networking</td><td>50 B</td><td>0 B</td><td>Widget → Networking</td></tr>"))
    }
}
