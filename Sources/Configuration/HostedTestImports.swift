/// `testing: { hostedTests: "…" }`: what a unit-test bundle that runs inside an app (its
/// `TEST_HOST`) may import without declaring it.
package enum HostedTestImports: String, Sendable, Hashable, CaseIterable {
    /// The modules its host links, as Xcode's build sees them: the bundle is built after the app
    /// and loaded into it, and linking them again can duplicate their symbols. The default.
    case host
    /// Only what the bundle itself declares, for teams that want every test dependency written.
    case explicit
}
