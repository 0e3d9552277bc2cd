import Inputs
import Reporting
import Rules

/// `bulkhead baseline`: accept today's violations, so that only new ones fail.
enum BaselineCommand: Command {
    static let name = "baseline"
    static let summary = "Write the baseline of today's violations, so that only new ones fail."
    static let usage = "baseline [--package-path PATH] [--config FILE] [--preset NAME] [--platform NAME …] [--configuration NAME] [--baseline FILE]"
    static let discussion = """
    Runs the same checks as `bulkhead check` and writes every finding into
    bulkhead-baseline.json (or --baseline FILE), sorted, atomically. Findings about the manifest
    are remembered by rule, target and dependency; findings in sources by rule, file and the text
    of the line, with a count — never by line number, so edits above them do not matter.
    Suppressed findings are not written. Review the file's diff like code: an added line is a
    new accepted violation.
    """
    static let options: [OptionDefinition] = WorkspaceLoading.options + [
        .value("baseline", "FILE", help: "Where to write (default: bulkhead-baseline.json in the package)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let loading = try WorkspaceLoading.load(arguments, context: context, readsBaseline: false)
        if loading.scan.unreadableCount > 0 {
            context.standardError.write(XcodeReporter.render(loading.scan.problems.filter { $0.code == SourceProblem.unreadableCode }))
            throw CommandError.unreadableSources(count: loading.scan.unreadableCount, nothingWritten: "no baseline was written")
        }
        let findings = Check.run(loading.workspace).findings
        let baseline = Baseline(findings: findings)
        let shown = FileSystem.relativePath(loading.baselinePath, to: context.currentDirectory)
        try loading.inputs(includingBaseline: false, workingFolder: context.currentDirectory)
            .write(try baseline.encoded(), to: loading.baselinePath, shown: shown, what: "the baseline", remedy: "name another file with --baseline")
        context.standardOutput.writeLine("wrote \(shown): \(baseline.entries.count) entr\(baseline.entries.count == 1 ? "y" : "ies") for \(findings.count) finding\(findings.count == 1 ? "" : "s")")
        return .clean
    }
}
