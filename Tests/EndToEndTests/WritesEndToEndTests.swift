import FileAccess
import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output`, `baseline` and `init` write, through the built binary: a file is replaced
/// atomically, a device, a FIFO or standard output is written through, a link is followed, and a
/// file the run reads is never replaced. A failed write is status 2 with a message.
@Suite(.tags(.large)) struct WritesEndToEndTests {
    /// A package whose App imports B without declaring it: one finding, so reports are not empty.
    struct Package {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-writes-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/Sources/App", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/Sources/B", withIntermediateDirectories: true)
            try write("Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"App\"), .target(name: \"B\")])\n")
            try write("Sources/App/A.swift", "import B\n")
            try write("Sources/B/B.swift", "public let b = 1\n")
            try write("bulkhead.json", "{}\n")
        }

        func write(_ relative: String, _ text: String) throws {
            try text.write(toFile: root + "/" + relative, atomically: false, encoding: .utf8)
        }

        func read(_ relative: String) -> String? {
            FileManager.default.contents(atPath: root + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        func run(_ arguments: [String]) throws -> BulkheadBinary.Run {
            try BulkheadBinary.run(arguments + ["--quiet"], in: root)
        }
    }

    @Test(arguments: [
        ("Package.swift", "the manifest of package 'P'"),
        ("./Sources/../Package.swift", "the manifest of package 'P'"),
        ("Sources/App/A.swift", "a source file of target 'App'"),
        ("bulkhead.json", "the configuration file this run reads"),
        ("bulkhead-baseline.json", "the baseline this run compares with"),
        ("manifest-link", "the manifest of package 'P'"),
    ])
    func aReportNeverReplacesAFileTheRunReads(output: String, role: String) throws {
        let package = try Package()
        defer { package.remove() }
        try FileManager.default.createSymbolicLink(atPath: package.root + "/manifest-link", withDestinationPath: "Package.swift")
        let before = package.read(output)
        let run = try package.run(["check", "--format", "json", "--output", output])
        #expect(run.status == 2)
        #expect(run.standardError == "error: refusing to write the report to '\(output)': it is \(role); name another file with --output\n")
        #expect(package.read(output) == before)
    }

    @Test func aBaselineIsNotWrittenOverTheManifestButIsWrittenWhereItBelongs() throws {
        let package = try Package()
        defer { package.remove() }
        let refused = try package.run(["baseline", "--baseline", "Package.swift"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("refusing to write the baseline to 'Package.swift': it is the manifest of package 'P'"))
        #expect(package.read("Package.swift")?.hasPrefix("// swift-tools-version") == true)
        #expect(try package.run(["baseline"]).status == 0)
        #expect(try package.run(["baseline"]).status == 0, "baseline replaces its own file")
    }

    @Test func initDoesNotFollowALinkOntoASource() throws {
        let package = try Package()
        defer { package.remove() }
        try FileManager.default.removeItem(atPath: package.root + "/bulkhead.json")
        try FileManager.default.createSymbolicLink(atPath: package.root + "/bulkhead.json", withDestinationPath: "Sources/App/A.swift")
        let run = try package.run(["init", "--force"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("refusing to write the configuration to 'bulkhead.json': it is a source file of target 'App'"))
        #expect(package.read("Sources/App/A.swift") == "import B\n")
    }

    /// Issue 24: a dangling `bulkhead.json` link planted in a repository would make `init`
    /// create its target outside; a `bulkhead-baseline.json` link would make `baseline` replace
    /// an outside file. Both are refused, naming the link and where it leads.
    @Test(arguments: [["init"], ["init", "--force"]])
    func initNeverFollowsALinkOutOfTheRepository(arguments: [String]) throws {
        let package = try Package()
        let outside = package.root + "-outside"
        defer { package.remove(); try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: package.root + "/bulkhead.json")
        try FileManager.default.createSymbolicLink(atPath: package.root + "/bulkhead.json", withDestinationPath: outside + "/planted.json")
        let run = try package.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError == "error: refusing to write the configuration to 'bulkhead.json': it is a symbolic link to '\(FileSystem.realPath(outside))/planted.json', outside the repository; remove the link, or use --print\n")
        #expect(!FileManager.default.fileExists(atPath: outside + "/planted.json"))
    }

    @Test(arguments: [["baseline"]])
    func baselineNeverFollowsALinkOutOfTheRepository(arguments: [String]) throws {
        let package = try Package()
        let outside = package.root + "-outside"
        defer { package.remove(); try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let victim = "#!/bin/sh\necho kept\n"
        try victim.write(toFile: outside + "/profile.sh", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: package.root + "/bulkhead-baseline.json", withDestinationPath: "../" + (outside as NSString).lastPathComponent + "/profile.sh")
        try package.write("Sources/App/$(touch PWNED).swift", "import B\n")
        let run = try package.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("refusing to write the baseline to 'bulkhead-baseline.json': it is a symbolic link to '\(FileSystem.realPath(outside))/profile.sh', outside the repository"),
                "\(run.standardError)")
        #expect(FileManager.default.contents(atPath: outside + "/profile.sh") == Data(victim.utf8))
    }

    /// A link that stays inside the repository is still followed.
    @Test func baselineFollowsALinkInsideTheRepository() throws {
        let package = try Package()
        defer { package.remove() }
        try FileManager.default.createDirectory(atPath: package.root + "/ci", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.root + "/bulkhead-baseline.json", withDestinationPath: "ci/baseline.json")
        #expect(try package.run(["baseline"]).status == 0)
        #expect(package.read("ci/baseline.json")?.contains("unreachable-import") == true)
    }

    @Test func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
        let package = try Package()
        defer { package.remove() }
        // The device test is only meaningful where /dev/null could be replaced (as root); it must pass everywhere.
        let run = try package.run(["check", "--output", "/dev/null"])
        #expect(run.status == 1)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let package = try Package()
        defer { package.remove() }
        try FileManager.default.createDirectory(atPath: package.root + "/reports", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.root + "/latest.json", withDestinationPath: "reports/report.json")
        let run = try package.run(["check", "--format", "json", "--output", "latest.json"])
        #expect(run.status == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: package.root + "/latest.json")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(package.read("reports/report.json")?.contains("\"unreachable-import\"") == true)
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let package = try Package()
        defer { package.remove() }
        let fifo = package.root + "/report.pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader as `cat report.pipe` is: opening for reading waits for the writer, then reads to its end.
        let reader = Thread {
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return }
            FileManager.default.createFile(atPath: fifo + ".read", contents: handle.readDataToEndOfFile())
        }
        reader.start()
        let run = try package.run(["check", "--format", "json", "--output", "report.pipe"])
        #expect(run.status == 1)
        for _ in 0..<100 where package.read("report.pipe.read") == nil { usleep(50_000) }
        #expect(package.read("report.pipe.read")?.contains("\"unreachable-import\"") == true)
        var status = stat()
        #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
    }

    @Test func standardOutputIsWrittenAtItsOffsetNotReopened() throws {
        let package = try Package()
        defer { package.remove() }
        try package.write("out.txt", "before\n")
        let output = try ProcessRunner.run(["/bin/sh", "-c", "exec \"$0\" check --quiet --format json --output /dev/stdout >> out.txt", try BulkheadBinary.path.get()], in: package.root,
                                           environment: TestCache.isolated(ProcessInfo.processInfo.environment))
        #expect(output.status == 1)
        let text = package.read("out.txt") ?? ""
        #expect(text.hasPrefix("before\n{"), "appended to what the shell opened")
        #expect(text.contains("\"unreachable-import\""))
    }

    @Test(arguments: [
        ("missing/report.json", "cannot write the report to 'missing/report.json': the folder 'missing' does not exist; create it first"),
        ("Sources", "cannot write the report to 'Sources': it is a folder; name a file"),
        ("Package.swift/report.json", "cannot write the report to 'Package.swift/report.json': a part of the path is a file, not a folder; name a file in a folder"),
        ("/dev/full", "cannot write the report to '/dev/full': no space left on device"),
    ])
    func aReportThatCannotBeWrittenSaysWhy(output: String, message: String) throws {
        let package = try Package()
        defer { package.remove() }
        let run = try package.run(["check", "--output", output])
        #expect(run.status == 2)
        #expect(run.standardError == "error: \(message)\n")
    }

    @Test func aFullStandardOutputIsStatus2() throws {
        let package = try Package()
        defer { package.remove() }
        let output = try ProcessRunner.run(["/bin/sh", "-c", "exec \"$0\" check > /dev/full", try BulkheadBinary.path.get()], in: package.root,
                                           environment: TestCache.isolated(ProcessInfo.processInfo.environment))
        #expect(output.status == 2)
        #expect(output.standardErrorText == "error: could not write to standard output: no space left on device; the output is incomplete\n")
    }

    @Test func aReaderThatStopsEarlyIsNotAFailure() throws {
        let package = try Package()
        defer { package.remove() }
        // 3,000 imports: more than the pipe holds, so writes continue after `head` has gone.
        try package.write("Sources/App/Many.swift", (0..<3000).map { "import Module\($0)\n" }.joined())
        let output = try ProcessRunner.run(["/bin/bash", "-c", "set -o pipefail; \"$0\" imports --quiet | head -1 > /dev/null", try BulkheadBinary.path.get()], in: package.root,
                                           environment: TestCache.isolated(ProcessInfo.processInfo.environment))
        #expect(output.status == 0, "EPIPE ends the output quietly: \(output.standardErrorText)")
        #expect(output.standardErrorText == "")
    }
}
