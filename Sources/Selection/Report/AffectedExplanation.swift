import Diagnostics
import ModuleGraph

/// `affected --explain`: why every test runs, or what was ignored and, for each selected test,
/// the change and the dependency path that selected it.
package enum AffectedExplanation {
    /// Lines ending in a newline, or nothing when there is nothing to say. Names and paths are
    /// shown with control characters escaped (`VisibleText`), so each line is one line.
    package static func text(_ selection: AffectedSelection, analysis: ChangeAnalysis, graph: ModuleGraph) -> String {
        let name = { (target: TargetID) in VisibleText.escaped(graph.displayName(target)) }
        var lines: [String] = []
        if selection.runsEverything {
            lines.append("Every test runs:")
            let summary = EverythingSummary(analysis)
            // A selection made without an analysis's files (tests) still says its reasons.
            lines += (summary.isEmpty ? selection.everythingReasons.map { "  " + $0 } : summary.explanation).map(VisibleText.escaped)
        } else if selection.selected.isEmpty {
            lines.append("No test is affected.")
        }
        for ignored in analysis.ignored { lines.append("ignored: \(VisibleText.escaped(ignored))") }
        for note in analysis.notes { lines.append("note: \(VisibleText.escaped(note))") }
        if !selection.runsEverything {
            for selected in selection.selected.sorted(by: { graph.displayName($0.test) < graph.displayName($1.test) }) {
                guard let seed = selected.seed else { continue }
                let chain = selected.path.map(name).joined(separator: " → ")
                lines.append("\(name(selected.test)): \(VisibleText.escaped(seed.file)) (\(VisibleText.escaped(seed.reason))) — \(chain)")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
