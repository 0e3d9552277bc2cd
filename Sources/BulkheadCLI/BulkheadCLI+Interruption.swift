import Inputs

extension BulkheadCLI {
    /// Call first in the executable, before any thread starts: on SIGINT, SIGTERM or SIGHUP,
    /// Bulkhead kills its children's process groups, removes its temporary folder and exits with
    /// 128 + the signal. (The executable may only use this module, so it asks here.)
    package static func installInterruptionHandling() {
        Interruption.install()
    }
}
