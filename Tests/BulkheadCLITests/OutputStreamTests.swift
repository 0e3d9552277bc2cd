import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output that fails is status 2; a reader that stopped is not.
@Suite(.tags(.small)) struct OutputStreamTests {
    @Test func aFullDeviceIsRecordedOnce() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = FileDescriptorStream(descriptor: descriptor)
        stream.write("report\n")
        #expect(stream.failure == nil, "buffered, not yet written")
        stream.flush()
        #expect(stream.failure == "no space left on device")
        stream.write("more\n")
        stream.flush()
        #expect(stream.failure == "no space left on device")
    }

    @Test func aClosedPipeIsNotAFailure() throws {
        signal(SIGPIPE, SIG_IGN)  // as the executable does; otherwise the write would end the test process
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let stream = FileDescriptorStream(descriptor: ends[1])
        stream.write("nobody reads this\n")
        stream.flush()
        #expect(stream.failure == nil)
    }

    @Test func aFailedStandardOutputEndsTheRunWithStatus2AndOneMessage() {
        let output = CapturedOutput()
        output.failure = "input/output error"
        let error = CapturedOutput()
        let status = BulkheadCLI.run(["--version"], context: CommandContext(standardOutput: output, standardError: error, environment: [:], currentDirectory: "/"))
        #expect(status == .failure)
        #expect(error.text == "error: could not write to standard output: input/output error; the output is incomplete\n")
    }
}
