import Diagnostics
import Engine
import FileAccess
import Foundation
import PackageLoading
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

    /// Fixes what `run` found and returns the check of the workspace as fixed. The diff goes
    /// to `diffOutput` (standard error when the report on standard output is for machines).
    /// `evaluation` asks the toolchain what each fixed manifest evaluates to; nil (a recorded
    /// toolchain in tests) leaves the token-level check alone.
    static func fix(_ run: CheckRun, dryRun: Bool, diffOutput: any OutputStream, evaluation: ManifestEvaluation?,
                    context: CommandContext) throws -> CheckRun {
        let outcome = FixOutcome(run, evaluation: evaluation)
        for note in outcome.notes { context.standardError.writeLine(note) }
        for edit in outcome.edits {
            diffOutput.write(UnifiedDiff.render(path: edit.path, before: edit.before, after: edit.after))
        }
        if !dryRun {
            // Through descriptors below the root, under its write lock, each file still holding
            // the bytes the plan was made from; all files or none (GuardedReplacement).
            let replacements = outcome.edits.map { edit in
                let absolute = FileSystem.absolutePath(edit.path, relativeTo: run.loaded.root)
                return PlannedReplacement(path: absolute, shownAs: FileSystem.relativePath(absolute, to: context.currentDirectory),
                                          before: edit.before, after: edit.after)
            }
            do {
                try context.fixReplacement(RepositoryBoundary(root: run.loaded.root).root)
                    .replace(replacements, notice: { context.standardError.writeLine("bulkhead: \($0)") })
            } catch {
                throw CommandError.fixNotWritten(reason: error.message(fileCount: replacements.count))
            }
        }
        let verb = dryRun ? "would fix" : "fixed"
        context.standardError.writeLine("bulkhead: \(verb) \(outcome.fixed.count) finding\(outcome.fixed.count == 1 ? "" : "s") in \(Self.filesPhrase(outcome.edits.map(\.path))); \(outcome.left.count) left")
        for (placed, reason) in outcome.left {
            context.standardError.writeLine(leftLine(placed, reason: reason))
        }
        if !dryRun && !outcome.fixed.isEmpty && run.workspace.baseline != nil {
            context.standardError.writeLine("bulkhead: fixed findings the baseline accepted are now stale: run `bulkhead baseline --prune`")
        }
        return outcome.fixedRun
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
}
