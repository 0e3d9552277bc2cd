import Configuration
import Diagnostics
import FileAccess
import Formats
import PackageLoading
import Selection

/// `bulkhead affected`: the test targets a change needs. Wiring only: the changes and the base
/// manifests are read through the input modules, placed and selected by `Selection`.
enum AffectedCommand: Command {
    static let name = "affected"
    static let summary = "List the test targets a change affects."
    static let usage = "affected [--package-path PATH] (--base REF [--include-uncommitted] | --files FILE|-) [--format names|xcodebuild|swift-test|json] [--explain] [--baseline FILE]"
    static let discussion = """
    Changed files come from `git diff --name-status --find-renames` between HEAD and its merge
    base with --base (three dots: what is already on the base branch does not count), plus
    uncommitted and untracked files with --include-uncommitted; or from a list of paths, one a
    line, relative to the repository (--files FILE, or - for standard input). A rename counts
    its old and its new path.

    A file belongs to the target whose folder holds it; that target and every target that
    depends on it, across local packages, are affected. A Package.swift change is compared with
    the manifest at the merge base: only targets whose declaration changed are affected. A
    Package.resolved change affects the users of the packages whose pins moved. Targets of Xcode
    projects count like package targets: an app file selects the test bundles hosted by or
    depending on the app, and a project.pbxproj change is compared with its base target by
    target, like a manifest, build settings per configuration included. A project target owns
    the files its build phases and path settings name (resources, localisations, Info.plist,
    entitlements, .xcconfig files); a test bundle its folder. A file outside
    every target selects every test, unless it matches an ignore glob (--ignore, repeatable, or
    "affected": { "ignore": [...] } in bulkhead.json; default **/*.md and docs/**); so does any
    file of a package Bulkhead did not load, its Package.swift included. A deleted file left
    with its target only when the manifest change removed or moved that target. Bulkhead's own
    bulkhead.json and baseline (--config, --baseline) change no code and select nothing.

    Formats: names (one test target a line), xcodebuild (-only-testing:X arguments),
    swift-test (a --filter argument), json (with the reasons). --explain prints why each test
    was chosen. Nothing affected prints nothing; running everything is said so in json and
    --explain, and lists every test; standard error says why in every format.
    """

    static let defaultIgnores = ["**/*.md", "docs/**"]

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + [
        .value(.base, "REF", help: "Compare HEAD with its merge base with REF (e.g. origin/main)."),
        .flag(.includeUncommitted, help: "With --base: count uncommitted and untracked files too."),
        .value(.files, "FILE", help: "Read changed paths from FILE, or from standard input with -."),
        .value(.ignore, "GLOB", help: "Changed paths to ignore (default: **/*.md and docs/**); repeatable.", repeatable: true),
        .value(.format, "FORMAT", help: "names (default), xcodebuild, swift-test or json.", choices: AffectedOutput.Format.allCases.map(\.rawValue)),
        .flag(.explain, help: "Print the change and the dependency path behind each selected test."),
        .value(.baseline, "FILE", help: "The baseline check uses (default: bulkhead-baseline.json in the package): a change to it selects nothing."),
    ]

    /// The configuration and baseline files a `check` of this package reads, whether they exist
    /// now or not (a deleted one is a change too): editing them changes no code.
    static func bulkheadFiles(_ arguments: ParsedArguments, packagePath: String, context: CommandContext) -> [String: String] {
        let configuration = arguments.value(.config).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        let baseline = arguments.value(.baseline).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        return [
            packagePath + "/bulkhead.json": "Bulkhead's configuration",
            packagePath + "/bulkhead-baseline.json": "Bulkhead's baseline",
        ].merging([configuration.map { ($0, "Bulkhead's configuration") }, baseline.map { ($0, "Bulkhead's baseline") }].compactMap { $0 }) { $1 }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let base = arguments.value(.base)
        let filesList = arguments.value(.files)
        if base != nil && filesList != nil { throw UsageError.invalid("give either --base REF or --files FILE, not both") }
        if arguments.isSet(.includeUncommitted) && filesList != nil { throw UsageError.invalid("--include-uncommitted goes with --base, not with --files") }
        if base == nil && filesList == nil && !arguments.isSet(.includeUncommitted) {
            throw UsageError.invalid("say what changed: --base REF (e.g. --base origin/main), or --files FILE (- for standard input)")
        }
        let format = arguments.value(.format).flatMap(AffectedOutput.Format.init(rawValue:)) ?? .names
        let location = PackageOptions.location(arguments, context: context)
        let packagePath = location.root.path
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: packagePath, context: context)
        let ignorePatterns = arguments.allValues(.ignore).isEmpty ? (configuration.affectedIgnore ?? defaultIgnores) : arguments.allValues(.ignore)
        // Only the file's patterns: --ignore is typed for this run, and the defaults may rightly match nothing.
        if configuration.affectedIgnore != nil && !arguments.isSet(.quiet) {
            for problem in configuration.unmatchedIgnorePatterns(files: RepositoryFiles.relativePaths(under: packagePath)) {
                context.standardError.writeLine("warning: \(problem)")
            }
        }

        let source: AffectedChanges.Source = filesList.map { .list(file: $0) }
            ?? .git(base: base, includeUncommitted: arguments.isSet(.includeUncommitted))
        let tool = try PackageOptions.tool(arguments, context: context)
        let changes = try AffectedChanges.read(source, packagePath: packagePath, tool: tool, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
        let analysis = changes.analyze(in: loaded, ignores: ignorePatterns.map(Glob.init),
                                       bulkheadFiles: bulkheadFiles(arguments, packagePath: packagePath, context: context))
        let selection = AffectedSelection.select(in: loaded.graph, analysis: analysis)
        // The git calls and the base manifests' toolchain calls (--verbose).
        for line in tool.log?.lines ?? [] { context.standardError.writeLine("bulkhead: \(line)") }
        // Said on standard error in every format: a list of every test is otherwise
        // indistinguishable from a change that really touches everything.
        // Once, however many files forced it.
        if selection.runsEverything && !arguments.isSet(.quiet) {
            context.standardError.writeLine("bulkhead: every test is selected: \(VisibleText.escaped(EverythingSummary(analysis).line))")
        }
        let output = AffectedOutput(selection: selection, analysis: analysis, graph: loaded.graph, base: base)
        context.standardOutput.write(try output.text(format: format, explain: arguments.isSet(.explain)))
        return .clean
    }
}
