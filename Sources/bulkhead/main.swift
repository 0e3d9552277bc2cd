import BulkheadCLI
import Foundation

BulkheadCLI.installInterruptionHandling()  // first: before any thread starts

#if canImport(Glibc)
// glibc grows each thread's heap one `mprotect` at a time, by what the allocation needs: a warm
// check of a 150-target repository made 2,800 of them (6% of its system-call time). Grown 32 MB
// at a time, it makes 17; pages nobody touches are never resident, so peak memory grows by
// about 2 MB only. (Darwin's allocator has no such step.) -2 is `M_TOP_PAD`.
_ = mallopt(-2, 32 << 20)
#endif

// A reader that stops early (`bulkhead imports | head`) should end the output, not the process:
// with SIGPIPE ignored, writes fail quietly and the exit status stays one Bulkhead documents.
signal(SIGPIPE, SIG_IGN)

let status = BulkheadCLI.run(Array(CommandLine.arguments.dropFirst()), context: .ofThisProcess())
exit(status.rawValue)

#if canImport(Glibc)
/// glibc's `mallopt`, declared here: it is in <malloc.h>, which the Glibc module leaves out, and
/// a statically linked binary (as `make install` builds it on Linux) cannot look it up by name.
@_extern(c, "mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
