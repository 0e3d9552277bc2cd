import Diagnostics
import Foundation
import Inputs
import ModuleGraph
import Reporting
import Rules

/// `bulkhead check`: load the graph, scan the sources, run the rules, compare with the baseline,
/// report.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check the package against its architecture rules."
    static let usage = "check [--package-path PATH] [--config FILE] [--preset NAME] [--format FORMAT] [--output FILE] [--baseline FILE] [--strict]"
    static let discussion = """
    Reads the configuration (bulkhead.json in the package, --config FILE, or --preset NAME;
    without any, only the rules that need no layers run), loads the package graph through the
    toolchain, scans every Swift source, and reports each violation once: a manifest finding
    points at the target's line in Package.swift, a source finding at its import.

    A finding is accepted by `// bulkhead:ignore <rule-id> - <reason>` on its line or the line
    above, and by the baseline (bulkhead-baseline.json, written by `bulkhead baseline`). A
    baselined violation that no longer occurs fails until its entry is removed, so the baseline
    only shrinks. check never writes a baseline.

    Formats: text (grouped by target), xcode (`path:line:column: error: message [rule-id]`,
    paths relative to the working folder), json, sarif (2.1.0, for code scanning), github
    (workflow-command annotations), junit (one test case per rule and target).

    EXIT STATUS: 0 no errors (no warnings either, with --strict); 1 violations; 2 Bulkhead could
    not run (a bad configuration or baseline, a manifest that does not compile, an unreadable
    source); 64 usage error.
    """

    static let options: [OptionDefinition] = CheckPipeline.options + [
        .value("format", "FORMAT", help: "text (default), xcode, json, sarif, github or junit.", choices: ReportFormat.allCases.map(\.rawValue)),
        .value("output", "FILE", help: "Write the report to FILE (atomically) instead of standard output."),
        .value("baseline", "FILE", help: "The baseline to compare with (default: bulkhead-baseline.json in the package, if present)."),
        .flag("strict", help: "Fail on warnings too."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw .unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value("format").flatMap(ReportFormat.init(rawValue:)) ?? .text
        guard var pipeline = try CheckPipeline.run(arguments, context: context) else { return .failure }

        var findings = pipeline.findings
        var baselined = 0
        var staleDiagnostics: [Diagnostic] = []
        let baselineFile = pipeline.baselinePath(arguments, context: context)
        if FileSystem.fileExists(baselineFile) || arguments.value("baseline") != nil {
            let shown = FileSystem.relativePath(baselineFile, to: context.currentDirectory)
            let baseline: Baseline
            do {
                switch Baseline.decode(try FileSystem.contents(of: baselineFile)) {
                case .success(let decoded): baseline = decoded
                case .failure(let problem):
                    context.standardError.writeLine("error: \(shown) is not a baseline Bulkhead can use: \(problem.reason); fix it, or write a new one with `bulkhead baseline`")
                    return .failure
                }
            } catch {
                context.standardError.writeLine("error: \(error.message)")
                return .failure
            }
            let comparison = BaselineComparison.compare(findings, with: baseline)
            findings = comparison.new
            baselined = comparison.baselinedCount
            if let severity = pipeline.configuration.severity(of: BaselineComparison.staleDescription) {
                staleDiagnostics = comparison.stale.map { stale in
                    staleDiagnostic(stale.entry, missing: stale.missing, severity: severity, baselineFile: baselineFile, shown: shown, pipeline: &pipeline)
                }
            }
        }

        var diagnostics = findings.map(\.diagnostic) + pipeline.problems + staleDiagnostics
        diagnostics.sort()
        let summary = CheckSummary(targets: pipeline.checkedTargets.count, files: pipeline.scanned.fileCount,
                                   diagnostics: diagnostics, baselined: baselined, suppressed: pipeline.suppressedCount)
        let checkedTargets = pipeline.checkedTargets.map { pipeline.loaded.graph.displayName($0.id) }
        let enabledRules = RuleCatalog.all.filter { pipeline.configuration.severity(of: $0) != nil }.map(\.id)
        let report = Report(
            diagnostics: diagnostics, summary: summary, rules: ruleMetadata, enabledRules: enabledRules, checkedTargets: checkedTargets,
            strict: arguments.isSet("strict"),
            colored: arguments.value("output") == nil
                && context.usesColor(context.standardOutput, choice: ColorChoice(rawValue: arguments.value("color") ?? "auto") ?? .auto),
            toolVersion: BulkheadCLI.version,
            paths: ReportPaths(root: pipeline.loaded.root, workingFolder: context.currentDirectory, workspace: context.environment["GITHUB_WORKSPACE"]))
        let rendered: String
        do {
            rendered = try Reporters.standard.reporter(for: format).render(report)
        } catch {
            context.standardError.writeLine("error: \(error.message)")
            return .failure
        }
        if let output = arguments.value("output") {
            let path = FileSystem.absolutePath(output, relativeTo: context.currentDirectory)
            do {
                try FileSystem.writeAtomically(Data(rendered.utf8), to: path)
            } catch {
                context.standardError.writeLine("error: \(error.message)")
                return .failure
            }
            if !arguments.isSet("quiet") { context.standardError.writeLine("bulkhead: \(summary.sentence); report written to \(output)") }
        } else {
            context.standardOutput.write(rendered)
            if format.isForMachines && !arguments.isSet("quiet") { context.standardError.writeLine("bulkhead: \(summary.sentence)") }
        }
        if pipeline.scanned.unreadableCount > 0 { return .failure }
        let failing = diagnostics.contains { $0.severity == .error || (arguments.isSet("strict") && $0.severity == .warning) }
        return failing ? .violations : .clean
    }

    /// What each code a finding can carry means, for the reports that describe rules (SARIF's
    /// rule table): the catalog's rules plus the pseudo-rules of suppressions and unreadable
    /// files. The one place the CLI hands rule metadata to Reporting.
    static var ruleMetadata: [RuleMetadata] {
        RuleCatalog.configurable.map { rule in
            RuleMetadata(id: rule.id, summary: rule.summary, help: rule.rationale, defaultSeverity: rule.defaultSeverity)
        } + [
            RuleMetadata(id: Suppressions.unusedCode, summary: "A suppression comment suppresses nothing.", help: "Remove `// bulkhead:ignore` comments that no longer match a finding on their line or the next.", defaultSeverity: .warning),
            RuleMetadata(id: Suppressions.invalidCode, summary: "A suppression comment Bulkhead cannot read.", help: "Write `// bulkhead:ignore <rule-id> - <reason>`; the reason is required.", defaultSeverity: .error),
            RuleMetadata(id: "unreadable-file", summary: "A source file could not be read.", help: "Bulkhead could not open or read the file; check that it exists and is readable.", defaultSeverity: .error),
        ]
    }

    /// A baseline entry that no longer occurs, placed where a person would fix it.
    private static func staleDiagnostic(_ entry: Baseline.Entry, missing: Int, severity: Severity, baselineFile: String, shown: String,
                                        pipeline: inout CheckPipeline) -> Diagnostic {
        let total = entry.count ?? 1
        let location: SourceLocation
        if let file = entry.file {
            location = SourceLocation(path: file)
        } else {
            location = pipeline.places.location(ofTarget: entry.target ?? "", graph: pipeline.loaded.graph)
                ?? SourceLocation(path: FileSystem.relativePath(baselineFile, to: pipeline.loaded.root))
        }
        let message = missing < total
            ? "fixed \(missing) of \(total) — lower the count of this baseline entry to \(total - missing): \(entry.description)"
            : "fixed — remove from the baseline: \(entry.description)"
        return Diagnostic(
            severity: severity, code: BaselineComparison.staleDescription.id,
            message: message,
            location: location, target: entry.target,
            notes: ["the entry is in \(shown); `bulkhead baseline` rewrites the file without it"])
    }
}

/// `bulkhead baseline`: accept today's violations, so that only new ones fail.
enum BaselineCommand: Command {
    static let name = "baseline"
    static let summary = "Write the baseline of today's violations, so that only new ones fail."
    static let usage = "baseline [--package-path PATH] [--config FILE] [--preset NAME] [--baseline FILE]"
    static let discussion = """
    Runs the same checks as `bulkhead check` and writes every finding into
    bulkhead-baseline.json (or --baseline FILE), sorted, atomically. Findings about the manifest
    are remembered by rule, target and dependency; findings in sources by rule, file and the text
    of the line, with a count — never by line number, so edits above them do not matter.
    Suppressed findings are not written. Review the file's diff like code: an added line is a
    new accepted violation.
    """
    static let options: [OptionDefinition] = CheckPipeline.options + [
        .value("baseline", "FILE", help: "Where to write (default: bulkhead-baseline.json in the package)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw .unexpectedArgument(arguments.positionals[0], command: name) }
        guard let pipeline = try CheckPipeline.run(arguments, context: context) else { return .failure }
        if pipeline.scanned.unreadableCount > 0 {
            context.standardError.write(XcodeReporter.render(pipeline.problems.filter { $0.code == "unreadable-file" }))
            context.standardError.writeLine("error: some sources could not be read; no baseline was written")
            return .failure
        }
        let baseline = Baseline(findings: pipeline.findings)
        let path = pipeline.baselinePath(arguments, context: context)
        let bytes: Data
        do {
            bytes = try baseline.encoded()
        } catch {
            context.standardError.writeLine("error: no baseline was written: \(error.reason)")
            return .failure
        }
        do {
            try FileSystem.writeAtomically(bytes, to: path)
        } catch {
            context.standardError.writeLine("error: \(error.message)")
            return .failure
        }
        let shown = FileSystem.relativePath(path, to: context.currentDirectory)
        context.standardOutput.writeLine("wrote \(shown): \(baseline.entries.count) entr\(baseline.entries.count == 1 ? "y" : "ies") for \(pipeline.findings.count) finding\(pipeline.findings.count == 1 ? "" : "s")")
        return .clean
    }
}
