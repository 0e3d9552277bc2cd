import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import Processes
@testable import FileAccess

/// SwiftPM's layout rules against SwiftPM itself: on every fixture with a recorded `describe`,
/// the layout worked out from `dump-package` and the folder lists the same paths, sources,
/// resources and module kinds, so `describe` is not needed there.
@Suite(.tags(.small)) struct DefaultTargetLayoutTests {
    @Test(arguments: ["a/../b", "/../", "x/y/../", "a/..../b", "a/./b", "../a", "a/..", "..", "", "a/b", "a/.../../c", "é/../ü"])
    func aPathClimbsWithinWhenItHoldsAParentStep(path: String) {
        #expect(DefaultTargetLayout.climbsWithin(path) == path.contains("/../"))
    }

    /// SwiftPM's c99 name, the same through the shortcut for plain ASCII identifiers as
    /// character by character.
    @Test(arguments: [
        ("Plain_Name1", "Plain_Name1"), ("Legacy-Bridge", "Legacy_Bridge"), ("9Lives", "_9Lives"), ("_9", "_9"),
        ("Ünïcödé", "Ünïcödé"), ("a.b c", "a_b_c"), ("", ""), ("٣Arabic", "_٣Arabic"),
    ])
    func aTargetNameBecomesItsC99Name(name: String, expected: String) {
        #expect(DefaultTargetLayout.c99Name(name) == expected)
        let slow = { (name: String) -> String in
            var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        }
        #expect(DefaultTargetLayout.c99Name(name) == slow(name))
    }

    /// (fixture root, package folder below it) of every recorded `describe`.
    static let recordedPackages: [(root: String, package: String)] = [
        ("ScannerTraps", ""), ("TravelApp", "Modules"), ("RemoteCheckout", ""),
        ("LocalPackages", "App"), ("LocalPackages", "Core"), ("LocalPackages", "Features"),
    ]

    /// What `describe` says of each target, in the layout's terms.
    static func described(_ data: Data, folder: String) throws -> [String: TargetLayout] {
        let description = try JSONDecoder().decode(PackageDescription.self, from: data)
        var result: [String: TargetLayout] = [:]
        for target in description.targets {
            result[target.name] = TargetLayout(
                path: FileSystem.relativePath(target.path, to: folder), sources: (target.sources ?? []).sorted(),
                resources: (target.resources ?? []).map { FileSystem.relativePath($0.path, to: folder) }.sorted(),
                isCFamily: target.module_type == "ClangTarget")
        }
        return result
    }

    @Test(arguments: recordedPackages.indices)
    func theLayoutFromDumpPackageIsWhatDescribeSays(_ index: Int) throws {
        let (root, package) = Self.recordedPackages[index]
        let folder = package.isEmpty ? Fixtures.path(root) : Fixtures.path(root + "/" + package)
        let describer = RecordedPackageDescriber(root: Fixtures.path(root))
        let dump = try ManifestDump(reading: describer.dumpPackage(packageAt: folder))
        let layout = DefaultTargetLayout.layout(of: dump, packageRoot: folder)
        #expect(layout.undecided.isEmpty)
        let expected = try Self.described(describer.describe(packageAt: folder), folder: folder)
        #expect(layout.targets == expected)
    }

    /// The layout read from the folders discovery listed is the layout read from the folders
    /// themselves, and reads them from the listing: a listing of another folder's entries under
    /// the package's own path changes what the layout finds.
    @Test(arguments: recordedPackages.indices)
    func theLayoutFromDiscoveryListingsIsTheLayoutFromTheFolders(_ index: Int) throws {
        let (root, package) = Self.recordedPackages[index]
        let folder = package.isEmpty ? Fixtures.path(root) : Fixtures.path(root + "/" + package)
        let dump = try ManifestDump(reading: RecordedPackageDescriber(root: Fixtures.path(root)).dumpPackage(packageAt: folder))
        let found = PackageDiscovery.discover(under: Fixtures.path(root), rules: .defaults)
        #expect(found.listings.entries(of: folder) != nil)
        let fromListings = DefaultTargetLayout.layout(of: dump, packageRoot: folder, listings: found.listings)
        let fromFolders = DefaultTargetLayout.layout(of: dump, packageRoot: folder)
        #expect(fromListings.targets == fromFolders.targets)
        #expect(fromListings.undecided == fromFolders.undecided)

        var misleading = found.listings
        let target = try #require(dump.targets.first { $0.type != "binary" && $0.type != "system" })
        let targetFolder = folder + "/" + DefaultTargetLayout.path(for: target, packageRoot: folder)
        misleading.record([DirectoryListing.Entry(path: "Planted.swift", kind: .file)], of: targetFolder)
        #expect(DefaultTargetLayout.layout(of: dump, packageRoot: folder, listings: misleading).targets[target.name]?.sources == ["Planted.swift"])
    }

    @Test func aPackageWhoseBinaryArtifactIsMissingIsLeftToDescribe() throws {
        let folder = Fixtures.path("MissingBinary")
        let dump = try ManifestDump(reading: RecordedPackageDescriber(root: folder).dumpPackage(packageAt: folder))
        let layout = DefaultTargetLayout.layout(of: dump, packageRoot: folder)
        #expect(layout.undecided == ["binary target 'PaymentSDK' has no artifact at Binaries/PaymentSDK.xcframework"])
        #expect(layout.targets["PaymentGateway"]?.sources == ["Gateway.swift"])
    }

    @Test(arguments: [
        ("Weird", #".target(name: "A", path: "../x")"#, "target 'A' names a path outside the package folder"),
        ("Cycle", #".target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["A"])"#, "targets depend on each other in a cycle through 'A'"),
        ("Nested", #".target(name: "A", path: "Sources/A"), .target(name: "B", path: "Sources/A/B")"#, "targets 'A' and 'B' share a folder"),
        ("Missing", #".target(name: "Nowhere")"#, "target 'Nowhere' has no folder at Sources/Nowhere"),
    ])
    func whatTheRulesCannotSettleIsNamed(_ name: String, _ targets: String, _ reason: String) throws {
        let folder = try Self.package(files: ["Sources/A/a.swift": "", "Sources/A/B/b.swift": "", "Sources/B/b.swift": ""])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = #"{"name": "\#(name)", "products": [], "dependencies": [], "targets": [\#(Self.dumpTargets(targets))]}"#
        let dump = try ManifestDump(reading: Data(json.utf8))
        #expect(DefaultTargetLayout.layout(of: dump, packageRoot: folder).undecided.contains(reason))
    }

    /// The cycle search walks targets by number: on manifests with self-dependencies, names
    /// declared twice, dependencies on unknown names and cycles reached from outside them, it
    /// names the target a plain walk by name names (the first met again on the path), or none.
    @Test func theCycleSearchNamesWhatAWalkByNameNames() throws {
        var generator = SeededGenerator(seed: 28)
        var withCycle = 0
        for round in 0..<300 {
            let count = 1 + Int(generator.next() % 9)
            let names = (0..<count).map { "T\($0)" }
            let targets = (0..<count + Int(generator.next() % 2)).map { index -> (name: String, dependencies: [String]) in
                let name = names[index % count]
                let dependencies = (0..<Int(generator.next() % 3)).map { _ in
                    generator.next() % 7 == 0 ? "Unknown" : names[Int(generator.next() % UInt64(count))]
                }
                return (name, dependencies)
            }
            let declared = targets.map { target in
                let dependencies = target.dependencies.map { "{\"byName\": [\"\($0)\", null]}" }.joined(separator: ", ")
                return "{\"name\": \"\(target.name)\", \"type\": \"regular\", \"dependencies\": [\(dependencies)]}"
            }
            let json = "{\"name\": \"P\(round)\", \"products\": [], \"dependencies\": [], \"targets\": [\(declared.joined(separator: ", "))]}"
            let expected = Self.cycleByName(targets)
            #expect(DefaultTargetLayout.dependencyCycle(in: try ManifestDump(reading: Data(json.utf8))) == expected, "\(targets)")
            if expected != nil { withCycle += 1 }
        }
        #expect(withCycle > 30 && withCycle < 270)  // both answers met often
    }

    /// The first target met again on the walk's path, walking by name in declaration order
    /// (the last declaration of a name holding its dependencies).
    private static func cycleByName(_ targets: [(name: String, dependencies: [String])]) -> String? {
        let names = Set(targets.map(\.name))
        var edges: [String: [String]] = [:]
        for target in targets { edges[target.name] = target.dependencies.filter(names.contains) }
        var state: [String: Int] = [:]
        for start in targets.map(\.name) where state[start] == nil {
            var stack: [(name: String, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let children = edges[top.name] ?? []
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    if state[child] == 1 { return child }
                    if state[child] == nil {
                        state[child] = 1
                        stack.append((child, 0))
                    }
                } else {
                    state[top.name] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    /// An old tools version leaves the resource rules to `describe`, but only where there are
    /// targets: isowords keeps 5.2 placeholders with none, which need no toolchain call at all.
    @Test(arguments: [("[]", false), (#"[{"name": "A", "type": "regular"}]"#, true)])
    func anOldToolsVersionIsLeftToDescribeOnlyWithTargets(_ targets: String, _ undecided: Bool) throws {
        let folder = try Self.package(files: ["Sources/A/a.swift": ""])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = #"{"name": "P", "products": [], "dependencies": [], "toolsVersion": {"_version": "5.2.0"}, "targets": \#(targets)}"#
        let layout = DefaultTargetLayout.layout(of: try ManifestDump(reading: Data(json.utf8)), packageRoot: folder)
        #expect(layout.undecided == (undecided ? ["tools version 5.2.0 predates the resource rules Bulkhead applies"] : []))
    }

    @Test func sourcesResourcesHiddenFilesAndExcludesFollowSwiftPMsRules() throws {
        let folder = try Self.package(files: [
            "Sources/A/a.swift": "", "Sources/A/.hidden.swift": "", "Sources/A/Sub/b.swift": "", "Sources/A/Old/c.swift": "",
            "Sources/A/Assets.xcassets/Contents.json": "", "Sources/A/View.xib": "", "Sources/A/Notes.md": "",
            "Sources/A/Res/one.json": "", "Sources/A/Res/two.json": "", "Sources/A/Copied/x.json": "",
            "Sources/A/A.docc/Doc.md": "", "Sources/A/en.lproj/Localizable.strings": "", "Sources/C/c.c": "", "Sources/C/include/c.h": "",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = #"""
        {"name": "P", "products": [], "dependencies": [], "targets": [
          {"name": "A", "type": "regular", "exclude": ["Old"],
           "resources": [{"path": "Res", "rule": {"process": {}}}, {"path": "Copied", "rule": {"copy": {}}}]},
          {"name": "C", "type": "regular"}]}
        """#
        let layout = DefaultTargetLayout.layout(of: try ManifestDump(reading: Data(json.utf8)), packageRoot: folder)
        #expect(layout.undecided.isEmpty)
        // As `swift package describe` lists it (Apple's formats are resources only where SwiftPM builds them).
        var resources = ["Sources/A/Copied", "Sources/A/Res/one.json", "Sources/A/Res/two.json", "Sources/A/en.lproj/Localizable.strings"]
        #if canImport(Darwin)
        resources = (resources + ["Sources/A/Assets.xcassets", "Sources/A/View.xib"]).sorted()
        #endif
        #expect(layout.targets["A"] == TargetLayout(path: "Sources/A", sources: ["Sub/b.swift", "a.swift"], resources: resources))
        #expect(layout.targets["C"] == TargetLayout(path: "Sources/C", sources: ["c.c"], isCFamily: true))
    }

    // MARK: Helpers

    static func dumpTargets(_ swift: String) -> String {
        // `.target(name: "A", path: "p", dependencies: ["B"])` as dump-package would print it.
        swift.components(separatedBy: ".target(").dropFirst().map { part in
            let name = part.firstMatch(#"name: "([^"]+)""#) ?? ""
            let path = part.firstMatch(#"path: "([^"]+)""#).map { #", "path": "\#($0)""# } ?? ""
            let dependencies = part.firstMatch(#"dependencies: \[([^\]]*)\]"#).map { list in
                list.split(separator: ",").map { #"{"byName": [\#($0.trimmingCharacters(in: .whitespaces)), null]}"# }.joined(separator: ", ")
            } ?? ""
            return #"{"name": "\#(name)", "type": "regular"\#(path), "dependencies": [\#(dependencies)]}"#
        }.joined(separator: ", ")
    }

    static func package(files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-layout-\(UUID().uuidString)").path
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        return folder
    }
}

private extension String {
    func firstMatch(_ pattern: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: self, range: NSRange(startIndex..., in: self)),
              let range = Range(match.range(at: 1), in: self) else { return nil }
        return String(self[range])
    }
}

/// The same comparison against the real toolchain, on generated packages that exercise the
/// rules fixtures do not: excludes, `sources:` lists, processed and copied resources, localized
/// folders, documentation catalogs, hidden files, C targets, custom paths, test folders.
@Suite(.tags(.large)) struct LayoutAgreementTests {
    static let packages: [(manifest: String, files: [String])] = [
        ("""
        .target(name: "A", exclude: ["Old"], resources: [.process("Res"), .copy("Copied")]),
        .target(name: "C"),
        .testTarget(name: "ATests", dependencies: ["A"]),
        """, ["Sources/A/a.swift", "Sources/A/.hidden.swift", "Sources/A/Sub/b.swift", "Sources/A/Old/c.swift", "Sources/A/Notes.md",
              "Sources/A/Res/one.json", "Sources/A/Res/Deep/two.json", "Sources/A/Copied/x.json", "Sources/A/A.docc/Doc.md",
              "Sources/A/en.lproj/Localizable.strings", "Sources/A/Assets.xcassets/Contents.json", "Sources/C/c.c",
              "Sources/C/include/c.h", "Tests/ATests/t.swift"]),
        ("""
        .target(name: "Core", path: "Modules/Core/Sources", sources: ["Public", "Main.swift"]),
        .executableTarget(name: "Tool-CLI", dependencies: ["Core"], path: "Tools/cli"),
        .target(name: "Lib", path: "src/Lib", exclude: ["Generated/README.md"], resources: [.process("Data/table.json")]),
        .testTarget(name: "CoreTests", dependencies: ["Core"], path: "Modules/Core/Tests"),
        """, ["Modules/Core/Sources/Main.swift", "Modules/Core/Sources/Public/API.swift", "Modules/Core/Sources/Private/Hidden.swift",
              "Tools/cli/main.swift", "src/Lib/Lib.swift", "src/Lib/Generated/Gen.swift", "src/Lib/Generated/README.md",
              "src/Lib/Data/table.json", "src/Lib/Data/other.json", "Modules/Core/Tests/CoreTests.swift"]),
    ]

    @Test(.enabled(if: (try? ProcessRunner.locate("swift", environment: ProcessInfo.processInfo.environment)) != nil),
          arguments: packages.indices)
    func dumpPackageAndTheRulesAgreeWithDescribe(_ index: Int) throws {
        let (manifest, files) = Self.packages[index]
        let folder = try DefaultTargetLayoutTests.package(files: Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"G\(index)\", defaultLocalization: \"en\", targets: [\n"
             + manifest + "\n])\n").write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        let tool = SwiftPackageTool()
        let dump = try ManifestDump(reading: tool.dumpPackage(packageAt: folder))
        let layout = DefaultTargetLayout.layout(of: dump, packageRoot: folder)
        #expect(layout.undecided.isEmpty)
        let expected = try DefaultTargetLayoutTests.described(tool.describe(packageAt: folder), folder: folder)
        #expect(layout.targets == expected)
    }
}
