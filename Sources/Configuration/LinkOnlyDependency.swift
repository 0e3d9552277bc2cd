/// A declared dependency that is there to be linked, not imported (`linkOnly: ["App → Live"]`):
/// an app that declares a module only so its live implementations are registered, say. The
/// `unused-dependency` rule never reports it.
package struct LinkOnlyDependency: Sendable, Hashable, CustomStringConvertible {
    /// The target that declares the dependency: a name, or `package/name`.
    package var target: String
    /// The dependency as declared: a target or product name, or `package/name`.
    package var dependency: String

    package init(target: String, dependency: String) {
        self.target = target
        self.dependency = dependency
    }

    /// Reads `"App → Live"` or `"App -> Live"`; nil unless both sides name something.
    package init?(parsing text: String) {
        let arrow = text.range(of: "→") ?? text.range(of: "->")
        guard let arrow else { return nil }
        let target = text[..<arrow.lowerBound].trimmingSpaces()
        let dependency = text[arrow.upperBound...].trimmingSpaces()
        guard !target.isEmpty, !dependency.isEmpty, !dependency.contains("→"), !dependency.contains("->") else { return nil }
        self.init(target: target, dependency: dependency)
    }

    package var description: String { "\(target) → \(dependency)" }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
