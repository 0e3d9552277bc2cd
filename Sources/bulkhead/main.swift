import BulkheadCLI
import Foundation

BulkheadCLI.installInterruptionHandling()  // first: before any thread starts

#if canImport(Glibc)
// glibc grows each thread's heap one `mprotect` at a time, by what the allocation needs: a warm
// check of a 150-target repository made 2,800 of them (6% of its system-call time). Grown 32 MB
// at a time, it makes 17; pages nobody touches are never resident, so peak memory grows by
// about 2 MB only. (Darwin's allocator has no such step.)
// `mallopt` is in <malloc.h>, which the Glibc module leaves out; nil (RTLD_DEFAULT) finds it in
// the C library the process runs with. -2 is `M_TOP_PAD`.
if let mallopt = dlsym(nil, "mallopt") {
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(-2, 32 << 20)
}
#endif

// A reader that stops early (`bulkhead imports | head`) should end the output, not the process:
// with SIGPIPE ignored, writes fail quietly and the exit status stays one Bulkhead documents.
signal(SIGPIPE, SIG_IGN)

let status = BulkheadCLI.run(Array(CommandLine.arguments.dropFirst()), context: .ofThisProcess())
exit(status.rawValue)
