import Diagnostics
import Engine
import PackageLoading
import Reporting
import Rules

/// `bulkhead check`: load the graph, scan the sources, run the rules, compare with the baseline,
/// report.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check the package against its architecture rules."
    static let usage = "check [--package-path PATH] [--config FILE] [--preset NAME] [--platform NAME …] [--configuration NAME] [--format FORMAT] [--output FILE] [--baseline FILE] [--strict] [--target NAME]... [--exclude-tests] [--group module] [--rule ID]... [--disable-rule ID]... [--fix [--dry-run]]"
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
    (workflow-command annotations: as many as GitHub shows per step, 10 of each severity, the
    most severe first, then one notice counting the rest), junit (one test case per rule and
    target), checkstyle (Checkstyle XML, for Jenkins and Danger), gitlab (GitLab Code Quality
    JSON; fingerprints keyed on rule, file, target and message, so they survive line moves).

    --fix applies the mechanical fixes in Package.swift: it adds the dependency an undeclared or
    unreachable import needs ("Target", or .product(name:package:) for another package's
    product) and removes unused ones, in the style of the surrounding list, editing only literal
    lists it can read exactly (not helper calls or concatenations); it prints a unified diff and
    the findings it left, with why; then it reports what is left in the chosen --format and exits
    as check would on the fixed files (1 while errors remain). --fix --dry-run only prints the
    diff and reports what would be left.

    --target NAME (repeatable) reports only that target's findings, the same a whole run reports
    for it, reading only the sources needed to judge it (its own, what it declares or imports,
    again and again); --exclude-tests leaves test targets out. Baseline entries of other targets
    are neither applied nor stale. With a layer table and dependency-cycle on, every target in a
    layer is read too: a layer cycle belongs to the whole table.

    --group module folds the findings in source that one rule reports for one module in one
    target into one, at its first place, with a note counting the places and naming the next
    few (JSON adds count and sites, SARIF relatedLocations); the summary counts what is shown.
    Notes are always folded so: they never fail a check, and one per import line says no more.
    Baselines are unaffected: `bulkhead baseline` still writes, and check still compares, one
    entry per finding.

    --rule ID runs only the rules named; --disable-rule ID turns one off; both repeat and apply
    over the configuration for this run only.

    A package below the root that cannot load (a newer tools version, a manifest that does not
    compile) is a package-unloadable error at its manifest, and the rest is checked.

    EXIT STATUS: 0 no errors (no warnings either, with --strict); 1 violations; 2 Bulkhead could
    not run (a bad configuration or baseline, the manifest of the package the run is pointed at
    does not compile, an unreadable source); 64 usage error.
    """

    static let options: [OptionDefinition] = CheckOptions.definitions + [
        .value(.format, "FORMAT", help: "text (default), xcode, json, sarif, github, junit, checkstyle or gitlab.", choices: ReportFormat.allCases.map(\.rawValue)),
        .value(.output, "FILE", help: "Write the report to FILE instead of standard output (a file is replaced atomically; a device or pipe is written through; an input of the run is refused)."),
        .value(.baseline, "FILE", help: "The baseline to compare with (default: bulkhead-baseline.json in the package, if present)."),
        .flag(.strict, help: "Fail on warnings too."),
        .flag(.stats, help: "Print on standard error where the time went: each phase, toolchain calls made and skipped, files read and skipped."),
    ] + CheckOptions.targetOptions + CheckGrouping.options + CheckOptions.ruleOptions + fixOptions

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value(.format).flatMap(ReportFormat.init(rawValue:)) ?? .text
        let grouping = try CheckGrouping.grouping(arguments)
        if arguments.isSet(.dryRun) && !arguments.isSet(.fix) {
            throw UsageError.invalid("--dry-run goes with --fix: 'bulkhead check --fix --dry-run'")
        }
        let request = try CheckOptions.request(arguments, context: context)
        var run = try CheckOptions.run(request, arguments: arguments, context: context)
        if arguments.isSet(.fix) {
            // What the fix leaves is reported as check reports it; the diff stays off a machine-read standard output.
            let diffOutput = format.isForMachines && arguments.value(.output) == nil ? context.standardError : context.standardOutput
            // The toolchain says what each fixed manifest evaluates to, unless it is a recording.
            let evaluation = try context.packageDescriber == nil ? ManifestEvaluation(tool: PackageOptions.evaluationTool(arguments, context: context)) : nil
            run = try fix(run, dryRun: arguments.isSet(.dryRun), diffOutput: diffOutput, evaluation: evaluation, context: context)
        }
        var result = run.result
        if let grouping { result = result.grouped(by: grouping) }
        let colored = arguments.value(.output) == nil
            && context.usesColor(context.standardOutput, choice: ColorChoice(rawValue: arguments.value(.color) ?? "auto") ?? .auto)
        let report = Self.report(of: run, result: result, strict: arguments.isSet(.strict), colored: colored, context: context)
        let (diagnostics, summary) = (report.diagnostics, report.summary)
        let rendered = try Reporters.standard.reporter(for: format).renderedBytes(report)
        try CheckOptions.writeReport(rendered, of: run, arguments: arguments, context: context)
        if let output = arguments.value(.output) {
            if !arguments.isSet(.quiet) { context.standardError.writeLine("bulkhead: \(summary.sentence); report written to \(output)") }
        } else if format.isForMachines && !arguments.isSet(.quiet) {
            context.standardError.writeLine("bulkhead: \(summary.sentence)")
        }
        run.statistics.endPhase("report")
        if arguments.isSet(.stats) {
            for line in run.statistics.lines { context.standardError.writeLine(line) }
        }
        context.keepUntilExit((run, result, report))
        if run.isIncomplete { return .failure }
        let failing = diagnostics.contains { $0.severity == .error || (arguments.isSet(.strict) && $0.severity == .warning) }
        return failing ? .violations : .clean
    }

    /// The report of `result`, a check of `run` (grouped, or after a fix): what every format renders.
    static func report(of run: CheckRun, result: CheckResult, strict: Bool, colored: Bool, context: CommandContext) -> Report {
        let diagnostics = run.diagnostics(of: result)
        return Report(diagnostics: diagnostics, summary: run.summary(of: result, diagnostics: diagnostics), codes: DiagnosticCatalog.reported,
                      enabledRules: result.enabledRules, checkedTargets: result.checkedTargets, strict: strict, colored: colored,
                      toolVersion: BulkheadCLI.version,
                      paths: ReportPaths(root: run.loaded.root, workingFolder: context.currentDirectory, workspace: context.environment["GITHUB_WORKSPACE"]))
    }
}
