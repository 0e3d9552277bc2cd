#if canImport(SystemCalls)
import SystemCalls
#endif

/// How far the C library grows a heap when an allocation needs more room: glibc's `M_TOP_PAD`
/// (`mallopt`, which only `SystemCalls` can call). Nothing on other systems.
package enum HeapGrowth {
    package static func useSteps(ofBytes bytes: Int32) {
        #if canImport(SystemCalls)
        bulkhead_grow_heaps_by(bytes)
        #endif
    }
}
