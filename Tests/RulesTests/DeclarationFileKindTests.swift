import Configuration
import DeclarationFiles
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// A third kind of declaration file, for this test only: `targets.list`, one target a line
/// (`Search: Models, Unused`), `#` comments, `# bulkhead:` directives. Adding it to Bulkhead is
/// this type and one entry in `DeclarationFileKinds` — nothing in the rules, the placing of
/// findings, the suppressions or the fixes asks which kind of file it holds.
struct TargetListFile: DeclarationFile {
    let path: String
    private(set) var bytes: [UInt8]

    static func isDeclarationFile(named fileName: String) -> Bool { fileName == "targets.list" }
    static func role(inUnit unit: String) -> String { "the target list of '\(unit)'" }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    private var lines: [String] { String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The line declaring `target` (from 0) and its dependency names.
    private func declaration(of target: String) -> (index: Int, dependencies: [String])? {
        for (index, line) in lines.enumerated() where line.hasPrefix(target + ":") {
            let rest = line.dropFirst(target.count + 1)
            return (index, rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        return nil
    }

    func place(ofTarget target: String) -> FilePlace {
        declaration(of: target).map { FilePlace(line: $0.index + 1, column: 1) } ?? .firstLine
    }

    func place(ofDependency dependency: String, inTarget target: String) -> FilePlace {
        guard let found = declaration(of: target), let range = lines[found.index].range(of: " " + dependency) else { return place(ofTarget: target) }
        return FilePlace(line: found.index + 1, column: lines[found.index].distance(from: lines[found.index].startIndex, to: range.lowerBound) + 2)
    }

    func place(ofProduct product: String) -> FilePlace { .firstLine }

    var directives: [CommentDirective]? {
        var offset = 0
        var found: [CommentDirective] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("# bulkhead:") {
                found.append(CommentDirective(text: String(line.dropFirst("# bulkhead:".count)), position: SourcePosition(offset: offset, line: index + 1, column: 1)))
            }
            offset += line.utf8.count + 1
        }
        return found
    }

    mutating func apply(_ change: DependencyChange, to target: String) throws(DeclarationEditRefusal) {
        guard let found = declaration(of: target) else { throw DeclarationEditRefusal("no line declares \(target)") }
        var dependencies = found.dependencies
        switch change {
        case .add(let name, _, _): dependencies.append(name)
        case .remove(let name):
            guard dependencies.contains(name) else { throw DeclarationEditRefusal("\(name) is not listed") }
            dependencies.removeAll { $0 == name }
        case .removeDuplicate(let name):
            guard let first = dependencies.firstIndex(of: name) else { throw DeclarationEditRefusal("\(name) is not listed") }
            dependencies.remove(at: first)
        }
        var edited = lines
        edited[found.index] = target + ":" + (dependencies.isEmpty ? "" : " " + dependencies.joined(separator: ", "))
        bytes = Array(edited.joined(separator: "\n").utf8)
    }
}

@Suite(.tags(.small)) struct DeclarationFileKindTests {
    static let list = """
    # The targets of the example.
    Search: Models, Unused
    Models:
    Storage:
    # bulkhead:ignore unused-dependency - kept for the next release
    Legacy: Models
    Unused:

    """

    /// A unit declared by a `targets.list`, read through the one extra kind.
    private func workspace() -> Workspace {
        let example = RuleExample("third kind", targets: [
            .init("Search", dependencies: ["Models", "Unused"], source: ["import Models", "import Storage"]),
            .init("Legacy", dependencies: ["Models"]),
            .init("Models"), .init("Storage"), .init("Unused"),
        ]).input(enabling: "undeclared-import")
        let packages = example.graph.packages.map { package in
            var package = package
            if package.identity == "example" { package.manifestFileName = "targets.list" }
            return package
        }
        let graph = ModuleGraph(packages: packages, targets: example.graph.targets, externalProducts: example.graph.externalProducts)
        var workspace = Workspace(graph: graph, configuration: Configuration(), sources: example.sources,
                                  manifests: ["targets.list": Array(Self.list.utf8)])
        workspace.declarationKinds.kinds.append(TargetListFile.self)
        return workspace
    }

    @Test func placesSuppressesAndFixesThroughTheSeam() throws {
        let workspace = workspace()
        let findings = Check.run(workspace).findings
        let unused = try #require(findings.first { $0.finding.ruleID == "unused-dependency" })
        #expect(unused.location.path == "targets.list")
        #expect(unused.location.line == 2)
        #expect(unused.location.column == 17)
        // Legacy's unused Models is suppressed by the file's own directive.
        #expect(!findings.contains { $0.finding.target.name == "Legacy" })

        let plan = FixPlan(workspace: workspace, findings: findings)
        #expect(plan.left.isEmpty)
        let after = try #require(plan.edits["targets.list"]).after
        #expect(String(decoding: after, as: UTF8.self) == Self.list.replacingOccurrences(of: "Search: Models, Unused", with: "Search: Models, Storage"))
    }

    @Test func aFileNoKindReadsIsPlacedAtItsFirstLineAndNotEdited() {
        var workspace = workspace()
        workspace.declarationKinds = .standard
        let findings = Check.run(workspace).findings
        #expect(findings.filter { $0.finding.ruleID == "unused-dependency" }.allSatisfy { $0.location.line == 1 })
        let plan = FixPlan(workspace: workspace, findings: findings)
        #expect(plan.edits.isEmpty)
        #expect(!plan.left.isEmpty && plan.left.allSatisfy { $0.reason == "targets.list is not a kind of file Bulkhead edits" })
    }
}
