import Diagnostics
import FileAccess
import PackageLoading
import ModuleGraph
import Rules

/// What `check --fix` would do to a run, decided before anything is written: the edits, the
/// findings they fix, those left with why, and the run of the workspace as fixed, which the
/// command reports and takes its exit status from.
package struct FixOutcome {
    /// The new bytes of each declaration file (relative to the root), sorted by path.
    package var edits: [(path: String, before: [UInt8], after: [UInt8])]
    package var fixed: [PlacedFinding]
    /// The findings with a fix not made, and why, sorted.
    package var left: [(finding: PlacedFinding, reason: String)]
    /// Lines for standard error the checks of the plan gave (a manifest read rather than evaluated).
    package var notes: [String]
    /// The check of the workspace with the edits made.
    package var fixedRun: CheckRun

    /// Plans the fixes of `run`'s findings. A file outside the repository is never edited: its
    /// findings are left, saying which reference leads there. The plan is checked as the build
    /// would see it (`FixVerification`); `evaluation` asks the toolchain what each fixed manifest
    /// evaluates to, nil (a recorded toolchain) leaves that check out.
    package init(_ run: CheckRun, evaluation: ManifestEvaluation?) {
        let workspace = run.workspace
        let boundary = RepositoryBoundary(root: run.loaded.root)
        var outside: [(finding: PlacedFinding, reason: String)] = []
        var planned: [PlacedFinding] = []
        // One resolution of links per file, however many of its findings have a fix.
        var inside: [String: Bool] = [:]
        for placed in run.result.findings {
            let path = workspace.manifestPath(of: placed.finding.target.package)
            if placed.finding.fix != nil {
                let isInside = inside[path] ?? boundary.contains(FileSystem.absolutePath(path, relativeTo: run.loaded.root))
                inside[path] = isInside
                if !isInside {
                    outside.append((placed, Self.outsideReason(path, package: placed.finding.target.package, graph: workspace.graph)))
                    continue
                }
            }
            planned.append(placed)
        }
        var notes: [String] = []
        let plan = FixVerification.verifiedPlan(for: planned, workspace: workspace, before: run.result, evaluation: evaluation, notes: &notes)
        self.notes = notes
        edits = plan.edits.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value.before, $0.value.after) }
        fixed = plan.fixed
        left = (plan.left + outside).sorted(by: { $0.finding.diagnostic < $1.finding.diagnostic })
        // What is left is what `check` finds in the fixed files: the graph with the fixed
        // declarations changed as the edits change them, the manifests' new bytes for the lines
        // findings point at, suppressions and the baseline applied as they always are.
        var fixedWorkspace = workspace
        for (path, edit) in plan.edits { fixedWorkspace.manifests[path] = edit.after }
        fixedWorkspace.graph = Self.fixedGraph(workspace.graph, fixed: plan.fixed)
        fixedRun = run.rechecked(fixedWorkspace)
    }

    /// `graph` with the dependency edges of `fixed` findings added or removed, as the edited
    /// declarations read.
    package static func fixedGraph(_ graph: ModuleGraph, fixed: [PlacedFinding]) -> ModuleGraph {
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
    package static func outsideReason(_ path: String, package identity: String, graph: ModuleGraph) -> String {
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
