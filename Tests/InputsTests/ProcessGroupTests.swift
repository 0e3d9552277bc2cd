import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import Processes
@testable import FileAccess

/// Timeouts, process groups and deaths by signal: what keeps a stuck or crashing child from
/// hanging Bulkhead or outliving it.
@Suite(.tags(.medium)) struct ProcessGroupTests {
    /// A scratch folder for pid files, removed by the caller.
    static func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-process-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The process ids a shell script wrote, one a line.
    static func processIDs(in file: String) throws -> [pid_t] {
        try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline).compactMap { pid_t($0) }
    }


    /// Waits a little for processes that were just killed to be gone.
    static func eventuallyGone(_ pids: [pid_t]) -> Bool {
        for _ in 0..<50 {
            if !pids.contains(where: ProcessProbe.isRunning) { return true }
            usleep(100_000)
        }
        return false
    }

    @Test func aChildThatOutlivesItsTimeoutIsKilledAndNamed() throws {
        let command = ["sh", "-c", "sleep 30"]
        let started = ContinuousClock.now
        #expect(throws: InputError.timedOut(command: command, seconds: 0.5)) {
            try ProcessRunner.run(command, timeout: .milliseconds(500))
        }
        #expect(ContinuousClock.now - started < .seconds(10), "killed at the timeout, not at the end of the sleep")
        let message = InputError.timedOut(command: command, seconds: 0.5).message
        #expect(message == "`sh -c 'sleep 30'` did not finish within 0.5 seconds and was stopped, with every process it started; if it needs longer (a cold toolchain on a large package can), raise --timeout")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"), "needs setsid to start a process outside the child's tree"))
    func aChildThatExitsIsItsAnswerEvenWhenADaemonItStartedHoldsThePipe() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        // The daemon leaves the child's session and keeps standard output open for 30 s.
        let command = ["sh", "-c", "setsid sleep 30 & echo $! > '\(pids)'; echo answered"]
        let started = ContinuousClock.now
        let output = try ProcessRunner.run(command, timeout: .seconds(20))
        #expect(output.termination == .exited(status: 0))
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "answered\n")
        #expect(ContinuousClock.now - started < .seconds(10), "not held until the daemon or the timeout ends")
        for pid in try Self.processIDs(in: pids) { kill(pid, SIGKILL) }
    }

    @Test func aTimeoutKillsWhatTheChildStartedToo() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        // The grandchild is in the background: killing only the shell would leave it running.
        let command = ["sh", "-c", "sleep 100 & echo $! > '\(pids)'; echo $$ >> '\(pids)'; wait"]
        #expect(throws: InputError.timedOut(command: command, seconds: 1)) {
            try ProcessRunner.run(command, timeout: .seconds(1))
        }
        let started = try Self.processIDs(in: pids)
        #expect(started.count == 2)
        #expect(Self.eventuallyGone(started), "still running: \(started.filter(ProcessProbe.isRunning))")
    }

    @Test func aTimeoutKillsWhatTheChildStartedInAGroupOfItsOwn() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        // As SwiftPM starts the manifest's compiler: a new group, out of reach of a group kill.
        let grandchild = "import os, sys, time; os.setpgrp(); open(sys.argv[1], 'w').write(str(os.getpid())); time.sleep(100)"
        let command = ["sh", "-c", "python3 -c \"\(grandchild)\" '\(pids)' & wait"]
        #expect(throws: InputError.timedOut(command: command, seconds: 3)) {
            try ProcessRunner.run(command, timeout: .seconds(3))
        }
        let started = try Self.processIDs(in: pids)
        #expect(started.count == 1)
        #expect(Self.eventuallyGone(started), "still running: \(started.filter(ProcessProbe.isRunning))")
    }

    @Test func whatAChildLeavesRunningIsKilledWhenItExits() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        // The background sleep holds standard output open: without the group kill the runner
        // would wait 100 seconds for the pipe to close.
        let started = ContinuousClock.now
        let output = try ProcessRunner.run(["sh", "-c", "sleep 100 & echo $! > '\(pids)'; echo done"], timeout: .seconds(60))
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(output.termination == .exited(status: 0))
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "done\n")
        let leftover = try Self.processIDs(in: pids)
        #expect(Self.eventuallyGone(leftover))
    }

    @Test func aChildKilledByASignalIsReportedByTheSignal() throws {
        let command = ["sh", "-c", "echo about to crash >&2; kill -SEGV $$"]
        let output = try ProcessRunner.run(command)
        #expect(output.termination == .signalled(signal: SIGSEGV))
        #expect(output.status == 128 + SIGSEGV)
        let error = output.failure(of: command)
        #expect(error == .commandKilled(command: command, signal: SIGSEGV, standardError: "about to crash\n"))
        #expect(error.message == "`sh -c 'echo about to crash >&2; kill -SEGV $$'` was killed by signal \(SIGSEGV) (SIGSEGV):\nabout to crash")
    }

    @Test func anExitStatusStaysAnExitStatus() throws {
        let output = try ProcessRunner.run(["sh", "-c", "exit 11"])
        #expect(output.termination == .exited(status: 11))
        #expect(output.failure(of: ["x"]).message == "`x` exited with status 11")
    }

    @Test func eachChildLeadsAProcessGroupOfItsOwn() throws {
        let output = try ProcessRunner.run(["python3", "-c", "import os; print(os.getpgrp() == os.getpid(), os.getpgrp() != os.getpgid(os.getppid()))"])
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "True True\n")
    }

    @Test func standardInputComesFromTheFileOrIsEmpty() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "fed in\n".write(toFile: folder + "/input", atomically: true, encoding: .utf8)
        let fed = try ProcessRunner.run(["cat"], inputFile: folder + "/input")
        #expect(String(decoding: fed.standardOutput, as: UTF8.self) == "fed in\n")
        // /dev/null, not the test's own standard input: `cat` ends at once.
        let empty = try ProcessRunner.run(["cat"], timeout: .seconds(30))
        #expect(empty.standardOutput.isEmpty)
        #expect(throws: InputError.self) { try ProcessRunner.run(["cat"], inputFile: folder + "/missing") }
    }

    @Test func noChildGroupIsLeftRegisteredAfterARun() throws {
        let output = try ProcessRunner.run(["sh", "-c", "echo $$"])
        let pid = try #require(pid_t(String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!ChildProcessRegistry.shared.liveGroups.contains(pid))
    }
}
