import Foundation

/// One version of a manifest as `swift package dump-package` printed it, and the folder it was
/// evaluated in: `.package(path:)` dependencies come out absolute, so they compare by their
/// path relative to that folder.
package struct ManifestVersion: Sendable, Hashable {
    package var dump: Data
    /// Absolute, with symbolic links resolved, as SwiftPM prints paths.
    package var folder: String

    package init(dump: Data, folder: String) {
        self.dump = dump
        self.folder = folder
    }
}
