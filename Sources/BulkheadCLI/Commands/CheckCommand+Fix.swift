import Foundation
import Inputs
import Reporting
import Rules

/// `check --fix`: applies the mechanical fixes (declare an imported module, remove an unused
/// dependency) to the literal `dependencies:` lists of `Package.swift` and to the package products
/// of Xcode project targets (`ProjectFileEditor`), prints the unified diff,
/// and says which findings it left and why. With `--dry-run` it only prints.
extension CheckCommand {
    static let fixOptions: [OptionDefinition] = [
        .flag("fix", help: "Apply the mechanical fixes to Package.swift and Xcode projects (add missing dependencies, remove unused ones) and print the diff."),
        .flag("dry-run", help: "With --fix: print the diff, change nothing."),
    ]

    static func fix(_ result: CheckResult, loading: WorkspaceLoading, dryRun: Bool, context: CommandContext) throws -> ExitStatus {
        let plan = FixPlan(workspace: loading.workspace, findings: result.findings)
        for (path, edit) in plan.edits.sorted(by: { $0.key < $1.key }) {
            context.standardOutput.write(UnifiedDiff.render(
                path: path, before: String(decoding: edit.before, as: UTF8.self), after: String(decoding: edit.after, as: UTF8.self)))
        }
        if !dryRun {
            for (path, edit) in plan.edits.sorted(by: { $0.key < $1.key }) {
                let absolute = FileSystem.absolutePath(path, relativeTo: loading.loaded.root)
                do {
                    try FileSystem.write(Data(edit.after), to: absolute)
                } catch {
                    throw CommandError.notWritten(what: "the fixed manifest", file: FileSystem.relativePath(absolute, to: context.currentDirectory), reason: error.message)
                }
            }
        }
        let verb = dryRun ? "would fix" : "fixed"
        let files = plan.edits.count
        context.standardError.writeLine("bulkhead: \(verb) \(plan.fixed.count) finding\(plan.fixed.count == 1 ? "" : "s") in \(files) manifest\(files == 1 ? "" : "s"); \(plan.left.count) left")
        for (placed, reason) in plan.left.sorted(by: { $0.finding.diagnostic < $1.finding.diagnostic }) {
            let location = placed.location.line.map { "\(placed.location.path):\($0)" } ?? placed.location.path
            context.standardError.writeLine("  left \(location): \(placed.finding.message) [\(placed.finding.ruleID)]: \(reason)")
        }
        if !dryRun && !plan.fixed.isEmpty && loading.workspace.baseline != nil {
            context.standardError.writeLine("bulkhead: fixed findings the baseline accepted are now stale: run `bulkhead baseline --prune`")
        }
        return plan.left.isEmpty ? .clean : .violations
    }
}
