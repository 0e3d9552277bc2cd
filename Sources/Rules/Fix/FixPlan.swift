import DeclarationFiles
import Diagnostics
import Formats
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
        var projectEditors: [String: ProjectFileEditor] = [:]
        // One change per target and dependency, however many imports ask for it.
        var done: [String: String?] = [:]  // nil: fixed; else why not
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
            guard let bytes = editors[path]?.bytes ?? projectEditors[path]?.bytes ?? workspace.manifests[path] else {
                left.append((placed, "\(path) could not be read"))
                continue
            }
            if case .addDependency(let spelling, _) = fix, let package = Self.productPackage(spelling),
               !(workspace.graph.package(target.package)?.dependencies.contains(package) ?? false) {
                left.append((placed, path.hasSuffix(".pbxproj")
                    ? "the project does not reference package '\(package)'; add it in Xcode first"
                    : "the package does not depend on package '\(package)'; add it to the package's dependencies first"))
                continue
            }
            let key = "\(path)|\(target.name)|\(fix)"
            if let previous = done[key] {
                if let reason = previous { left.append((placed, reason)) } else { fixed.append(placed) }
                continue
            }
            if path.hasSuffix(".pbxproj") {
                var editor = projectEditors[path] ?? ProjectFileEditor(bytes: bytes)
                do {
                    try Self.apply(fix, to: &editor, target: target.name, projectPackage: target.package, workspace: workspace)
                    projectEditors[path] = editor
                    done[key] = .some(nil)
                    fixed.append(placed)
                } catch {
                    done[key] = .some(error.reason)
                    left.append((placed, error.reason))
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
                done[key] = .some(nil)
                fixed.append(placed)
            } catch {
                done[key] = .some(error.reason)
                left.append((placed, error.reason))
            }
        }
        for (path, editor) in editors {
            if let before = workspace.manifests[path], before != editor.bytes { edits[path] = (before, editor.bytes) }
        }
        for (path, editor) in projectEditors {
            if let before = workspace.manifests[path], before != editor.bytes { edits[path] = (before, editor.bytes) }
        }
    }

    /// A fix of an Xcode project's target: only products of local packages the project
    /// references are linked or unlinked; a target of the same project is Xcode's to add.
    private static func apply(_ fix: ManifestFix, to editor: inout ProjectFileEditor, target: String, projectPackage: String,
                              workspace: Workspace) throws(ProjectFileEditor.Refusal) {
        switch fix {
        case .addDependency(let spelling, let name):
            guard let package = productPackage(spelling), let packageFolder = workspace.graph.package(package)?.localPath,
                  let projectFolder = workspace.graph.package(projectPackage)?.localPath else {
                throw .shape("linking '\(name)' needs a local package's product")
            }
            // Both relative to the root; the reference spells the package's folder from the project's.
            let relative = PathArithmetic.relative(PathArithmetic.absolute(packageFolder, relativeTo: "/root"),
                                                   to: PathArithmetic.absolute(projectFolder, relativeTo: "/root"))
            let siblings = Set(workspace.graph.package(package)?.products.map(\.name) ?? [])
            try editor.addProduct(name, packagePath: relative, packageProducts: siblings, to: target)
        case .removeDependency(let name):
            try editor.removeProduct(name, from: target)
        }
    }

    /// `package` of a `.product(name: …, package: "p")` spelling.
    static func productPackage(_ spelling: String) -> String? {
        guard spelling.hasPrefix(".product("), let range = spelling.range(of: "package: \"") else { return nil }
        let rest = spelling[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
