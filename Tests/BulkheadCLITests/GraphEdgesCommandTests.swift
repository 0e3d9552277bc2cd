import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `graph --edges` and `--cluster folder` over a copy of TravelApp where Booking imports Search
/// (undeclared) and Search imports Persistence under `#if DEBUG`.
@Suite(.tags(.medium)) struct GraphEdgesCommandTests {
    static func run(_ arguments: [String], root: String) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "TravelApp", root: root)
    }

    static func copy() throws -> String {
        let copy = try Fixtures.copy("TravelApp")
        let features = copy + "/Modules/Features/"
        let booking = features + "Booking/Sources/BookingScreen.swift"
        try ("import Search\n" + String(contentsOfFile: booking, encoding: .utf8)).write(toFile: booking, atomically: true, encoding: .utf8)
        try "#if DEBUG\nimport Persistence\n#endif\n".write(toFile: features + "Search/Sources/PeersDebug.swift", atomically: true, encoding: .utf8)
        return copy
    }

    static func remove(_ copy: String) { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }

    @Test func bothMarksUndeclaredAndConditionalImportsInDOT() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        let declared = Self.run(["graph", "--quiet"], root: copy)
        #expect(!declared.standardOutput.contains("\"modules/Booking\" -> \"modules/Search\""))
        let run = Self.run(["graph", "--quiet", "--edges", "both"], root: copy)
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"modules/Booking\" -> \"modules/Search\" [label=\"BookingScreen.swift:1\", style=dotted, color=\"#b03a2e\"];"))
        #expect(run.standardOutput.contains("\"modules/Search\" -> \"modules/Persistence\" [label=\"PeersDebug.swift:2 #if\", style=dotted, color=\"#b03a2e\"];"))
        // A declared dependency that is imported is drawn as before, labelled with its import.
        #expect(run.standardOutput.contains("\"modules/Booking\" -> \"modules/BookingInterface\" [label=\"BookingScreen.swift:2\"];"))
    }

    @Test func jsonListsEachTargetsImports() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        struct Document: Decodable {
            struct Target: Decodable {
                struct Import: Decodable, Equatable { var target: String; var line: Int; var conditional: Bool; var declared: Bool }
                var name: String
                var imports: [Import]?
            }
            var targets: [Target]
        }
        let plain = try JSONDecoder().decode(Document.self, from: Data(Self.run(["graph", "--quiet", "--format", "json"], root: copy).standardOutput.utf8))
        #expect(plain.targets.allSatisfy { $0.imports == nil })
        let run = Self.run(["graph", "--quiet", "--format", "json", "--edges", "imports"], root: copy)
        let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        let search = try #require(document.targets.first { $0.name == "Search" }?.imports)
        #expect(search.contains(.init(target: "Persistence", line: 2, conditional: true, declared: false)))
        let booking = try #require(document.targets.first { $0.name == "Booking" }?.imports)
        #expect(booking.contains(.init(target: "Search", line: 1, conditional: false, declared: false)))
        #expect(booking.contains { $0.target == "BookingInterface" && $0.declared })
    }

    @Test func mermaidAndHTMLDrawTheImports() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        let mermaid = Self.run(["graph", "--quiet", "--format", "mermaid", "--edges", "imports"], root: copy)
        #expect(mermaid.standardOutput.contains("-.->|\"PeersDebug.swift:2 #if\"|"), "\(mermaid.standardOutput)")
        let html = Self.run(["graph", "--quiet", "--format", "html", "--edges", "both"], root: copy)
        #expect(html.standardOutput.contains("class=\"edge imported\""))
        #expect(html.standardOutput.contains("(import, not declared)"))
    }

    @Test func clusterFolderGroupsByTheFolderHoldingEachTarget() throws {
        let run = Self.run(["graph", "--quiet", "--cluster", "folder"], root: Fixtures.path("TravelApp"))
        #expect(run.status == .clean)
        // A feature's four targets (Sources, Interface, Testing, Tests) share its folder.
        #expect(run.standardOutput.contains("    label=\"Modules/Features/Booking\";\n    \"modules/Booking\" [label=\"Booking\"];\n    \"modules/BookingInterface\""), "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "subgraph \"cluster_").count - 1 == 11)
    }
}
