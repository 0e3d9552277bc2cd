/// One pin of a `Package.resolved`: what a remote package was resolved to. A version for a
/// version requirement, a branch (with its revision) or a revision alone otherwise.
package struct ResolvedPin: Sendable, Hashable {
    package var location: String
    package var version: String?
    package var branch: String?
    package var revision: String?

    package init(location: String, version: String? = nil, branch: String? = nil, revision: String? = nil) {
        self.location = location
        self.version = version
        self.branch = branch
        self.revision = revision
    }
}
