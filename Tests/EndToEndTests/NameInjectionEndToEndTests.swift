import Foundation
import PackageLoading
import TestSupport
import Testing

/// Names are data, never instructions: a file name with a line break or ESC cannot forge a
/// diagnostic line or colour the terminal, a test target named like an option cannot add
/// arguments to xcodebuild, and a file name that is not UTF-8 is that one file's problem.
@Suite(.tags(.large)) struct NameInjectionEndToEndTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-names-\(UUID().uuidString)").path
        for folder in ["Sources/App", "Sources/B", "Tests/T x -resultBundlePath /tmp/inj"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "P", targets: [
            .target(name: "App"), .target(name: "B"),
            .testTarget(name: "T x -resultBundlePath /tmp/inj", dependencies: ["App"]),
        ])

        """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        func write(_ name: [UInt8], _ text: String) {
            FileManager.default.createFile(atPath: String(decoding: Array((root + "/").utf8) + name, as: UTF8.self), contents: Data(text.utf8))
        }
        write(Array("Sources/B/B.swift".utf8), "public let b = 1\n")
        write(Array("Sources/App/Evil\n1:1: error: fake.swift".utf8), "import B\n")
        write(Array("Sources/App/Esc\u{1B}[31mRed.swift".utf8), "import B\n")
        write(Array("Tests/T x -resultBundlePath /tmp/inj/T.swift".utf8), "import App\n")
    }

    func run(_ arguments: [String]) throws -> BulkheadBinary.Run {
        try BulkheadBinary.run(arguments + ["--quiet"], in: root)
    }

    @Test(arguments: ["xcode", "text"])
    func controlCharactersInFileNamesAreEscaped(format: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try run(["check", "--format", format])
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("\u{1B}"))
        #expect(!run.standardOutput.split(separator: "\n").contains { $0.hasPrefix("1:1: error: fake") })
        #expect(run.standardOutput.contains("Sources/App/Evil\\x0A1:1: error: fake.swift:1:8: "))
        #expect(run.standardOutput.contains("Sources/App/Esc\\x1B[31mRed.swift:1:8: "))
    }

    @Test func controlCharactersInImportListingsAreEscaped() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try run(["imports"])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").sorted() == [
            "Sources/App/Esc\\x1B[31mRed.swift:1:8  App  import B",
            "Sources/App/Evil\\x0A1:1: error: fake.swift:1:8  App  import B",
            "Tests/T x -resultBundlePath /tmp/inj/T.swift:1:8  T x -resultBundlePath /tmp/inj  import App",
        ].sorted())
    }

    @Test func aTestNameThatIsNotAPlainIdentifierIsRefusedNotPrinted() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "Tests/T x -resultBundlePath /tmp/inj/T.swift\n".write(toFile: root + "/changes.txt", atomically: true, encoding: .utf8)
        let run = try run(["affected", "--files", "changes.txt", "--format", "xcodebuild"])
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "error: the test target 'T x -resultBundlePath /tmp/inj' cannot be passed safely in --format xcodebuild: only letters, digits, '_', '.' and '-' are; rename the target, or use --format json\n")
        // swift test filters by module, and SwiftPM's module name (c99name) is already plain.
        let swiftTest = try self.run(["affected", "--files", "changes.txt", "--format", "swift-test"])
        #expect(swiftTest.status == 0)
        #expect(swiftTest.standardOutput == "--filter\n^(T_x__resultBundlePath__tmp_inj)\\.\n")
        let names = try self.run(["affected", "--files", "changes.txt"])
        #expect(names.status == 0, "one name a line is safe for a name with spaces")
        #expect(names.standardOutput == "T x -resultBundlePath /tmp/inj\n")
    }

    @Test func aFileNameThatIsNotUTF8IsThatFilesProblem() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Created through the C API: a Swift String cannot hold the byte 0xFF.
        let path = Array((root + "/Sources/B/Bad").utf8) + [0xFF] + Array("Name.swift".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try run(["imports", "--target", "B"])
        #expect(run.status == 1, "an error in the checked code, not a run that could not finish")
        #expect(run.standardOutput == "", "B.swift imports nothing")
        #expect(run.standardError.contains("Sources/B/Bad\u{FFFD}Name.swift: error: the file name is not valid UTF-8"))
        #expect(run.standardError.contains("[invalid-file-name]"))
    }
}
