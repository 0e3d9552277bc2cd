import Diagnostics
import FileAccess
import ImportScanning
import PackageLoading
import ModuleGraph
import Reporting
import Rules

/// Which files `imports` reads, and what it makes of each.
extension ImportsCommand {
    /// One file to scan: where to read it, how to show it, which target it belongs to.
    struct Item: Sendable {
        var path: String
        var displayPath: String
        var target: String?
        /// With `--platform`: the builds to decide each import for, with the target's facts.
        var builds: [(build: PlatformBuild, variants: [BuildEnvironment])] = []
    }

    /// What a worker hands back for one file: rendered output and the file's problems.
    struct Outcome: Sendable {
        var rendered: [UInt8]
        var importCount: Int
        var diagnostics: [Diagnostic]
        var unreadable: Bool
    }

    /// What `imports` knows of the build when it marks imports no build compiles: nothing yet, so
    /// only literal `#if false` and `#if true` chains are decided.
    static let environment = BuildEnvironment.unknown

    /// Scans one file and renders it; runs on a worker thread.
    static func scan(_ item: Item, contents: Result<UnsafeBufferPointer<UInt8>, SourceReadError>, format: ImportListing.Format, colored: Bool,
                     memo: ClauseListingMemo? = nil) -> Outcome {
        switch contents {
        case .failure(let error):
            let failure = SourceProblem.readFailure(item.displayPath, error)
            return Outcome(rendered: [], importCount: 0, diagnostics: [failure.diagnostic], unreadable: failure.isUnreadable)
        case .success(let bytes):
            let result = ImportScanner.scan(bytes)
            let file = ScannedFile(displayPath: item.displayPath, target: item.target, imports: result.imports, builds: item.builds)
            let rendered = format == .json
                ? ImportListing.jsonElements(file, environment: environment)
                : ImportListing.text(file, environment: environment, colored: colored, memo: memo)
            let diagnostics = result.issues.map { SourceProblem.diagnostic(for: $0, in: item.displayPath) }
            return Outcome(rendered: rendered, importCount: result.imports.count, diagnostics: diagnostics, unreadable: false)
        }
    }

    /// `builds`: with `--platform`, the builds each target's imports are decided for.
    static func packageItems(_ loaded: LoadedGraph, targets selected: [String], builds: [PlatformBuild] = []) throws(UsageError) -> [Item] {
        let graph = loaded.graph
        for name in selected where graph.targets(named: name).isEmpty {
            let suggestion = Suggestion.closest(to: name, among: graph.targets.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError.invalid("no target '\(name)' in \(loaded.root)\(suggestion)")
        }
        let chosen = Set(selected.flatMap { graph.targets(named: $0).map(\.id) })
        var items: [Item] = []
        // Made once for every target, as a check makes them (`CheckInput`).
        let unbuilt = builds.isEmpty ? [:] : UnbuiltModules.byBuild(graph: graph, builds: builds)
        let products = TargetBuilds.ExternalModules(graph: graph)
        let compilerVersion = loaded.toolchainVersion ?? BuildEnvironment.toolchainCompilerVersion
        for target in graph.targets where chosen.isEmpty || chosen.contains(target.id) {
            guard let package = graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            let environments = builds.isEmpty ? [] : TargetBuilds(target: target, graph: graph, builds: builds, products: products,
                                                                  compilerVersion: compilerVersion, unbuilt: unbuilt).environments
            for source in target.sources where source.hasSuffix(".swift") {
                let path = "\(folder)/\(target.path)/\(source)"
                items.append(Item(path: path, displayPath: FileSystem.relativePath(path, to: loaded.root), target: graph.displayName(target.id),
                                  builds: environments))
            }
        }
        return items.sorted { ($0.displayPath, $0.target ?? "") < ($1.displayPath, $1.target ?? "") }
    }

    /// Files as given, folders expanded; shown relative to the package (when given) or the
    /// working folder.
    static func fileItems(_ paths: [String], packagePath: String?, context: CommandContext, builds: [PlatformBuild] = []) throws(InputError) -> [Item] {
        let base = FileSystem.absolutePath(packagePath ?? ".", relativeTo: context.currentDirectory)
        var items: [Item] = []
        var seen: Set<String> = []
        let environments = builds.isEmpty ? [] : TargetBuilds(looseFilesFor: builds).environments
        for given in paths {
            let absolute = FileSystem.absolutePath(given, relativeTo: context.currentDirectory)
            let files = FileSystem.isDirectory(absolute) ? try FileSystem.swiftFiles(under: absolute) : [absolute]
            for file in files where seen.insert(file).inserted {
                items.append(Item(path: file, displayPath: FileSystem.relativePath(file, to: base), target: nil, builds: environments))
            }
        }
        return items
    }
}
