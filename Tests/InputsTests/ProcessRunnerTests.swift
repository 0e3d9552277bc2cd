import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import Processes
@testable import FileAccess

@Suite(.tags(.medium)) struct ProcessRunnerTests {
    @Test func drainsLargeOutputOnBothPipesWithoutStalling() throws {
        // 4 MiB on each pipe: far past a pipe buffer, so a runner that read one pipe after the
        // other would wait forever on the child blocked writing the other.
        let script = "import sys\nchunk = 'x' * 1024\nfor _ in range(4096):\n    sys.stdout.write(chunk); sys.stderr.write(chunk)\n"
        let output = try ProcessRunner.run(["python3", "-c", script])
        #expect(output.status == 0)
        #expect(output.standardOutput.count == 4 << 20)
        #expect(output.standardError.count == 4 << 20)
    }

    @Test func returnsANonZeroStatusWithStandardError() throws {
        let output = try ProcessRunner.run(["python3", "-c", "import sys; sys.stderr.write('broken'); sys.exit(3)"])
        #expect(output.status == 3)
        #expect(output.standardErrorText == "broken")
    }

    @Test func passesArgumentsVerbatimWithoutAShell() throws {
        let tricky = ["a b", "$HOME", "'quoted'", "; rm -rf /", "*"]
        let output = try ProcessRunner.run(["python3", "-c", "import sys, json; print(json.dumps(sys.argv[1:]))"] + tricky)
        let echoed = try JSONDecoder().decode([String].self, from: output.standardOutput)
        #expect(echoed == tricky)
    }

    @Test func runsInTheGivenDirectory() throws {
        let output = try ProcessRunner.run(["python3", "-c", "import os; print(os.getcwd())"], in: "/tmp")
        #expect(String(decoding: output.standardOutput, as: UTF8.self).hasSuffix("tmp\n"))
    }

    @Test func aMissingProgramIsNamedWithThePathSearched() {
        #expect(throws: InputError.executableNotFound(name: "no-such-program-here", searchPath: "/nowhere")) {
            try ProcessRunner.run(["no-such-program-here"], environment: ["PATH": "/nowhere"])
        }
    }
}
