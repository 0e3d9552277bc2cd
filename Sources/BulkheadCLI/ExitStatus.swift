/// How a run ended. Only the executable turns this into a process exit code.
package enum ExitStatus: Int32, Sendable {
    /// Nothing to report.
    case clean = 0
    /// The checked code has problems at error severity.
    case violations = 1
    /// Bulkhead could not do its job: bad configuration, a manifest that does not compile, I/O.
    case failure = 2
    /// The command line is wrong.
    case usage = 64
}
