import ModuleGraph

/// Why a target counts as changed: a file in it, its declaration in a manifest, or a pin of a
/// package it uses.
package struct ChangeSeed: Sendable, Hashable {
    package var target: TargetID
    /// The changed file, relative to the repository.
    package var file: String
    /// What about the file: "changed", "moved here from …", "declaration changed: dependencies".
    package var reason: String

    package init(target: TargetID, file: String, reason: String) {
        self.target = target
        self.file = file
        self.reason = reason
    }
}
