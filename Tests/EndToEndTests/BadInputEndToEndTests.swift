import Foundation
import TestSupport
import Testing

/// The bad inputs of the scanner issue, in one package, through the built binary: each gets its
/// own diagnostic, every other file is still scanned, and the exit status says what happened.
@Suite(.tags(.large)) struct BadInputEndToEndTests {
    let package: String

    init() throws {
        package = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-bad-\(UUID().uuidString)").path
        let sources = package + "/Sources/App"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Bad\", targets: [.target(name: \"App\")])\n"
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        func write(_ name: String, _ bytes: [UInt8]) {
            FileManager.default.createFile(atPath: sources + "/" + name, contents: Data(bytes))
        }
        write("Good.swift", Array("import Good\n".utf8))
        // A binary file named .swift: an ELF header and NUL bytes.
        write("Binary.swift", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0, count: 64) + Array("import Hidden\n".utf8))
        // 50 MB on a single line, after a real import.
        var long = Array("import BeforeTheLongLine\nlet numbers = [".utf8)
        long.reserveCapacity(50_000_100)
        let item = Array("1234567, ".utf8)
        while long.count < 50_000_000 { long += item }
        long += Array("0]\n".utf8)
        write("Long.swift", long)
        write("InvalidUTF8.swift", Array("import BeforeInvalid\n// caf".utf8) + [0xE9] + Array("\nimport AfterInvalid\n".utf8))
        write("Unterminated.swift", Array("import BeforeString\nlet s = \"\"\"\nimport InsideString\n".utf8))
        write("Deleted.swift", Array("import Deleted\n".utf8))
        write("Zeta.swift", Array("import Last\n".utf8))
    }

    /// A `swift` that runs for real and, after `describe`, deletes one source: the file vanishes
    /// between listing and reading, as when a branch switch races a run.
    func deletingSwift() throws -> String {
        let swift = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) })
        let wrapper = package + "/swift-then-delete"
        try "#!/bin/sh\n\"\(swift)\" \"$@\"\nstatus=$?\ncase \"$*\" in *describe*) rm -f '\(package)/Sources/App/Deleted.swift' ;; esac\nexit $status\n"
            .write(toFile: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
        return wrapper
    }

    @Test func eachBadFileGetsItsOwnDiagnosticAndTheRestIsScanned() throws {
        defer { try? FileManager.default.removeItem(atPath: package) }
        // A symbolic link in the target leaves its layout to `describe` (SwiftPM follows links),
        // so the file list comes from the toolchain and the deletion races the read.
        try FileManager.default.createSymbolicLink(atPath: package + "/Sources/App/Notes.md", withDestinationPath: "Good.swift")
        let run = try BulkheadBinary.run(["imports", "--package-path", package, "--quiet"], environment: ["BULKHEAD_SWIFT_EXEC": try deletingSwift()])
        #expect(run.status == 2, "an unreadable file means the run was incomplete")
        #expect(run.standardOutput == """
        Sources/App/Good.swift:1:8  App  import Good
        Sources/App/InvalidUTF8.swift:1:8  App  import BeforeInvalid
        Sources/App/InvalidUTF8.swift:3:8  App  import AfterInvalid
        Sources/App/Long.swift:1:8  App  import BeforeTheLongLine
        Sources/App/Unterminated.swift:1:8  App  import BeforeString
        Sources/App/Zeta.swift:1:8  App  import Last

        """)
        #expect(run.standardError == """
        Sources/App/Binary.swift:1:8: error: file looks binary (NUL byte in its first 8 KiB); not scanned [binary-file]
        Sources/App/Deleted.swift: error: could not read file: no such file (deleted while Bulkhead ran?) [unreadable-file]
        Sources/App/InvalidUTF8.swift:2:7: error: invalid UTF-8 in source; the compiler rejects this file [invalid-utf8]
        Sources/App/Unterminated.swift:2:9: error: unterminated multi-line string literal [unterminated-string]

        """)
    }

    @Test func withoutTheUnreadableFileProblemsInSourcesExitWith1() throws {
        defer { try? FileManager.default.removeItem(atPath: package) }
        try FileManager.default.removeItem(atPath: package + "/Sources/App/Deleted.swift")
        let run = try BulkheadBinary.run(["imports", "--package-path", package, "--quiet"])
        #expect(run.status == 1)
        try FileManager.default.removeItem(atPath: package + "/Sources/App/Binary.swift")
        try FileManager.default.removeItem(atPath: package + "/Sources/App/InvalidUTF8.swift")
        try FileManager.default.removeItem(atPath: package + "/Sources/App/Unterminated.swift")
        #expect(try BulkheadBinary.run(["imports", "--package-path", package, "--quiet"]).status == 0)
    }
}
