import TestSupport
import Testing

/// The reporters' snapshots, in `Snapshots/` beside these tests.
enum ReporterSnapshot {
    static let snapshots = Snapshots(folder: RepositoryRoot.path("Tests/ReportingTests/Snapshots"))

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        snapshots.expect(actual, matches: name, sourceLocation: sourceLocation)
    }
}
