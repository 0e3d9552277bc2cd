import PackageLoading
import Processes

extension BulkheadCLI {
    /// Call first in the executable, before any thread starts: on SIGINT, SIGTERM or SIGHUP,
    /// Bulkhead kills its children's process groups, removes its temporary folder and exits with
    /// 128 + the signal. (The executable may only use this module, so it asks here.)
    package static func installInterruptionHandling() {
        Interruption.install()
    }

    /// glibc grows each thread's heap one `mprotect` at a time, by what the allocation needs: a
    /// warm check of a 150-target repository made 2,800 of them (6% of its system-call time).
    /// Grown 32 MB at a time, it makes 17; pages nobody touches are never resident, so peak
    /// memory grows by about 2 MB only. (Darwin's allocator has no such step.)
    package static func growHeapsInLargeSteps() {
        HeapGrowth.useSteps(ofBytes: 32 << 20)
    }
}
