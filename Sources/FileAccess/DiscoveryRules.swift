/// What `workspace` in `bulkhead.json` says about discovery, as predicates on folders relative
/// to the root, so package loading need not know the configuration's globs.
package struct DiscoveryRules: Sendable {
    /// The key path of the `workspace.exclude` pattern that excludes a folder, or nil.
    package var excluded: @Sendable (String) -> String?
    /// Whether `workspace.include` loads a folder that is skipped by default (test inputs).
    package var included: @Sendable (String) -> Bool
    /// Whether `workspace.include` names a place outside the root, given its path from the root
    /// (`../Shared/Sources`) and its absolute path: nothing else outside the root is read
    /// (see `ReadBoundary`).
    package var includedOutside: @Sendable (_ fromRoot: String, _ absolute: String) -> Bool
    /// What the three predicates are made from (the `workspace` patterns), as text: a graph
    /// stored under other rules is not reused (`LoadedGraphCache`). Rules made without one are
    /// never reused by a graph stored under others, nor under these.
    package var fingerprint: String?

    package init(excluded: @escaping @Sendable (String) -> String? = { _ in nil }, included: @escaping @Sendable (String) -> Bool = { _ in false },
                 includedOutside: @escaping @Sendable (_ fromRoot: String, _ absolute: String) -> Bool = { _, _ in false },
                 fingerprint: String? = nil) {
        self.excluded = excluded
        self.included = included
        self.includedOutside = includedOutside
        self.fingerprint = fingerprint
    }

    package static let defaults = DiscoveryRules(fingerprint: "")
}
