import Formats

/// One entry of `imports.ignore`: a module (or a glob over module names) whose imports no rule
/// reports, and why, which the file must say.
package struct ImportIgnore: Sendable, Equatable {
    /// A module name or a glob such as `Firebase*`.
    package var module: String
    package var reason: String

    package init(module: String, reason: String) {
        self.module = module
        self.reason = reason
    }

    /// Whether an import of `module` is ignored by this entry.
    package func matches(_ module: String) -> Bool {
        Glob(self.module).matches(module)
    }
}
