import Diagnostics
import FileAccess
import Foundation
import Inputs
import ModuleGraph
import Reporting
import Rules

/// `check --fix`: applies the mechanical fixes (declare an imported module, remove an unused
/// dependency) to the literal `dependencies:` lists of the manifest the toolchain reads and to
/// the package products of Xcode project targets (`ProjectFileEditor`), prints the unified diff,
/// says which findings it left and why, and hands back the check of the fixed workspace, which
/// `check` then reports and takes its exit status from. With `--dry-run` it only prints, and
/// the check is of what the fix would leave.
extension CheckCommand {
    static let fixOptions: [OptionDefinition] = [
        .flag(.fix, help: "Apply the mechanical fixes to Package.swift and Xcode projects (add missing dependencies, remove unused and redundant ones), print the diff, and report what is left."),
        .flag(.dryRun, help: "With --fix: print the diff and what would be left, change nothing."),
    ]

    /// Fixes what `result` found and returns the check of the workspace as fixed. The diff goes
    /// to `diffOutput` (standard error when the report on standard output is for machines).
    /// `evaluation` asks the toolchain what each fixed manifest evaluates to; nil (a recorded
    /// toolchain in tests) leaves the token-level check alone.
    static func fix(_ result: CheckResult, loading: inout WorkspaceLoading, dryRun: Bool, diffOutput: any OutputStream,
                    evaluation: ManifestEvaluation?, context: CommandContext) throws -> CheckResult {
        let workspace = loading.workspace
        let boundary = RepositoryBoundary(root: loading.loaded.root)
        // A file outside the repository is never edited: its findings are left, saying which
        // reference leads there, before the plan is made.
        var outside: [(finding: PlacedFinding, reason: String)] = []
        var planned: [PlacedFinding] = []
        // One resolution of links per file, however many of its findings have a fix.
        var inside: [String: Bool] = [:]
        for placed in result.findings {
            let path = workspace.manifestPath(of: placed.finding.target.package)
            if placed.finding.fix != nil {
                let isInside = inside[path] ?? boundary.contains(FileSystem.absolutePath(path, relativeTo: loading.loaded.root))
                inside[path] = isInside
                if !isInside {
                    outside.append((placed, outsideReason(path, package: placed.finding.target.package, graph: workspace.graph)))
                    continue
                }
            }
            planned.append(placed)
        }
        let plan = FixVerification.verifiedPlan(
            for: planned, workspace: workspace, before: result, evaluation: evaluation, notes: context.standardError)
        let edits = plan.edits.sorted(by: { $0.key < $1.key })
        for (path, edit) in edits {
            diffOutput.write(UnifiedDiff.render(path: path, before: edit.before, after: edit.after))
        }
        if !dryRun {
            // Through descriptors below the root, under its write lock, each file still holding
            // the bytes the plan was made from; all files or none (GuardedReplacement).
            let replacements = edits.map { path, edit in
                let absolute = FileSystem.absolutePath(path, relativeTo: loading.loaded.root)
                return PlannedReplacement(path: absolute, shownAs: FileSystem.relativePath(absolute, to: context.currentDirectory),
                                          before: edit.before, after: edit.after)
            }
            do {
                try context.fixReplacement(boundary.root).replace(replacements, notice: { context.standardError.writeLine("bulkhead: \($0)") })
            } catch {
                throw CommandError.fixNotWritten(reason: error.message(fileCount: replacements.count))
            }
        }
        let left = plan.left + outside
        let verb = dryRun ? "would fix" : "fixed"
        context.standardError.writeLine("bulkhead: \(verb) \(plan.fixed.count) finding\(plan.fixed.count == 1 ? "" : "s") in \(Self.filesPhrase(plan.edits.keys)); \(left.count) left")
        for (placed, reason) in left.sorted(by: { $0.finding.diagnostic < $1.finding.diagnostic }) {
            context.standardError.writeLine(leftLine(placed, reason: reason))
        }
        if !dryRun && !plan.fixed.isEmpty && workspace.baseline != nil {
            context.standardError.writeLine("bulkhead: fixed findings the baseline accepted are now stale: run `bulkhead baseline --prune`")
        }
        // What is left is what `check` finds in the fixed files: the graph with the fixed
        // declarations changed as the edits change them, the manifests' new bytes for the lines
        // findings point at, suppressions and the baseline applied as they always are.
        for (path, edit) in edits { loading.workspace.manifests[path] = edit.after }
        loading.workspace.graph = fixedGraph(workspace.graph, fixed: plan.fixed)
        return Check.run(loading.workspace)
    }

    /// A finding the fix left, on one line: its file, target and dependency names and the
    /// reason come from the repository, so their control characters are escaped (`VisibleText`).
    static func leftLine(_ placed: PlacedFinding, reason: String) -> String {
        let location = placed.location.line.map { "\(placed.location.path):\($0)" } ?? placed.location.path
        return VisibleText.escaped("  left \(location): \(placed.finding.message) [\(placed.finding.ruleID)]: \(reason)")
    }

    /// The files a fix edits, by kind: "2 manifests", "1 manifest and 1 project" — a project file
    /// is no manifest.
    static func filesPhrase(_ paths: some Collection<String>) -> String {
        let projects = paths.count { $0.hasSuffix(".pbxproj") }
        let manifests = paths.count - projects
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return projects == 0 ? counted(manifests, "manifest")
            : manifests == 0 ? counted(projects, "project") : counted(manifests, "manifest") + " and " + counted(projects, "project")
    }

    /// `graph` with the dependency edges of `fixed` findings added or removed, as the edited
    /// declarations read.
    static func fixedGraph(_ graph: ModuleGraph, fixed: [PlacedFinding]) -> ModuleGraph {
        guard !fixed.isEmpty else { return graph }
        var targets = graph.targets
        let indexByID = Dictionary(targets.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for placed in fixed {
            guard let fix = placed.finding.fix, let index = indexByID[placed.finding.target] else { continue }
            let target = placed.finding.target
            switch fix {
            case .addDependency(_, let name, _):
                let destination: DependencyEdge.Destination = fix.productPackage.map { .product(name: name, package: $0) }
                    ?? .target(TargetID(package: target.package, name: name))
                if !targets[index].dependencies.contains(where: { $0.destination == destination }) {
                    targets[index].dependencies.append(DependencyEdge(destination))
                }
            case .removeDependency(let name):
                targets[index].dependencies.removeAll { edge in
                    switch edge.destination {
                    case .target(let id): id.name == name
                    case .product(let product, _): product == name
                    }
                }
            case .removeDuplicateDependency(let name):
                // All of them but the last, as the manifest's edit keeps the last element naming it.
                let naming = targets[index].dependencies.indices.filter { position in
                    switch targets[index].dependencies[position].destination {
                    case .target(let id): id.name == name
                    case .product(let product, _): product == name
                    }
                }
                for position in naming.dropLast().reversed() { targets[index].dependencies.remove(at: position) }
            }
        }
        return ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts)
    }

    /// Why the declaration file at `path` (relative to the root, outside it) is not edited,
    /// naming the reference that leads there.
    static func outsideReason(_ path: String, package identity: String, graph: ModuleGraph) -> String {
        let referrers = graph.packages.filter { $0.isLocal && $0.dependencies.contains(identity) }
        let reference: String
        if path.hasPrefix("../") || path.hasPrefix("/") {
            if let project = referrers.first(where: { $0.projectPath != nil })?.projectPath {
                reference = "reached through the local package reference of \(project)"
            } else if let package = referrers.first {
                reference = "reached through .package(path:) in the manifest of package '\(package.name)'"
            } else if graph.package(identity)?.projectPath != nil {
                reference = "reached through the workspace's reference to it"
            } else {
                reference = "reached through its path"
            }
        } else {
            reference = "reached through a symbolic link"
        }
        return "\(path) is outside the repository (\(reference)); Bulkhead edits only files inside it"
    }
}
