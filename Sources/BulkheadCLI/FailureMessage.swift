import Engine
import FileAccess
import GitChanges
import PackageLoading
import Reporting
import Rules

/// A failure that says, in one paragraph, what went wrong, where, and what to do next: what
/// `BulkheadCLI.run` prints for every error a command throws other than a usage error.
protocol FailureMessage: Error {
    var message: String { get }
}

extension CommandError: FailureMessage {}
extension RunError: FailureMessage {}
extension InputError: FailureMessage {}
extension ReportError: FailureMessage {}
extension AffectedFailure: FailureMessage {}
extension GitError: FailureMessage {}

extension BaselineProblem: FailureMessage {
    var message: String { "no baseline was written: \(reason)" }
}
