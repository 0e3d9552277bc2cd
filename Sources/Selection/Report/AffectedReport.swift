import Formats
import ModuleGraph

/// `affected --format json`: versioned, with every selected test's reasons.
package struct AffectedReport: Encodable, Sendable, Equatable {
    package struct Selected: Encodable, Sendable, Equatable {
        package var target: String
        package var file: String?
        package var reason: String?
        /// From the test to the changed target.
        package var path: [String]
    }

    /// The report could not be encoded; never written as empty output.
    package struct EncodingFailure: Error, Sendable, Equatable {
        package var reason: String

        package var message: String { "could not encode the affected report as JSON: \(reason)" }
    }

    package var version = 1
    package var tool = "bulkhead"
    package var command = "affected"
    /// The `--base` as given, not the merge base.
    package var base: String?
    package var runEverything: Bool
    package var everythingReasons: [String]
    package var changedFiles: [String]
    package var ignoredFiles: [String]
    /// What many tests' reasons share, said once (the indirect pins that moved).
    package var notes: [String]
    package var affectedTargets: [String]
    package var tests: [Selected]

    package init(selection: AffectedSelection, analysis: ChangeAnalysis, graph: ModuleGraph, base: String?) {
        self.base = base
        runEverything = selection.runsEverything
        everythingReasons = selection.everythingReasons
        changedFiles = analysis.changedFiles.flatMap(\.paths).sorted()
        ignoredFiles = analysis.ignored.sorted()
        notes = analysis.notes
        affectedTargets = selection.affectedTargets.map(graph.displayName).sorted()
        tests = selection.selected.map { selected in
            Selected(target: graph.displayName(selected.test), file: selected.seed?.file, reason: selected.seed?.reason,
                     path: selected.path.map(graph.displayName))
        }.sorted { $0.target < $1.target }
    }

    /// Pretty-printed with sorted keys, ending in a newline, by `SortedJSONEncoder`: the same
    /// bytes on every platform and Foundation version, for scripts that compare runs.
    package func json() throws(EncodingFailure) -> String {
        do {
            return try SortedJSONEncoder.encode(self, endingLine: true)
        } catch {
            throw EncodingFailure(reason: error.description)
        }
    }
}
