import Engine
import FileAccess
import Foundation
import ImportScanning
import PackageLoading
import Rules

/// The options of the commands that report findings (check, report, baseline, canary), turned
/// into one request for the engine, and the run it returns with what the load said printed.
enum CheckOptions {
    static let definitions: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + BuildOptions.definitions

    /// `readsBaseline`: false for `bulkhead baseline`, which writes the file instead.
    static func request(_ arguments: ParsedArguments, context: CommandContext, readsBaseline: Bool = true) throws -> RunRequest {
        var request = try PackageOptions.request(arguments, context: context)
        request.configurationFile = arguments.value(.config)
        request.preset = arguments.value(.preset)
        request.platforms = arguments.allValues(.platform).compactMap(Platform.init(named:))
        request.buildConfiguration = arguments.value(.configuration).flatMap(BuildConfiguration.init(rawValue:))
        request.baselineFile = arguments.value(.baseline)
        request.readsBaseline = readsBaseline
        request.rules = try RuleChoice(only: arguments.allValues(.rule), disabled: arguments.allValues(.disableRule))
        request.targets = TargetChoice(names: arguments.allValues(.target), excludesTests: arguments.isSet(.excludeTests),
                                       readsOnlyWhatIsNeeded: !arguments.isSet(.fix))
        return request
    }

    /// The engine's run of `request`, with the load's notices printed (unless `--quiet`).
    static func run(_ request: RunRequest, arguments: ParsedArguments, context: CommandContext) throws -> CheckRun {
        let run = try Engine.check(request, observer: PackageOptions.observer(arguments, context: context))
        PackageOptions.tell(run.notices, arguments: arguments, context: context)
        return run
    }

    /// Writes a report of `run` to `--output` (replaced atomically, never over an input of the
    /// run) or to standard output.
    static func writeReport(_ bytes: [UInt8], of run: CheckRun, arguments: ParsedArguments, context: CommandContext) throws {
        guard let output = arguments.value(.output) else {
            context.standardOutput.write(bytes)
            return
        }
        // The report may go to /dev/stdout or /dev/stderr: what is buffered there comes first.
        context.standardOutput.flush()
        context.standardError.flush()
        try inputs(of: run, includingBaseline: true, workingFolder: context.currentDirectory)
            .write(Data(bytes), to: FileSystem.absolutePath(output, relativeTo: context.currentDirectory),
                   shown: output, what: "the report", remedy: "name another file with --output")
    }

    /// The files `run` read, which its writes must not replace; the baseline among them unless
    /// `includingBaseline` is false (for `bulkhead baseline`, whose job is to write it).
    static func inputs(of run: CheckRun, includingBaseline: Bool, workingFolder: String) -> RunInputs {
        var inputs = RunInputs(run.loaded, workingFolder: workingFolder)
        if let configurationPath = run.configurationPath { inputs.add(configurationPath, as: "the configuration file this run reads") }
        if includingBaseline { inputs.add(run.baselinePath, as: "the baseline this run compares with") }
        return inputs
    }
}

extension CheckOptions {
    /// `--target` and `--exclude-tests` (`TargetChoice`).
    static let targetOptions: [OptionDefinition] = [
        .value(.target, "NAME", help: "Report only this target's findings (repeatable; NAME or package/NAME), reading only the sources needed to judge it.", repeatable: true),
        .flag(.excludeTests, help: "Leave test targets out of the report, and their sources unread unless a reported target needs them."),
    ]

    /// `--rule` and `--disable-rule` (`RuleChoice`).
    static let ruleOptions: [OptionDefinition] = [
        .value(.rule, "ID", help: "Run only this rule (repeatable); the others are off for this run.", repeatable: true,
                suggestions: { RuleCatalog.configurable.map(\.id).sorted() }),
        .value(.disableRule, "ID", help: "Turn this rule off for this run (repeatable).", repeatable: true,
                suggestions: { RuleCatalog.configurable.map(\.id).sorted() }),
    ]
}
