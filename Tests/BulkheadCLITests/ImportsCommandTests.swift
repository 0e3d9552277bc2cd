import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI

@Suite(.tags(.medium)) struct ImportsCommandTests {
    @Test func listsImportsOfFilesAndFoldersInPathOrder() {
        let folder = TemporaryFolder()
        folder.write("b.swift", "import B\n")
        folder.write("Sub/a.swift", "@testable import A.Sub; public import struct C.D\n#if os(iOS)\nimport E\n#else\nimport F\n#endif\n")
        folder.write("Sub/.hidden/x.swift", "import Hidden\n")
        folder.write("Sub/readme.md", "import NotSwift\n")
        let run = CommandRun.run(["imports", "Sub", "b.swift"], in: folder.path)
        #expect(run.status == .clean)
        #expect(run.standardOutput == """
        Sub/a.swift:1:18  @testable import A.Sub
        Sub/a.swift:1:46  public import struct C.D
        Sub/a.swift:3:8  import E  #if os(iOS)
        Sub/a.swift:5:8  import F  #else (not os(iOS))
        b.swift:1:8  import B

        """)
        #expect(run.standardError == "bulkhead: 5 imports in 2 files; no problems\n")
    }

    @Test func jsonHasAVersionedHeaderAndEveryKey() throws {
        let folder = TemporaryFolder()
        folder.write("a.swift", "@_spi(X) internal import enum A.B\n#if false\nimport C\n#endif\n")
        let run = CommandRun.run(["imports", "--format", "json", "a.swift"], in: folder.path)
        #expect(run.status == .clean)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 3)
        #expect(document["command"] as? String == "imports")
        let imports = try #require(document["imports"] as? [[String: Any]])
        #expect(imports.count == 2)
        let first = imports[0]
        #expect(first["target"] == nil)
        #expect(first["file"] as? String == "a.swift")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 31)
        #expect(first["module"] as? String == "A")
        #expect(first["path"] as? String == "A.B")
        #expect(first["kind"] as? String == "enum")
        #expect(first["access"] as? String == "internal")
        let attributes = try #require(first["attributes"] as? [[String: Any]])
        #expect(attributes.first?["name"] as? String == "_spi")
        #expect(attributes.first?["arguments"] as? String == "X")
        let second = imports[1]
        #expect(second["kind"] is NSNull)
        #expect(second["canBeActive"] as? Bool == false)
        let conditions = try #require(second["conditions"] as? [[String: Any]])
        #expect(conditions.first?["branch"] as? String == "if")
        #expect(conditions.first?["condition"] as? String == "false")
        #expect(conditions.first?["canBeActive"] as? Bool == false)
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonStaysValidWithNoImportsAndWithProblems() throws {
        let folder = TemporaryFolder()
        folder.write("empty.swift", "let x = 1\n")
        folder.write("broken.swift", "let s = \"\"\"\nimport A\n")
        let run = CommandRun.run(["imports", "--format", "json", "empty.swift", "broken.swift"], in: folder.path)
        #expect(run.status == .violations)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect((document["imports"] as? [Any])?.isEmpty == true)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "unterminated-string")
        #expect(diagnostics.first?["file"] as? String == "broken.swift")
        #expect(diagnostics.first?["line"] as? Int == 1)
    }

    @Test func anUnreadableFileIsReportedAndTheRestIsScanned() {
        let folder = TemporaryFolder()
        folder.write("good.swift", "import Good\n")
        let run = CommandRun.run(["imports", "missing.swift", "good.swift"], in: folder.path)
        #expect(run.status == .failure)
        #expect(run.standardOutput == "good.swift:1:8  import Good\n")
        #expect(run.standardError.contains("missing.swift: error: could not read file: no such file (deleted while Bulkhead ran?) [unreadable-file]"))
    }

    @Test func colourOnlyWhenAskedOrOnATerminalWithoutNoColor() {
        let folder = TemporaryFolder()
        folder.write("a.swift", "import A\n")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm"
        #expect(CommandRun.run(["imports", "a.swift"], in: folder.path, environment: environment, terminal: true).standardOutput.contains("\u{1B}["))
        #expect(!CommandRun.run(["imports", "a.swift"], in: folder.path, environment: environment, terminal: false).standardOutput.contains("\u{1B}["))
        environment["NO_COLOR"] = "1"
        #expect(!CommandRun.run(["imports", "a.swift"], in: folder.path, environment: environment, terminal: true).standardOutput.contains("\u{1B}["))
        #expect(CommandRun.run(["imports", "--color", "always", "a.swift"], in: folder.path, environment: environment).standardOutput.contains("\u{1B}["))
    }

    @Test func aFolderWithoutAManifestIsAClearFailure() {
        let folder = TemporaryFolder()
        let run = CommandRun.run(["imports", "--package-path", folder.path])
        #expect(run.status == .failure)
        #expect(run.standardError.contains("no Package.swift or .xcodeproj in '\(folder.path)' or any folder below it; pass --package-path with the folder that holds the package manifest or the repository"))
    }

    @Test func aMissingSwiftExecutableIsAClearFailure() {
        let folder = TemporaryFolder()
        folder.write("Package.swift", "// swift-tools-version: 6.0\n")
        var environment = ProcessInfo.processInfo.environment
        environment["BULKHEAD_SWIFT_EXEC"] = "/nonexistent/swift"
        let run = CommandRun.run(["imports"], in: folder.path, environment: environment)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("could not find '/nonexistent/swift'"))
        #expect(run.standardError.contains("BULKHEAD_SWIFT_EXEC"))
    }

    @Test func quietLeavesOnlyTheReport() {
        let folder = TemporaryFolder()
        folder.write("a.swift", "import A\n")
        let run = CommandRun.run(["imports", "--quiet", "a.swift"], in: folder.path)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput == "a.swift:1:8  import A\n")
    }
}
