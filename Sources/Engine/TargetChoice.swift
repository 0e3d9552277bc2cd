import Caches
import Configuration
import PackageLoading
import ModuleGraph
import Rules

/// `check --target NAME` (repeatable) and `check --exclude-tests`: the findings of some targets,
/// the same as a whole run reports for them, reading only the sources that judging them needs.
package struct TargetChoice: Sendable {
    package var names: [String]
    package var excludesTests: Bool
    /// Whether only the sources judging the chosen targets needs are read. `--fix` reads them all:
    /// a fix of a chosen target is checked against every dependant, which may reach a module
    /// through the dependency the fix removes.
    package var readsOnlyWhatIsNeeded: Bool

    /// Nil for a whole run (no name, tests kept).
    package init?(names: [String], excludesTests: Bool, readsOnlyWhatIsNeeded: Bool = true) {
        if names.isEmpty && !excludesTests { return nil }
        self.names = names
        self.excludesTests = excludesTests
        self.readsOnlyWhatIsNeeded = readsOnlyWhatIsNeeded
    }

    /// The targets reported: those named (every one when none is), less test targets with
    /// `--exclude-tests`. A name that is no target is a usage error.
    package func chosen(in graph: ModuleGraph) throws(RunError) -> Set<TargetID> {
        var chosen: Set<TargetID> = []
        for name in names { chosen.insert(try TargetLookup.find(name, in: graph).id) }
        if names.isEmpty { chosen = Set(graph.targets.map(\.id)) }
        if excludesTests { chosen = chosen.filter { graph.target($0)?.isTest == false } }
        return chosen
    }

    /// The sources of `chosen` and of what judging them needs (`CheckNarrowing.needed`), read in
    /// rounds until nothing new is needed. Problems with files are those of the chosen targets'
    /// files; the file count is theirs. A layer table with `dependency-cycle` on needs every
    /// target in a layer: a layer cycle is a property of the whole table.
    static func scan(_ loaded: LoadedGraph, chosen: Set<TargetID>, configuration: Configuration, cache: FileImportCache?) -> SourceScan {
        var scan = SourceScan.scan(loaded, cache: cache, inspection: configuration.sourceInspection, only: chosen)
        let problems = scan.problems
        let fileCount = scan.fileCount
        var read = chosen
        let cycles = RuleCatalog.all.first { $0.id == "dependency-cycle" }
        if configuration.layers.count > 1, let cycles, configuration.severity(of: cycles) != nil {
            let assignment = LayerAssignment(graph: loaded.graph, layers: configuration.layers)
            let layered = Set(loaded.graph.targets.map(\.id).filter { assignment.layer(of: $0) != nil })
            read.formUnion(layered)
            merge(SourceScan.scan(loaded, cache: cache, inspection: configuration.sourceInspection, only: layered.subtracting(chosen)), into: &scan)
        }
        while true {
            let more = CheckNarrowing.needed(chosen.union(read), graph: loaded.graph, sources: scan.sources).subtracting(read)
            if more.isEmpty { break }
            read.formUnion(more)
            merge(SourceScan.scan(loaded, cache: cache, inspection: configuration.sourceInspection, only: more), into: &scan)
        }
        scan.problems = problems
        scan.fileCount = fileCount
        return scan
    }

    private static func merge(_ other: SourceScan, into scan: inout SourceScan) {
        scan.sources.merge(other.sources) { first, _ in first }
        scan.unreadableCount += other.unreadableCount
        scan.filesRead += other.filesRead
        scan.filesSkipped += other.filesSkipped
    }
}
