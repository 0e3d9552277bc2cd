import Foundation

/// The checkout the tests run from, found once from this file's own location so tests run from
/// any folder. Every other path a test needs (fixtures, snapshots, the example, the sources) is
/// built from here, so moving a folder is a change in one place.
package enum RepositoryRoot {
    /// This file is `Tests/TestSupport/RepositoryRoot.swift`: three components below the root.
    package static let path: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .path

    /// `relative` (such as `Examples/Voyage` or `Tests/Fixtures`) inside the checkout.
    package static func path(_ relative: String) -> String { path + "/" + relative }
}
