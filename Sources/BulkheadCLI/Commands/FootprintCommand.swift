import Configuration
import Engine
import FileAccess
import GitChanges
import PackageLoading
import ModuleGraph
import Processes
import Reporting

/// `bulkhead footprint`: per binary image, the modules whose code it holds, their bytes, and the
/// chain that brought each in.
enum FootprintCommand: Command {
    static let name = "footprint"
    static let summary = "List the modules each app, extension, framework and test bundle holds, with their size."
    static let usage = "footprint [--package-path PATH] [--image NAME] [--base REV] [--format text|json]"
    static let discussion = """
    Reads the packages and Xcode projects as check does and prints every binary image a build
    makes — apps, extensions, XPC services, tools, test bundles, dynamic frameworks, `.dynamic`
    products — with the modules whose code it holds: its own targets and the static closure of
    what they link, stopping at a dynamic image, which it loads instead. Each module comes with
    the bytes of its Swift sources and resources on disk and the chain of links that brought it
    in; remote products' modules are listed without sizes. Package products left automatic are
    linked statically, as SwiftPM and Xcode link them. The last block lists the modules more than
    one image holds: a copy in each (in an app and its extension, footprint; in one process,
    `duplicate-copy`).

    --image NAME prints one image (an app's or framework's target name, or a `.dynamic` product's
    name). --base REV adds what changed since that revision (a branch, tag or commit): for each
    image, the modules it gained and lost and the change in its bytes. The base is read from the
    commit's tree in a temporary folder; the repository is not touched.

    EXIT STATUS: 0 printed; 2 Bulkhead could not run; 64 usage error.
    """

    enum Format: String, CaseIterable {
        case text, json
    }

    static let options: [OptionDefinition] = PackageOptions.definitions + [
        .value(.image, "NAME", help: "Print only this image."),
        .value(.base, "REV", help: "Also say what changed in each image since this revision."),
        .value(.format, "FORMAT", help: "text (default) or json.", choices: Format.allCases.map(\.rawValue)),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value(.format).flatMap(Format.init(rawValue:)) ?? .text
        let location = PackageOptions.location(arguments, context: context)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
        var report = Self.report(of: loaded.graph, root: loaded.root)
        if let revision = arguments.value(.base) {
            let (commit, old) = try baseReport(at: revision, root: loaded.root, arguments: arguments, context: context, configuration: configuration)
            report.compare(with: old, revision: revision, commit: commit)
        }
        if let wanted = arguments.value(.image) {
            // A target's image by its name, a product's by the product's.
            let isWanted = { (name: String) in name == wanted || name == "\(wanted) (.dynamic product)" }
            let names = report.images.map(\.name)
            report.images = report.images.filter { isWanted($0.name) }
            guard !report.images.isEmpty else {
                let suggestion = names.isEmpty ? "the repository makes no image" : "images: " + names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
                throw UsageError.invalid("--image \(wanted) names no image; \(suggestion)")
            }
            report.shared = report.shared.filter { $0.images.contains(where: isWanted) }
            report.base?.images.removeAll { !isWanted($0.name) }
        }
        switch format {
        case .json: context.standardOutput.write(try report.json())
        case .text: context.standardOutput.write(report.text())
        }
        return .clean
    }

    /// The footprint of the same root at `revision`: its commit's tree written to a folder of the
    /// run's own and loaded as the working tree is.
    private static func baseReport(at revision: String, root: String, arguments: ParsedArguments, context: CommandContext,
                                   configuration: Configuration) throws -> (commit: String, report: FootprintReport) {
        let repository = try GitRepository.containing(root)
        let commit = try repository.commit(named: revision)
        let folder = try RunTemporaryFolder.shared.makeSubfolder(prefix: "footprint-base")
        defer { RunTemporaryFolder.shared.removeSubfolder(folder) }
        try repository.export(commit, into: folder)
        let relative = FileSystem.relativePath(root, to: repository.top)
        let baseRoot = relative == "." ? folder : folder + "/" + relative
        let location = RunLocation(root: WorkspaceRoot(path: baseRoot, reason: "the tree of \(revision)"), narrowedTo: nil)
        // The base's load warnings repeat the working tree's, with the temporary folder's paths:
        // not printed. A failure to load it is thrown, as any other.
        var quiet = context
        quiet.standardError = CapturedOutput()
        let loaded = try PackageOptions.loadGraph(arguments, context: quiet, location: location, configuration: configuration)
        return (commit, report(of: loaded.graph, root: loaded.root))
    }

    /// The footprint of a loaded graph: its images, and its targets' bytes measured on disk below
    /// `root`. `images` when the caller made them already.
    static func report(of graph: ModuleGraph, root: String, images: BinaryImages? = nil) -> FootprintReport {
        let sizes = TargetSizes.measure(graph, root: root).mapValues { (sourceBytes: $0.sourceBytes, resourceBytes: $0.resourceBytes) }
        return FootprintReport(graph: graph, images: images ?? BinaryImages(graph: graph), sizes: sizes)
    }
}
