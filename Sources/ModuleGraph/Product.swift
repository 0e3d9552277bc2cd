/// A product a package offers: a library (with its linkage), an executable, a plugin, a macro.
package struct Product: Sendable, Hashable {
    package var name: String
    /// `library`, `executable`, `plugin`, `macro`, …
    package var type: String
    /// For libraries: `automatic`, `static` or `dynamic`.
    package var linkage: String?
    package var targets: [String]

    package init(name: String, type: String, linkage: String? = nil, targets: [String]) {
        self.name = name
        self.type = type
        self.linkage = linkage
        self.targets = targets
    }
}
