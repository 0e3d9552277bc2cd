import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// `bulkhead affected` on real git repositories that each test builds from a fixture. The same
/// scenarios next to the seed's `affected-tests.swift` are in `Benchmarks/compare_with_peers.py`.
@Suite(.tags(.large)) struct AffectedEndToEndTests {
    /// A throwaway repository: the fixture committed on `main`, then a `feature` branch.
    struct Repository {
        let top: String

        init(copying fixture: String) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-git-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            top = folder + "/" + (fixture as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: BulkheadBinary.fixture(fixture), toPath: top)
            try git("init", "-q", "-b", "main")
            try git("add", "-A")
            try commit("base")
            try git("checkout", "-q", "-b", "feature")
        }

        func remove() { try? FileManager.default.removeItem(atPath: (top as NSString).deletingLastPathComponent) }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let output = try ProcessRunner.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: top)
            guard output.status == 0 else { throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(output.standardErrorText)") }
            return String(decoding: output.standardOutput, as: UTF8.self)
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "--allow-empty", "-m", message)
        }

        /// Lands the branch's work on `main` and starts `branch` from there: what was set up so
        /// far becomes the base, and only what follows is the change.
        func landAndBranch(_ branch: String) throws {
            try git("checkout", "-q", "main")
            try git("merge", "-q", "feature")
            try git("checkout", "-q", "-b", branch)
        }

        func append(_ line: String, to path: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: top + "/" + path))
            handle.seekToEndOfFile()
            handle.write(Data((line + "\n").utf8))
            handle.closeFile()
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let full = top + "/" + path
            try change(try String(contentsOfFile: full, encoding: .utf8)).write(toFile: full, atomically: true, encoding: .utf8)
        }

        func affected(_ arguments: [String] = [], packagePath: String = "Modules") throws -> BulkheadBinary.Run {
            try BulkheadBinary.run(["affected", "--package-path", packagePath, "--base", "main"] + arguments, in: top)
        }

        struct GitFailure: Error, CustomStringConvertible {
            var message: String
            var description: String { message }
        }
    }

    static let allTravelAppTests = [
        "AnalyticsTests", "BookingTests", "DesignSystemTests", "FoundationKitTests", "HotelDetailTests", "ImageLoadingTests",
        "NetworkingTests", "PaymentTests", "PersistenceTests", "ProfileTests", "SearchTests",
    ]

    func names(_ run: BulkheadBinary.Run) -> [String] {
        run.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func aChangeInAFeaturesSourcesSelectsOnlyItsTests() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.append("// faster", to: "Modules/Features/Payment/Sources/PaymentScreen.swift")
        try repository.commit("payment")
        let run = try repository.affected()
        #expect(run.status == 0)
        #expect(names(run) == ["PaymentTests"])
    }

    @Test func aChangeInAnInterfaceSelectsItsConsumersTests() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.append("// contract", to: "Modules/Features/Payment/Interface/PaymentRouting.swift")
        try repository.commit("interface")
        #expect(names(try repository.affected()) == ["BookingTests", "PaymentTests"])
        #expect(try repository.affected(["--format", "xcodebuild"]).standardOutput == "-only-testing:BookingTests\n-only-testing:PaymentTests\n")
        #expect(try repository.affected(["--format", "swift-test"]).standardOutput == "--filter\n^(BookingTests|PaymentTests)\\.\n")
    }

    @Test func aFileMovedBetweenModulesSelectsTheTestsOfBoth() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.git("checkout", "-q", "main")
        try "public enum CardFormatter {}\n".write(toFile: repository.top + "/Modules/Features/Payment/Sources/CardFormatter.swift", atomically: true, encoding: .utf8)
        try repository.commit("a second payment source")
        try repository.git("checkout", "-q", "-B", "feature", "main")
        try repository.git("mv", "Modules/Features/Payment/Sources/CardFormatter.swift", "Modules/Features/Profile/Sources/CardFormatter.swift")
        try repository.commit("move")
        #expect(names(try repository.affected()) == ["PaymentTests", "ProfileTests"])
    }

    @Test func aSettingsOnlyEditOfOneTargetSelectsThatTargetsTestsNotAll() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.edit("Modules/Package.swift") {
            $0.replacingOccurrences(
                of: "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings),",
                with: "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings + (feature.name == .payment ? [.define(\"PAYMENT_V2\")] : [])),")
        }
        try repository.commit("settings")
        let explained = try repository.affected(["--explain"])
        #expect(explained.standardOutput == "PaymentTests: Modules/Package.swift (declaration changed: settings) — PaymentTests → Payment\n")
    }

    @Test func aPinChangeSelectsOnlyTheUsersOfThatPackage() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        let resolved = """
        {"pins": [
          {"identity": "kingfisher", "kind": "remoteSourceControl", "location": "https://github.com/onevcat/Kingfisher.git", "state": {"revision": "1111", "version": "8.1.3"}},
          {"identity": "unused", "kind": "remoteSourceControl", "location": "https://example.com/unused.git", "state": {"revision": "2222", "version": "1.0.0"}}
        ], "version": 2}
        """
        try resolved.write(toFile: repository.top + "/Modules/Package.resolved", atomically: true, encoding: .utf8)
        try repository.commit("resolved")
        try repository.landAndBranch("bump")
        try repository.edit("Modules/Package.resolved") { $0.replacingOccurrences(of: "\"1111\", \"version\": \"8.1.3\"", with: "\"3333\", \"version\": \"8.1.4\"") }
        try repository.commit("bump kingfisher")
        // ImageLoading wraps Kingfisher; DesignSystem uses ImageLoading; every feature uses DesignSystem.
        #expect(names(try repository.affected()) == [
            "BookingTests", "DesignSystemTests", "HotelDetailTests", "ImageLoadingTests", "PaymentTests", "ProfileTests", "SearchTests",
        ])
    }

    @Test func aReadmeOnlyChangeSelectsNothing() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try "# TravelApp\n".write(toFile: repository.top + "/README.md", atomically: true, encoding: .utf8)
        try repository.commit("readme")
        let run = try repository.affected()
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(try repository.affected(["--explain"]).standardOutput == "No test is affected.\nignored: README.md\n")
    }

    @Test func ignoreGlobsComeFromTheConfigurationOrTheCommandLine() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try "{ affected: { ignore: [\"Design/**\"] } }\n".write(toFile: repository.top + "/Modules/bulkhead.json", atomically: true, encoding: .utf8)
        try repository.commit("configuration")
        try repository.landAndBranch("design")
        try FileManager.default.createDirectory(atPath: repository.top + "/Design", withIntermediateDirectories: true)
        try "sketch\n".write(toFile: repository.top + "/Design/screens.txt", atomically: true, encoding: .utf8)
        try "# Notes\n".write(toFile: repository.top + "/NOTES.md", atomically: true, encoding: .utf8)
        try repository.commit("design and notes")
        // The file's globs replace the defaults: the Markdown file now counts, and runs everything.
        let configured = try repository.affected(["--explain"])
        #expect(configured.standardOutput.hasPrefix("Every test runs:\n  NOTES.md is outside every target\nignored: Design/screens.txt\n"))
        let given = try repository.affected(["--explain", "--ignore", "**/*.md", "--ignore", "Design/**"])
        #expect(given.standardOutput == "No test is affected.\nignored: Design/screens.txt\nignored: NOTES.md\n")
    }

    @Test func aChangeThreeHopsDownSelectsTheWholeChainAcrossPackages() throws {
        let repository = try Repository(copying: "LocalPackages")
        defer { repository.remove() }
        try repository.append("// shared", to: "Core/Sources/Models/Booking.swift")
        try repository.commit("models")
        let run = try repository.affected(["--explain"], packagePath: ".")
        // Models ← Networking ← Search ← SearchTests: three hops, two packages.
        #expect(run.standardOutput == """
        NetworkingTests: Core/Sources/Models/Booking.swift (changed) — NetworkingTests → Networking → Models
        SearchTests: Core/Sources/Models/Booking.swift (changed) — SearchTests → Search → Models

        """)
    }

    @Test func commitsAlreadyOnTheBaseBranchDoNotLeakIn() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.git("checkout", "-q", "main")
        try repository.append("// on main", to: "Modules/Features/Profile/Sources/ProfileScreen.swift")
        try repository.commit("main moves on")
        try repository.git("checkout", "-q", "feature")
        try repository.append("// on the branch", to: "Modules/Features/Payment/Sources/PaymentScreen.swift")
        try repository.commit("feature work")
        #expect(names(try repository.affected()) == ["PaymentTests"])
    }

    @Test func aFileOutsideEveryTargetRunsEverythingAndSaysWhy() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try "import UIKit\n".write(toFile: repository.top + "/AppDelegate.swift", atomically: true, encoding: .utf8)
        try repository.commit("app")
        let run = try repository.affected(["--format", "json"])
        struct Report: Decodable {
            var version: Int
            var runEverything: Bool
            var everythingReasons: [String]
            var tests: [Test]
            struct Test: Decodable { var target: String }
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.version == 1 && report.runEverything)
        #expect(report.everythingReasons == ["AppDelegate.swift is outside every target"])
        #expect(report.tests.map(\.target) == Self.allTravelAppTests)
        #expect(try repository.affected(["--explain"]).standardOutput.hasPrefix("Every test runs:\n  AppDelegate.swift is outside every target\n"))
    }

    @Test func aPackageReachedThroughASymbolicLinkIsPlacedTheSame() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.append("// faster", to: "Modules/Features/Payment/Sources/PaymentScreen.swift")
        try repository.commit("payment")
        let link = repository.top + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: repository.top)
        let run = try BulkheadBinary.run(["affected", "--package-path", link + "/Modules", "--base", "main"], in: link)
        #expect(names(run) == ["PaymentTests"])
    }

    @Test func renamingATargetSelectsItsTestsNotEverything() throws {
        let repository = try Repository(copying: "LocalPackages")
        defer { repository.remove() }
        try repository.git("mv", "Features/Sources/Profile", "Features/Sources/Account")
        for file in ["Features/Package.swift", "App/Package.swift"] {
            try repository.edit(file) { $0.replacingOccurrences(of: "\"Profile\"", with: "\"Account\"") }
        }
        try repository.edit("App/Sources/AppMain/main.swift") { $0.replacingOccurrences(of: "import Profile", with: "import Account") }
        try repository.commit("rename Profile to Account")
        let run = try repository.affected(["--format", "json"], packagePath: ".")
        struct Report: Decodable { var runEverything: Bool; var affectedTargets: [String] }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(!report.runEverything)
        #expect(report.affectedTargets == ["Account", "AppMain"])
    }

    @Test func aBuildToolPluginsChangeSelectsTheTestsOfTargetsThatApplyIt() throws {
        let repository = try Repository(copying: "LocalPackages")
        defer { repository.remove() }
        try repository.edit("Core/Package.swift") {
            $0.replacingOccurrences(of: ".target(name: \"Networking\", dependencies: [\"Models\"]),", with: """
            .target(name: "Networking", dependencies: ["Models"], plugins: ["Stamp"]),
                    .executableTarget(name: "StampTool"),
                    .plugin(name: "Stamp", capability: .buildTool(), dependencies: ["StampTool"]),
            """)
        }
        for (path, text) in ["Core/Sources/StampTool/main.swift": "print(\"stamp\")\n", "Core/Plugins/Stamp/plugin.swift": "import PackagePlugin\n"] {
            try FileManager.default.createDirectory(atPath: (repository.top + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: repository.top + "/" + path, atomically: true, encoding: .utf8)
        }
        try repository.commit("a build tool")
        try repository.landAndBranch("tool")
        try repository.append("print(2)", to: "Core/Sources/StampTool/main.swift")
        try repository.commit("change the tool")
        #expect(names(try repository.affected(packagePath: ".")) == ["NetworkingTests", "SearchTests"])
    }

    @Test func anIndirectPinSelectsTheUsersOfRemoteProducts() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        let resolved = #"{"pins": [{"identity": "kingfisher", "state": {"revision": "1", "version": "8.1.3"}}, {"identity": "swift-syntax", "state": {"revision": "2", "version": "600.0.0"}}], "version": 2}"#
        try resolved.write(toFile: repository.top + "/Modules/Package.resolved", atomically: true, encoding: .utf8)
        try repository.commit("resolved")
        try repository.landAndBranch("bump")
        try repository.edit("Modules/Package.resolved") { $0.replacingOccurrences(of: "\"600.0.0\"", with: "\"601.0.0\"") }
        try repository.commit("bump swift-syntax, which nobody names")
        let explained = try repository.affected(["--explain"])
        #expect(explained.standardOutput.contains("note: Modules/Package.resolved: pins of indirect dependencies moved: swift-syntax\n"))
        #expect(explained.standardOutput.contains("ImageLoadingTests: Modules/Package.resolved (pin of an indirect dependency changed (through Kingfisher of kingfisher))"))
        #expect(!explained.standardOutput.contains("PersistenceTests"))
    }

    @Test func uncommittedChangesAndAListOfFilesWorkToo() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.append("// wip", to: "Modules/Features/Search/Sources/SearchScreen.swift")
        #expect(try repository.affected().standardOutput.isEmpty)
        #expect(names(try repository.affected(["--include-uncommitted"])) == ["SearchTests"])
        try "Modules/Features/Booking/Sources/BookingScreen.swift\n".write(toFile: repository.top + "/../list.txt", atomically: true, encoding: .utf8)
        let listed = try BulkheadBinary.run(["affected", "--package-path", "Modules", "--files", "../list.txt"], in: repository.top)
        #expect(names(listed) == ["BookingTests"])
    }

    /// Issue 17, item 3, as in swift-nio: one commit changes a target's declaration and deletes a
    /// script outside every target. The script runs everything, as it does alone; before, every
    /// deleted file below the changed manifest's folder was "gone with a manifest change".
    @Test func aDeletedScriptBesideAManifestChangeRunsEverything() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try FileManager.default.createDirectory(atPath: repository.top + "/Modules/scripts", withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: repository.top + "/Modules/scripts/bench.sh", atomically: true, encoding: .utf8)
        try repository.commit("a script")
        try repository.landAndBranch("change")
        try repository.edit("Modules/Package.swift") {
            $0.replacingOccurrences(
                of: "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings),",
                with: "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings + (feature.name == .payment ? [.define(\"PAYMENT_V2\")] : [])),")
        }
        try repository.git("rm", "-q", "Modules/scripts/bench.sh")
        try repository.commit("settings, and no script")
        let explained = try repository.affected(["--explain"])
        #expect(explained.standardOutput.hasPrefix("Every test runs:\n  Modules/scripts/bench.sh is outside every target\n"))
        #expect(names(try repository.affected()) == Self.allTravelAppTests)
    }

    /// Issue 17, items 4 and 5: Bulkhead's own files select nothing and say so; a package
    /// Bulkhead did not load runs everything whether its manifest or its sources change.
    @Test func bulkheadsFilesSelectNothingAndAPackageNotLoadedRunsEverything() throws {
        let repository = try Repository(copying: "TravelApp")
        defer { repository.remove() }
        try FileManager.default.createDirectory(atPath: repository.top + "/Modules/Benchmarks/Sources/Bench", withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Benchmarks\", targets: [.executableTarget(name: \"Bench\")])\n"
            .write(toFile: repository.top + "/Modules/Benchmarks/Package.swift", atomically: true, encoding: .utf8)
        try "print(1)\n".write(toFile: repository.top + "/Modules/Benchmarks/Sources/Bench/main.swift", atomically: true, encoding: .utf8)
        try repository.commit("a nested package nothing uses")
        try repository.landAndBranch("configure")
        try "{}\n".write(toFile: repository.top + "/Modules/bulkhead.json", atomically: true, encoding: .utf8)
        try "{}\n".write(toFile: repository.top + "/Modules/ci-baseline.json", atomically: true, encoding: .utf8)
        try repository.commit("configure Bulkhead")
        let explained = try repository.affected(["--explain", "--baseline", "Modules/ci-baseline.json"])
        #expect(explained.standardOutput == """
            No test is affected.
            ignored: Modules/bulkhead.json: Bulkhead's configuration, no code
            ignored: Modules/ci-baseline.json: Bulkhead's baseline, no code

            """)
        try repository.landAndBranch("benchmarks")
        try repository.append("// more", to: "Modules/Benchmarks/Package.swift")
        try repository.commit("benchmark manifest")
        #expect(try repository.affected(["--explain"]).standardOutput
                .hasPrefix("Every test runs:\n  Modules/Benchmarks/Package.swift is the manifest of a package Bulkhead did not load, outside every target\n"))
        try repository.append("print(2)", to: "Modules/Benchmarks/Sources/Bench/main.swift")
        try repository.commit("benchmark source")
        try repository.landAndBranch("benchmark-source")
        try repository.append("print(3)", to: "Modules/Benchmarks/Sources/Bench/main.swift")
        try repository.commit("benchmark source only")
        #expect(names(try repository.affected()) == Self.allTravelAppTests)
    }
}
