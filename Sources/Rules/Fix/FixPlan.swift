import DeclarationFiles
import Diagnostics
import ModuleGraph

/// The mechanical fixes of a check, applied to the bytes of the files that declare the units:
/// dependencies to add for undeclared and unreachable imports, dependencies to remove for unused
/// ones. Pure: the command shows the diff and writes the files. Each file makes its own edits
/// (`DeclarationFile.apply`), so this plan never asks which kind of file it holds.
package struct FixPlan: Sendable {
    /// Declaration file path (relative to the root) → its bytes before and after.
    package var edits: [String: (before: [UInt8], after: [UInt8])] = [:]
    package var fixed: [PlacedFinding] = []
    /// Findings with a fix that was not applied, and why.
    package var left: [(finding: PlacedFinding, reason: String)] = []

    package init(workspace: Workspace, findings: [PlacedFinding]) {
        var files: [String: any DeclarationFile] = [:]
        // One change per target and dependency, however many imports ask for it.
        var done: [String: String?] = [:]  // nil: fixed; else why not
        let ordered = findings.sorted { $0.diagnostic < $1.diagnostic }
        for placed in ordered {
            guard let fix = placed.finding.fix else {
                // Each in the words of the rule that withheld it: the reasons are many.
                if let reason = placed.finding.fixWithheld, placed.finding.severity != .note { left.append((placed, reason)) }
                continue
            }
            let target = placed.finding.target
            let path = workspace.manifestPath(of: target.package)
            guard workspace.manifests[path] != nil else {
                left.append((placed, "\(path) could not be read"))
                continue
            }
            guard var file = files[path] ?? workspace.declarationFile(of: target.package) else {
                left.append((placed, "\(path) is not a kind of file Bulkhead edits"))
                continue
            }
            let change = Self.change(for: fix, in: target.package, workspace: workspace)
            let key = "\(path)|\(target.name)|\(fix)"
            if let previous = done[key] {
                if let reason = previous { left.append((placed, reason)) } else { fixed.append(placed) }
                continue
            }
            do {
                try file.apply(change, to: target.name)
                files[path] = file
                done[key] = .some(nil)
                fixed.append(placed)
            } catch {
                done[key] = .some(error.reason)
                left.append((placed, error.reason))
            }
        }
        for (path, file) in files {
            if let before = workspace.manifests[path], before != file.bytes { edits[path] = (before, file.bytes) }
        }
    }

    /// `fix` in the graph's terms: for a product of another package, which package it is and
    /// whether the unit declares it, so each kind of file can refuse in its own words.
    private static func change(for fix: ManifestFix, in unit: String, workspace: Workspace) -> DependencyChange {
        switch fix {
        case .addDependency(let spelling, let name, _):
            let product = fix.productPackage.map { package in
                let node = workspace.graph.package(package)
                return ProductSource(
                    package: package,
                    isDeclaredByUnit: workspace.graph.package(unit)?.dependencies.contains(package) ?? false,
                    folder: node?.localPath,
                    products: Set(node?.products.map(\.name) ?? []))
            }
            return .add(name: name, manifestSpelling: spelling, product: product)
        case .removeDependency(let name):
            return .remove(name: name)
        case .removeDuplicateDependency(let name):
            return .removeDuplicate(name: name)
        }
    }
}
