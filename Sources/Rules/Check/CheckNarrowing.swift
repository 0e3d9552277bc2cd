import Diagnostics
import ImportScanning
import ModuleGraph

/// `check --target NAME` and `--exclude-tests`: a run that speaks for some targets only. The
/// rules still run over every target whose sources were read (what the chosen ones need to be
/// judged); what is reported, suppressed and compared with the baseline is the chosen targets'
/// alone, so a baseline entry of another target is not called stale.
package struct CheckNarrowing: Sendable {
    package var targets: Set<TargetID>
    /// The chosen targets' names as findings and baseline entries show them.
    var names: Set<String>
    /// The chosen targets' source files, relative to the root.
    var files: Set<String>

    package init(targets: Set<TargetID>, workspace: Workspace) {
        self.targets = targets
        names = Set(targets.map(workspace.graph.displayName))
        files = Set(targets.flatMap { workspace.sources[$0] ?? [] }.map(\.path))
    }

    package func reports(_ target: TargetID) -> Bool { targets.contains(target) }

    /// The baseline entries of the chosen targets: a source entry by its file, a manifest entry
    /// by its target.
    func baseline(_ baseline: Baseline) -> Baseline {
        Baseline(entries: baseline.entries.filter { entry in
            if let file = entry.file { return files.contains(file) }
            return entry.target.map(names.contains) ?? false
        })
    }

    /// What a check reports when narrowed: the chosen targets' findings, what suppressions
    /// accepted of them, and the problems with suppressions in their files.
    func narrowed(placed: [PlacedFinding], outcome: Suppressions.Outcome) -> Suppressions.Outcome {
        var narrowed = outcome
        narrowed.kept = outcome.kept.filter { reports($0.finding.target) }
        narrowed.suppressedCount = placed.filter { reports($0.finding.target) }.count - narrowed.kept.count
        narrowed.problems = outcome.problems.filter { $0.location.map { files.contains($0.path) } ?? false }
        return narrowed
    }

    /// The targets whose sources judging `chosen` needs, given the sources read so far: the
    /// chosen, what they declare (through products too) and their test hosts, and what any of
    /// those imports, again and again. A caller reads the sources of what is new and asks again
    /// until nothing is; each round only grows the set, so it ends.
    package static func needed(_ chosen: Set<TargetID>, graph: ModuleGraph, sources: [TargetID: [SourceFile]]) -> Set<TargetID> {
        var needed = chosen
        var pending = Array(chosen)
        while let id = pending.popLast() {
            guard let target = graph.target(id) else { continue }
            var next: [TargetID] = []
            for dependency in graph.dependencies(of: id) {
                if case .target(let dependencyID) = dependency.node { next.append(dependencyID) }
            }
            if let host = target.testHost { next.append(TargetID(package: id.package, name: host)) }
            for file in sources[id] ?? [] {
                for declaration in file.imports { next += graph.targets(importedAs: declaration.module, from: id) }
            }
            for candidate in next where graph.target(candidate) != nil && needed.insert(candidate).inserted {
                pending.append(candidate)
            }
        }
        return needed
    }
}
