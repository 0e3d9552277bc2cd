import FileAccess
import Foundation

/// The two questions the graph loader asks the toolchain about a package folder. The real
/// answerer is `SwiftPackageTool`; `RecordedPackageDescriber` answers from JSON committed beside
/// test fixtures, so graph logic can be tested without launching `swift`.
package protocol PackageDescriber: Sendable {
    /// What `swift package describe --type json` prints for the package in `folder` (absolute):
    /// paths, sources after `exclude:`, module names and types.
    func describe(packageAt folder: String) throws(InputError) -> Data

    /// What `swift package dump-package` prints for the package in `folder` (absolute): the
    /// manifest as data, with settings, conditions and requirements.
    func dumpPackage(packageAt folder: String) throws(InputError) -> Data

    /// Throws when no question can be answered at all (no toolchain), so that a load fails once
    /// and early rather than once per package.
    func checkAvailable() throws(InputError)

    /// Names the toolchain that answers, for the graph cache's key: an answer given by one
    /// toolchain is not reused under another. Cheap (no process), since a warm run must not pay
    /// for a toolchain call to learn it.
    func toolchainIdentity() -> String

    /// The toolchain's compiler version, major.minor.patch, for `compiler(>=…)` and `swift(>=…)`
    /// (`ToolchainVersion`); nil when it is not known. Stored in `cacheFolder` under the
    /// toolchain's identity, so a warm run asks no process.
    func toolchainVersion(cacheFolder: String?) -> [Int]?
}

extension PackageDescriber {
    package func checkAvailable() throws(InputError) {}
    package func toolchainIdentity() -> String { String(describing: Self.self) }
    package func toolchainVersion(cacheFolder: String?) -> [Int]? { nil }
}
