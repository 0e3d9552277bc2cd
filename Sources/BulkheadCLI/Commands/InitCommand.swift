import Configuration
import FileAccess
import Foundation
import PackageLoading
import Rules

/// `bulkhead init`: write a starting `bulkhead.json` inferred from the package.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Write a starting bulkhead.json inferred from the package."
    static let usage = "init [--package-path PATH] [--force] [--print]"
    static let discussion = """
    Reads the codebase and proposes layers, in order: a preset whose layers place most targets
    (folders Sources/<Layer>/<Target>, the suffix taxonomy, features as X/XInterface/XTesting,
    Clean Architecture's Domain/Data/Presentation); else naming families (suffixes several
    targets share: Feature, Client/ClientLive, Kit…; prefixes: NIO*/CNIO*) or folders
    (<Group>/<Target>, Modules/<Layer>/<Package>), kept only when they explain the graph: most
    modules placed, at most 8 layers, few dependencies against their order, and each family's
    members sharing their arrows (a word the names repeat, Swift or a number is no layer); else
    the dependency graph's own levels, a module or package most others use as a layer of its
    own, named after their packages, folders or shared words. Tests form a Tests layer; apps,
    extensions, package executables and plugins a layer of composition roots that may use every
    layer and that none may use; modules named for tests a TestSupport layer; modules that use
    no other (models, themes, shared components) a Foundation layer. mayUse is what the graph
    already does, less the weakest arrow of each cycle between layers, so the first `check`
    shows the outliers. Every layer is commented with why (folder, family or graph position)
    and its targets, then the targets left out and why, and a verdict line says how sure the
    proposal is and names the closest preset. Files that look like tooling (deployment
    workflows, fastlane, Gemfiles, setup scripts, an XcodeGen spec beside its generated
    project) are proposed as affected.ignore entries, commented out with their reasons, for the
    team to opt in. A root Package.swift that is a tool's (Danger's) is left out and the file
    is named after the repository's folder. An existing file is kept unless --force;
    --print writes to standard output instead.
    """
    static let options: [OptionDefinition] = PackageOptions.definitions + [
        .flag(.force, help: "Replace an existing bulkhead.json."),
        .flag(.print, help: "Print the configuration instead of writing it."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: PackageOptions.location(arguments, context: context))
        // Named from the repository: a root manifest that is a tool's (Danger's) names the folder.
        let packageName = ConfigurationInference.repositoryName(of: loaded.graph, folder: loaded.root)
        let inference = ConfigurationInference.infer(from: loaded.graph, packageName: packageName)
        let tooling = ToolingSuggestions(files: RepositoryFiles.relativePaths(under: loaded.root) + hiddenToolingFiles(under: loaded.root))
        let text = inference.json5(packageName: packageName, rules: RuleCatalog.all.map { ($0.id, $0.defaultSeverity) }, tooling: tooling)
        if arguments.isSet(.print) {
            context.standardOutput.write(text)
            return .clean
        }
        let path = loaded.root + "/bulkhead.json"
        let shown = FileSystem.relativePath(path, to: context.currentDirectory)
        // A link planted in a repository must not make `init` create or replace a file elsewhere.
        if let leaving = RepositoryBoundary(root: loaded.root).linkLeaving(path) {
            throw CommandError.wouldOverwriteInput(what: "the configuration", file: shown, role: "a symbolic link to '\(leaving.landing)', outside the repository",
                                                   remedy: "remove the link, or use --print")
        }
        if FileSystem.fileExists(path) && !arguments.isSet(.force) {
            throw CommandError.wouldReplace(file: shown, flag: "--force (or --print to see the inferred one)")
        }
        try RunInputs(loaded, workingFolder: context.currentDirectory)
            .write(Data(text.utf8), to: path, shown: shown, what: "the configuration", remedy: "remove what is at \(shown), or use --print")
        context.standardOutput.writeLine("wrote \(shown): \(inference.summary)")
        return .clean
    }

    /// The hidden files tooling suggestions look at, which the repository listing skips:
    /// GitHub workflows and `.ruby-version`, relative to the root.
    static func hiddenToolingFiles(under root: String) -> [String] {
        let workflows = FileSystem.entryNames(in: root + "/.github/workflows").map { ".github/workflows/" + $0 }
        return (workflows + (FileSystem.fileExists(root + "/.ruby-version") ? [".ruby-version"] : [])).sorted()
    }
}
