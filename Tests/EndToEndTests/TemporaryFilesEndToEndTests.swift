import Foundation
import PackageLoading
import TestSupport
import Testing

/// Nothing of Bulkhead's is left in TMPDIR after a run, however it ends: clean, failing, or
/// interrupted mid-describe, when no process it started may be left running either. Each test
/// gives the binary a private TMPDIR and compares its listing before and after.
@Suite(.tags(.large)) struct TemporaryFilesEndToEndTests {
    /// A folder for one test, outside the TMPDIR the binary gets: `tmp` is that TMPDIR (holding
    /// a file of someone else's, which must stay), `work` holds packages and scripts.
    struct Workspace {
        let folder: String
        var temporary: String { folder + "/tmp" }
        var work: String { folder + "/work" }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-litter-test-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/tmp/someone-elses", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/work", withIntermediateDirectories: true)
            try "keep me\n".write(toFile: folder + "/tmp/someone-elses/file.txt", atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }

        /// Every path below TMPDIR, sorted.
        func listing() throws -> [String] {
            try FileManager.default.subpathsOfDirectory(atPath: temporary).sorted()
        }

        /// A package of two targets; `A` imports `B` without declaring it when `violating`.
        func package(named name: String, violating: Bool = false, manifest: String? = nil) throws -> String {
            let root = work + "/" + name
            for target in ["A", "B"] {
                try FileManager.default.createDirectory(atPath: root + "/Sources/" + target, withIntermediateDirectories: true)
            }
            try (manifest ?? "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: [.target(name: \"A\"), .target(name: \"B\")])\n")
                .write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            try (violating ? "import B\n" : "let a = 1\n").write(toFile: root + "/Sources/A/A.swift", atomically: true, encoding: .utf8)
            try "public let b = 1\n".write(toFile: root + "/Sources/B/B.swift", atomically: true, encoding: .utf8)
            return root
        }
    }

    enum Outcome: String, CaseIterable {
        case clean, violations, brokenManifest
    }

    @Test(arguments: Outcome.allCases)
    func aCheckLeavesTMPDIRAsItFoundIt(_ outcome: Outcome) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let package = try workspace.package(
            named: "Tiny", violating: outcome == .violations,
            manifest: outcome == .brokenManifest ? "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: 42)\n" : nil)
        let before = try workspace.listing()
        let run = try BulkheadBinary.run(["check", "--package-path", package], environment: ["TMPDIR": workspace.temporary])
        #expect(run.status == [Outcome.clean: 0, .violations: 1, .brokenManifest: 2][outcome], "\(run.standardError)")
        #expect(try workspace.listing() == before)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aCheckInterruptedMidDescribeLeavesNoProcessAndNoFile(_ signal: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let package = try workspace.package(named: "Tiny")
        // A `swift` that litters its TMPDIR as SwiftPM does, and starts a grandchild in a process
        // group of its own (as SwiftPM starts the manifest's compiler) that keeps writing there.
        // Each writes its id once settled; the signal lands when both of the package's call have.
        // The toolchain's version, asked beside that call, is this `swift` too: its ids go to a
        // file of their own, so whether it started before the signal does not change the count.
        let pids = workspace.work + "/pids"
        let versionPIDs = pids + "-version"
        let fakeSwift = workspace.work + "/swift"
        try """
        #!/bin/sh
        if [ "$1" = "--version" ]; then BULKHEAD_TEST_PIDS="$BULKHEAD_TEST_PIDS-version"; fi
        echo $$ >> "$BULKHEAD_TEST_PIDS"
        touch "$TMPDIR/_tmp_litter-$$.lock"
        python3 -c 'import os, sys, time
        os.setpgrp()
        with open(sys.argv[2], "a") as pids: pids.write("%d\\n" % os.getpid())
        while True:
            try: open(os.path.join(sys.argv[1], "compiling-%d.o" % os.getpid()), "w").close()
            except OSError: pass
            time.sleep(0.05)' "$TMPDIR" "$BULKHEAD_TEST_PIDS" &
        wait
        """.write(toFile: fakeSwift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeSwift)
        let before = try workspace.listing()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BulkheadBinary.path.get())
        process.arguments = ["check", "--package-path", package]
        var environment = TestCache.isolated(ProcessInfo.processInfo.environment)
        environment["TMPDIR"] = workspace.temporary
        environment["BULKHEAD_SWIFT_EXEC"] = fakeSwift
        environment["BULKHEAD_TEST_PIDS"] = pids
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The package's one call (dump-package) has started its grandchild.
        #expect(Self.waitUntil { Self.processIDs(in: pids).count >= 2 }, "the fake swift never ran")
        kill(process.processIdentifier, signal)
        #expect(Self.waitUntil { !process.isRunning }, "bulkhead did not stop on the signal")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)

        let started = Self.processIDs(in: pids)
        #expect(started.count == 2)
        let everyStarted = started + Self.processIDs(in: versionPIDs)
        #expect(Self.waitUntil { !everyStarted.contains(where: ProcessProbe.isRunning) }, "still running: \(everyStarted.filter(ProcessProbe.isRunning))")
        #expect(try workspace.listing() == before)
    }

    static func processIDs(in file: String) -> [pid_t] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(whereSeparator: \.isNewline).compactMap { pid_t($0) }
    }


    /// Polls `condition` for up to 30 seconds.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<300 {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }
}
