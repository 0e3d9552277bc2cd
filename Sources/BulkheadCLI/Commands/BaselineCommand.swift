import Engine
import FileAccess
import PackageLoading
import Reporting
import Rules

/// `bulkhead baseline`: accept today's violations, so that only new ones fail.
enum BaselineCommand: Command {
    static let name = "baseline"
    static let summary = "Write the baseline of today's violations, so that only new ones fail."
    static let usage = "baseline [--package-path PATH] [--config FILE] [--preset NAME] [--platform NAME …] [--configuration NAME] [--baseline FILE] [--prune]"
    static let discussion = """
    Runs the same checks as `bulkhead check` and writes every finding into
    bulkhead-baseline.json (or --baseline FILE), sorted, atomically. Findings about the manifest
    are remembered by rule, target and dependency; findings in sources by rule, file and the text
    of the line, with a count — never by line number, so edits above them do not matter.
    Suppressed findings are not written. Review the file's diff like code: an added line is a
    new accepted violation.

    --prune only shrinks the existing baseline: entries whose violations were fixed are removed
    and counts that went down are lowered; nothing is added, so a violation that appeared since
    keeps failing `bulkhead check`. Use it after a fix instead of rewriting the file.
    """
    static let options: [OptionDefinition] = CheckOptions.definitions + [
        .value(.baseline, "FILE", help: "Where to write (default: bulkhead-baseline.json in the package)."),
        .flag(.prune, help: "Only remove the entries that were fixed, and lower counts; never add one."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let prune = arguments.isSet(.prune)
        let run = try CheckOptions.run(CheckOptions.request(arguments, context: context, readsBaseline: prune), arguments: arguments, context: context)
        if run.isIncomplete {
            context.standardError.write(XcodeReporter.render(run.scan.problems.filter { $0.code == SourceProblem.Code.unreadableFile.rawValue }))
            throw CommandError.unreadableSources(count: run.scan.unreadableCount, nothingWritten: "no baseline was written")
        }
        let findings = run.result.findings
        let shown = FileSystem.relativePath(run.baselinePath, to: context.currentDirectory)
        // A link planted in a repository must not make `baseline` replace a file elsewhere.
        if let leaving = RepositoryBoundary(root: run.loaded.root).linkLeaving(run.baselinePath) {
            throw CommandError.wouldOverwriteInput(what: "the baseline", file: shown, role: "a symbolic link to '\(leaving.landing)', outside the repository",
                                                   remedy: "remove the link, or name another file with --baseline")
        }
        if prune {
            guard let existing = run.workspace.baseline?.baseline else { throw CommandError.nothingToPrune(file: shown) }
            let pruned = existing.pruned(by: findings)
            try CheckOptions.inputs(of: run, includingBaseline: false, workingFolder: context.currentDirectory)
                .write(try pruned.baseline.encoded(), to: run.baselinePath, shown: shown, what: "the baseline", remedy: "name another file with --baseline")
            let entries = pruned.removedEntries
            context.standardOutput.writeLine("pruned \(shown): removed \(entries) entr\(entries == 1 ? "y" : "ies") (\(pruned.removedOccurrences) fixed finding\(pruned.removedOccurrences == 1 ? "" : "s")); \(pruned.baseline.entries.count) left, nothing added")
            return .clean
        }
        let baseline = Baseline(findings: findings)
        try CheckOptions.inputs(of: run, includingBaseline: false, workingFolder: context.currentDirectory)
            .write(try baseline.encoded(), to: run.baselinePath, shown: shown, what: "the baseline", remedy: "name another file with --baseline")
        let counted = findings.filter { $0.finding.severity != .note }.count
        let notes = findings.count - counted
        context.standardOutput.writeLine("wrote \(shown): \(baseline.entries.count) entr\(baseline.entries.count == 1 ? "y" : "ies") for \(counted) finding\(counted == 1 ? "" : "s")"
            + (notes == 0 ? "" : " (\(notes) note\(notes == 1 ? "" : "s") left out: a baseline holds no notes)"))
        return .clean
    }
}
