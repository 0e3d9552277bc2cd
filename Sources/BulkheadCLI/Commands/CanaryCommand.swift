import Engine
import Foundation
import PackageLoading
import Rules

/// `bulkhead canary`: for every enabled rule, plant one synthetic violation in memory and prove
/// that `check` reports it — the quarterly canary pull request, in seconds, runnable in CI.
enum CanaryCommand: Command {
    static let name = "canary"
    static let summary = "Prove every enabled rule fires: plant one violation of each in memory and check."
    static let usage = "canary [--package-path PATH] [--config FILE] [--preset NAME] [--platform NAME …] [--configuration NAME] [--format text|json] [--baseline FILE] [--strict] [--rule ID]... [--disable-rule ID]..."
    static let discussion = """
    Loads the workspace once, as check does, then for each enabled rule adds one synthetic
    violation of it to an in-memory copy (a dependency a layer may not use, an import the layer
    forbids, an import of a remote product nothing declares, ...) and runs the same check on it:
    exclude, suppressions, the precedence between rules and the baseline all apply. Nothing is
    written; the package is not copied and the toolchain is run no more than for check.

    Each rule gets one line: fired (the check reported the planted violation at the rule's
    configured severity, at the place shown), did not fire (with why: "... is in
    Sources/Legacy/X, which exclude: ["Sources"] hides", a suppression, the baseline, another
    rule reporting it first), or no place to plant (nothing in the workspace, as configured, can
    violate the rule: no layer forbids an import, no package has internal targets). A planted
    violation that got through is what the canary is for; a rule with no place guards nothing
    here, so nothing can get past it, and it fails the run only with --strict.

    Synthetic names: a file BulkheadCanary.swift in the target's folder, and a remote package
    bulkhead-canary with the product and module BulkheadCanaryKit.

    EXIT STATUS: 0 every enabled rule fired (or had no place to plant, without --strict);
    1 a rule did not fire, has no canary planting, or (with --strict) had no place; 2 Bulkhead
    could not run (a bad configuration or baseline, a manifest that does not compile, an
    unreadable source); 64 usage error.
    """

    static let options: [OptionDefinition] = CheckOptions.definitions + [
        .value(.format, "FORMAT", help: "text (default) or json.", choices: CanaryOutput.Format.allCases.map(\.rawValue)),
        .value(.baseline, "FILE", help: "The baseline check compares with (default: bulkhead-baseline.json in the package, if present)."),
        .flag(.strict, help: "Fail when an enabled rule has no place to plant too."),
    ] + CheckOptions.ruleOptions

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value(.format).flatMap(CanaryOutput.Format.init(rawValue:)) ?? .text
        let run = try CheckOptions.run(CheckOptions.request(arguments, context: context), arguments: arguments, context: context)
        let results = Canary.run(run.workspace)
        let strict = arguments.isSet(.strict)
        let output = CanaryOutput(results: results, strict: strict)
        context.standardOutput.write(try output.text(format: format))
        // The rules saw a workspace without the unreadable files: the canary proved less than it says.
        for problem in run.scan.problems { context.standardError.writeLine("\(problem.location.map { CanaryOutput.text(of: $0) } ?? "bulkhead"): \(problem.severity.rawValue): \(problem.message)") }
        if run.isIncomplete { return .failure }
        return results.contains { $0.fails(strict: strict) } ? .violations : .clean
    }
}
