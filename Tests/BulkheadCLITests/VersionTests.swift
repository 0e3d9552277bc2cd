import BulkheadCLI
import Foundation
import TestSupport
import Testing

/// The version lives in `BulkheadCLI.version`; the changelog's newest entry and `--version` follow
/// it, so a bump without its changelog entry fails here.
@Suite(.tags(.small)) struct VersionTests {
    @Test func theNewestChangelogEntryIsTheVersion() throws {
        let changelog = try String(contentsOfFile: RepositoryRoot.path("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        let heading = try #require(newest, "CHANGELOG.md has no '## <version>' entry")
        let version = heading.dropFirst(3).split(separator: " ").first.map(String.init)
        #expect(version == BulkheadCLI.version, "CHANGELOG.md's newest entry is '\(heading)'; add an entry for \(BulkheadCLI.version)")
    }

    @Test func theVersionIsThreeNumbers() {
        let parts = BulkheadCLI.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(BulkheadCLI.version)")
    }
}
