import Diagnostics
import ModuleGraph

/// The mechanical fixes of a check, applied to the manifests' bytes: dependencies to add for
/// undeclared and unreachable imports, dependencies to remove for unused ones. Pure: the
/// command shows the diff and writes the files.
package struct FixPlan: Sendable {
    /// Manifest path (relative to the root) → its bytes before and after.
    package var edits: [String: (before: [UInt8], after: [UInt8])] = [:]
    package var fixed: [PlacedFinding] = []
    /// Findings with a fix that was not applied, and why.
    package var left: [(finding: PlacedFinding, reason: String)] = []

    package init(workspace: Workspace, findings: [PlacedFinding]) {
        var editors: [String: ManifestEditor] = [:]
        // One change per target and dependency, however many imports ask for it.
        var done: [String: Result<Void, ManifestEditor.Refusal>] = [:]
        let importRules: Set<String> = [UndeclaredImportRule.description.id, UnreachableImportRule.description.id]
        let ordered = findings.sorted { $0.diagnostic < $1.diagnostic }
        for placed in ordered {
            guard let fix = placed.finding.fix else {
                // An import inside #if may want a conditional dependency: a person's decision.
                if importRules.contains(placed.finding.ruleID) && placed.finding.severity != .note {
                    left.append((placed, "the import is inside #if; whether its dependency should be conditional is yours to decide"))
                }
                continue
            }
            let target = placed.finding.target
            let path = workspace.manifestPath(of: target.package)
            guard let bytes = editors[path]?.bytes ?? workspace.manifests[path] else {
                left.append((placed, "\(path) could not be read"))
                continue
            }
            if case .addDependency(let spelling, _) = fix, let package = Self.productPackage(spelling),
               !(workspace.graph.package(target.package)?.dependencies.contains(package) ?? false) {
                left.append((placed, "the package does not depend on package '\(package)'; add it to the package's dependencies first"))
                continue
            }
            let key = "\(path)|\(target.name)|\(fix)"
            if let previous = done[key] {
                switch previous {
                case .success: fixed.append(placed)
                case .failure(let refusal): left.append((placed, refusal.reason))
                }
                continue
            }
            var editor = editors[path] ?? ManifestEditor(bytes: bytes)
            do {
                switch fix {
                case .addDependency(let spelling, _): try editor.add(spelling, to: target.name)
                case .removeDependency(let name): try editor.remove(name, from: target.name)
                }
                editors[path] = editor
                done[key] = .success(())
                fixed.append(placed)
            } catch {
                done[key] = .failure(error)
                left.append((placed, error.reason))
            }
        }
        for (path, editor) in editors {
            if let before = workspace.manifests[path], before != editor.bytes { edits[path] = (before, editor.bytes) }
        }
    }

    /// `package` of a `.product(name: …, package: "p")` spelling.
    static func productPackage(_ spelling: String) -> String? {
        guard spelling.hasPrefix(".product("), let range = spelling.range(of: "package: \"") else { return nil }
        let rest = spelling[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
