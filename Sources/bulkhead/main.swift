import BulkheadCLI
import Foundation

BulkheadCLI.installInterruptionHandling()  // first: before any thread starts

BulkheadCLI.growHeapsInLargeSteps()

// A reader that stops early (`bulkhead imports | head`) should end the output, not the process:
// with SIGPIPE ignored, writes fail quietly and the exit status stays one Bulkhead documents.
signal(SIGPIPE, SIG_IGN)

let status = BulkheadCLI.run(Array(CommandLine.arguments.dropFirst()), context: .ofThisProcess())
exit(status.rawValue)
