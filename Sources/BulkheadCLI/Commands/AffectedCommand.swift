import Configuration
import Foundation
import Inputs
import ModuleGraph
import Rules

/// `bulkhead affected`: the test targets a change needs.
enum AffectedCommand: Command {
    static let name = "affected"
    static let summary = "List the test targets a change affects."
    static let usage = "affected [--package-path PATH] (--base REF [--include-uncommitted] | --files FILE|-) [--format names|xcodebuild|swift-test|json] [--explain]"
    static let discussion = """
    Changed files come from `git diff --name-status --find-renames` between HEAD and its merge
    base with --base (three dots: what is already on the base branch does not count), plus
    uncommitted and untracked files with --include-uncommitted; or from a list of paths, one a
    line, relative to the repository (--files FILE, or - for standard input). A rename counts
    its old and its new path.

    A file belongs to the target whose folder holds it; that target and every target that
    depends on it, across local packages, are affected. A Package.swift change is compared with
    the manifest at the merge base: only targets whose declaration changed are affected. A
    Package.resolved change affects the users of the packages whose pins moved. A file outside
    every target selects every test, unless it matches an ignore glob (--ignore, repeatable, or
    "affected": { "ignore": [...] } in bulkhead.json; default **/*.md and docs/**).

    Formats: names (one test target a line), xcodebuild (-only-testing:X arguments),
    swift-test (a --filter argument), json (with the reasons). --explain prints why each test
    was chosen. Nothing affected prints nothing; running everything is said so in json and
    --explain, and lists every test.
    """

    enum Format: String, CaseIterable {
        case names, xcodebuild
        case swiftTest = "swift-test"
        case json
    }

    static let defaultIgnores = ["**/*.md", "docs/**"]

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + [
        .value("base", "REF", help: "Compare HEAD with its merge base with REF (e.g. origin/main)."),
        .flag("include-uncommitted", help: "With --base: count uncommitted and untracked files too."),
        .value("files", "FILE", help: "Read changed paths from FILE, or from standard input with -."),
        .value("ignore", "GLOB", help: "Changed paths to ignore (default: **/*.md and docs/**); repeatable.", repeatable: true),
        .value("format", "FORMAT", help: "names (default), xcodebuild, swift-test or json.", choices: Format.allCases.map(\.rawValue)),
        .flag("explain", help: "Print the change and the dependency path behind each selected test."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let base = arguments.value("base")
        let filesList = arguments.value("files")
        if base != nil && filesList != nil { throw UsageError.invalid("give either --base REF or --files FILE, not both") }
        if arguments.isSet("include-uncommitted") && filesList != nil { throw UsageError.invalid("--include-uncommitted goes with --base, not with --files") }
        if base == nil && filesList == nil && !arguments.isSet("include-uncommitted") {
            throw UsageError.invalid("say what changed: --base REF (e.g. --base origin/main), or --files FILE (- for standard input)")
        }
        let format = arguments.value("format").flatMap(Format.init(rawValue:)) ?? .names
        let packagePath = FileSystem.absolutePath(arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: packagePath, context: context)
        let ignorePatterns = arguments.allValues("ignore").isEmpty ? (configuration.affectedIgnore ?? defaultIgnores) : arguments.allValues("ignore")
        let ignores = ignorePatterns.map(Glob.init)

        let loaded = try PackageOptions.loadGraph(arguments, context: context)

        let analysis: ChangeAnalysis
        do {
            let repository = try? GitRepository.containing(loaded.root)
            var changes: [FileChange]
            var comparisonCommit: String?
            var top = repository?.top ?? context.currentDirectory
            if let filesList {
                let data = filesList == "-" ? context.readStandardInput() : try FileSystem.contents(of: FileSystem.absolutePath(filesList, relativeTo: context.currentDirectory))
                changes = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    .map { FileChange(status: "M", path: $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0) }
            } else {
                guard let repository else {
                    context.standardError.writeLine("error: \(loaded.root) is not in a git repository; pass the changed paths with --files")
                    return .failure
                }
                let commit = base.map { try? repository.mergeBase($0) } ?? "HEAD"
                guard let commit else {
                    context.standardError.writeLine("error: git found no merge base of '\(base!)' and HEAD; fetch the base branch (git fetch origin main) or check its name")
                    return .failure
                }
                comparisonCommit = commit
                changes = try repository.changes(since: commit, includeUncommitted: arguments.isSet("include-uncommitted"))
                top = repository.top
            }
            var analyzer = ChangeAnalyzer(loaded: loaded, repository: repository, top: top, comparisonCommit: comparisonCommit,
                                          ignores: ignores, tool: SwiftPackageTool.resolve(option: arguments.value("swift-executable"), environment: context.environment),
                                          readsWorkingTree: arguments.isSet("include-uncommitted") || filesList != nil)
            analysis = analyzer.analyze(changes)
        } catch {
            context.standardError.writeLine("error: \(error.message)")
            return .failure
        }

        let selection = AffectedSelection.select(in: loaded.graph, seeds: analysis.seeds, everythingReasons: analysis.everythingReasons)
        let graph = loaded.graph
        // Test tools know targets by name and `swift test` by module; a package qualifier would
        // make them miss. The same name in two packages is one name to them.
        let names = Array(Set(selection.selected.map(\.test.name))).sorted()
        let modules = Array(Set(selection.selected.compactMap { graph.target($0.test)?.moduleName })).sorted()
        if format == .json {
            context.standardOutput.write(AffectedReport(selection: selection, analysis: analysis, graph: graph, base: base).json())
        } else if arguments.isSet("explain") {
            context.standardOutput.write(explanation(selection, analysis: analysis, graph: graph))
        } else {
            switch format {
            case .names:
                for name in names { context.standardOutput.writeLine(name) }
            case .xcodebuild:
                for name in names { context.standardOutput.writeLine("-only-testing:\(name)") }
            case .swiftTest:
                if !modules.isEmpty {
                    context.standardOutput.writeLine("--filter")
                    context.standardOutput.writeLine("^(\(modules.map(regexEscaped).joined(separator: "|")))\\.")
                }
            case .json:
                break
            }
        }
        return .clean
    }

    private static func explanation(_ selection: AffectedSelection, analysis: ChangeAnalysis, graph: ModuleGraph) -> String {
        var lines: [String] = []
        if selection.runsEverything {
            lines.append("Every test runs:")
            lines += selection.everythingReasons.map { "  \($0)" }
        } else if selection.selected.isEmpty {
            lines.append("No test is affected.")
        }
        for ignored in analysis.ignored { lines.append("ignored: \(ignored)") }
        if !selection.runsEverything {
            for selected in selection.selected.sorted(by: { graph.displayName($0.test) < graph.displayName($1.test) }) {
                guard let seed = selected.seed else { continue }
                let chain = selected.path.map(graph.displayName).joined(separator: " → ")
                lines.append("\(graph.displayName(selected.test)): \(seed.file) (\(seed.reason)) — \(chain)")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Test target names in a `swift test --filter` regular expression.
    private static func regexEscaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// What a set of changed files means for the graph: the targets they change, and any reason the
/// change cannot be placed, which selects every test.
struct ChangeAnalysis {
    var seeds: [ChangeSeed] = []
    var everythingReasons: [String] = []
    var ignored: [String] = []
    var changedFiles: [FileChange] = []
}

/// Places each changed path: ignored, a manifest to compare with its base, a lockfile whose pins
/// to compare, a file of a target, or none of these (every test runs).
struct ChangeAnalyzer {
    let loaded: LoadedGraph
    let repository: GitRepository?
    let top: String
    let comparisonCommit: String?
    let ignores: [Glob]
    let tool: SwiftPackageTool
    /// Whether the change includes uncommitted files: then the working tree is the "after" side.
    let readsWorkingTree: Bool
    private let ownership: TargetOwnership
    private let packageByFolder: [String: PackageNode]
    /// Folders (real paths) whose `Package.swift` is part of the change: files that disappear
    /// below them (a renamed or removed target, a removed package) are the manifest
    /// comparison's business, not "outside every target".
    private var changedManifestFolders: Set<String> = []

    init(loaded: LoadedGraph, repository: GitRepository?, top: String, comparisonCommit: String?, ignores: [Glob], tool: SwiftPackageTool,
         readsWorkingTree: Bool) {
        self.loaded = loaded
        self.repository = repository
        // Git names real paths; the package may have been given through a symbolic link.
        self.top = FileSystem.realPath(top)
        self.comparisonCommit = comparisonCommit
        self.ignores = ignores
        self.tool = tool
        self.readsWorkingTree = readsWorkingTree
        var folders: [(folder: String, target: TargetID)] = []
        var packages: [String: PackageNode] = [:]
        for package in loaded.graph.packages {
            guard let given = loaded.folder(of: package) else { continue }
            let folder = FileSystem.realPath(given)
            packages[folder] = package
            for target in loaded.graph.targets where target.id.package == package.identity {
                folders.append((FileSystem.absolutePath(target.path, relativeTo: folder), target.id))
            }
        }
        ownership = TargetOwnership(folders: folders)
        packageByFolder = packages
    }

    mutating func analyze(_ changes: [FileChange]) -> ChangeAnalysis {
        var analysis = ChangeAnalysis(changedFiles: changes)
        for change in changes {
            for path in change.paths where (path as NSString).lastPathComponent == "Package.swift" {
                changedManifestFolders.insert((FileSystem.absolutePath(path, relativeTo: top) as NSString).deletingLastPathComponent)
            }
        }
        for change in changes {
            for path in change.paths {
                let reason = change.previousPath == nil ? describe(change.status)
                    : (path == change.previousPath ? "moved away to \(change.path)" : "moved here from \(change.previousPath!)")
                place(path, reason: reason, into: &analysis)
            }
        }
        return analysis
    }

    private func describe(_ status: String) -> String {
        switch status {
        case "A": "added"
        case "D": "deleted"
        default: "changed"
        }
    }

    private func place(_ path: String, reason: String, into analysis: inout ChangeAnalysis) {
        if ignores.contains(where: { $0.matches(path) }) {
            analysis.ignored.append(path)
            return
        }
        let absolute = FileSystem.absolutePath(path, relativeTo: top)
        let name = (absolute as NSString).lastPathComponent
        let folder = (absolute as NSString).deletingLastPathComponent
        if name == "Package.swift", let package = packageByFolder[folder] {
            compareManifest(of: package, folder: loaded.folder(of: package) ?? folder, path: path, into: &analysis)
        } else if name == "Package.resolved" {
            comparePins(path: path, absolute: absolute, into: &analysis)
        } else if let owner = ownership.owner(of: absolute) {
            analysis.seeds.append(ChangeSeed(target: owner, file: path, reason: reason))
        } else if name == "Package.swift" || (!FileManager.default.fileExists(atPath: absolute)
                    && changedManifestFolders.contains(where: { absolute.hasPrefix($0 + "/") })) {
            // A removed package's manifest, or a file that left with a target its manifest
            // renamed or removed: the dependants' own declarations changed, and are compared.
            analysis.ignored.append("\(path) (gone with a manifest change)")
        } else {
            analysis.everythingReasons.append("\(path) is outside every target")
        }
    }

    /// Only the targets whose declaration changed, and those that use changed products or
    /// dependencies; everything when the change cannot be compared.
    private func compareManifest(of package: PackageNode, folder: String, path: String, into analysis: inout ChangeAnalysis) {
        let graph = loaded.graph
        let targets = graph.targets.filter { $0.id.package == package.identity }
        guard let repository, let commit = comparisonCommit else {
            analysis.everythingReasons.append("\(path) changed and there is no --base to compare it with")
            return
        }
        guard let head = loaded.manifestDumps[package.identity] else {
            analysis.everythingReasons.append("\(path) changed and its current manifest could not be read")
            return
        }
        let baseManifest: Data?
        do {
            baseManifest = try repository.contents(of: path, at: commit)
        } catch {
            analysis.everythingReasons.append("\(path) changed and git could not show it at the base: \(error.message)")
            return
        }
        guard let baseManifest else {
            for target in targets { analysis.seeds.append(ChangeSeed(target: target.id, file: path, reason: "package added")) }
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-base-\(UUID().uuidString)").path
        var baseFolder = scratch + "/" + (folder as NSString).lastPathComponent
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        guard (try? FileManager.default.createDirectory(atPath: baseFolder, withIntermediateDirectories: true)) != nil else {
            analysis.everythingReasons.append("\(path) changed and no scratch folder could be made to evaluate its base")
            return
        }
        // SwiftPM prints real paths; compare `.package(path:)` dependencies from real folders.
        baseFolder = FileSystem.realPath(baseFolder)
        guard FileManager.default.createFile(atPath: baseFolder + "/Package.swift", contents: baseManifest),
              let baseDump = try? tool.run(.dumpPackage, packageAt: baseFolder),
              let comparison = ManifestComparison.compare(base: baseDump, baseFolder: baseFolder, head: head, headFolder: FileSystem.realPath(folder)) else {
            analysis.everythingReasons.append("\(path) changed and its version at the base could not be evaluated")
            return
        }
        if !comparison.packageWide.isEmpty {
            for target in targets {
                analysis.seeds.append(ChangeSeed(target: target.id, file: path, reason: "package settings changed: \(comparison.packageWide.joined(separator: ", "))"))
            }
        }
        for (name, parts) in comparison.targets.sorted(by: { $0.key < $1.key }) {
            let id = TargetID(package: package.identity, name: name)
            if graph.target(id) != nil {
                analysis.seeds.append(ChangeSeed(target: id, file: path, reason: "declaration changed: \(parts.joined(separator: ", "))"))
            }
        }
        for target in graph.targets {
            for edge in target.dependencies {
                guard case .product(let product, let owner) = edge.destination else { continue }
                if owner == package.identity && comparison.products.contains(product) {
                    analysis.seeds.append(ChangeSeed(target: target.id, file: path, reason: "product \(product) changed"))
                } else if target.id.package == package.identity && comparison.dependencies.contains(owner) {
                    analysis.seeds.append(ChangeSeed(target: target.id, file: path, reason: "requirement of \(owner) changed"))
                }
            }
        }
    }

    /// The users of the packages whose pins moved.
    private func comparePins(path: String, absolute: String, into analysis: inout ChangeAnalysis) {
        guard let repository, let commit = comparisonCommit else {
            analysis.everythingReasons.append("\(path) changed and there is no --base to compare it with")
            return
        }
        let base = try? repository.contents(of: path, at: commit)
        let head = readsWorkingTree ? FileManager.default.contents(atPath: absolute) : (try? repository.contents(of: path, at: "HEAD")) ?? nil
        guard let changed = PackageResolved.changedIdentities(base: base ?? nil, head: head) else {
            analysis.everythingReasons.append("\(path) changed and could not be read as a Package.resolved")
            return
        }
        let localIdentities = Set(loaded.graph.packages.filter(\.isLocal).map(\.identity))
        var usedDirectly: Set<String> = []
        var usersOfRemoteProducts: [(TargetID, String, String)] = []
        for target in loaded.graph.targets {
            for edge in target.dependencies {
                guard case .product(let product, let owner) = edge.destination, !localIdentities.contains(owner) else { continue }
                usersOfRemoteProducts.append((target.id, product, owner))
                if changed.contains(owner) {
                    usedDirectly.insert(owner)
                    analysis.seeds.append(ChangeSeed(target: target.id, file: path, reason: "pin of \(owner) changed (uses \(product))"))
                }
            }
        }
        // A moved pin no target names is an indirect dependency, reached through some remote
        // package; without their manifests, every user of a remote product may be affected.
        let indirect = changed.subtracting(usedDirectly).subtracting(localIdentities).sorted()
        if !indirect.isEmpty {
            for (target, product, owner) in usersOfRemoteProducts {
                analysis.seeds.append(ChangeSeed(target: target, file: path,
                    reason: "pin of \(indirect.joined(separator: ", ")) changed, an indirect dependency (through \(product) of \(owner))"))
            }
        }
    }
}

/// `--format json` of `affected`: versioned, with every selected test's reasons.
struct AffectedReport: Encodable {
    struct Selected: Encodable {
        var target: String
        var file: String?
        var reason: String?
        /// From the test to the changed target.
        var path: [String]
    }

    var version = 1
    var tool = "bulkhead"
    var command = "affected"
    var base: String?
    var runEverything: Bool
    var everythingReasons: [String]
    var changedFiles: [String]
    var ignoredFiles: [String]
    var affectedTargets: [String]
    var tests: [Selected]

    init(selection: AffectedSelection, analysis: ChangeAnalysis, graph: ModuleGraph, base: String?) {
        self.base = base
        runEverything = selection.runsEverything
        everythingReasons = selection.everythingReasons
        changedFiles = analysis.changedFiles.flatMap(\.paths).sorted()
        ignoredFiles = analysis.ignored.sorted()
        affectedTargets = selection.affectedTargets.map(graph.displayName).sorted()
        tests = selection.selected.map { selected in
            Selected(target: graph.displayName(selected.test), file: selected.seed?.file, reason: selected.seed?.reason,
                     path: selected.path.map(graph.displayName))
        }.sorted { $0.target < $1.target }
    }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
