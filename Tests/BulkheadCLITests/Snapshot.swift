import TestSupport
import Testing

/// The command line's snapshots, in `Snapshots/` beside these tests.
enum Snapshot {
    static let snapshots = Snapshots(folder: RepositoryRoot.path("Tests/BulkheadCLITests/Snapshots"))

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        snapshots.expect(actual, matches: name, sourceLocation: sourceLocation)
    }
}
