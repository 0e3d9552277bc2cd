import Foundation
import ModuleGraph

/// The module graph of one package, or of every package in a repository, with what Bulkhead had
/// to assume on the way.
package struct LoadedGraph: Sendable {
    package var graph: ModuleGraph
    /// The root of the run, absolute (see `WorkspaceRoot`); package paths in the graph are
    /// relative to it, also when `--package-path` narrowed loading to a folder below it.
    package var root: String
    /// Things a person should know: a package loaded without `describe`, for instance.
    package var warnings: [String]
    /// The number of `swift package` invocations the load made.
    package var toolchainCalls: Int
    /// `dump-package` output per local package identity, for comparing manifests over time.
    package var manifestDumps: [String: Data]
    /// Every folder discovery took or skipped, relative to the folder it searched, for `--verbose`.
    package var discovery: [PackageDiscovery.Decision] = []
    /// The Xcode projects read, by their node's identity, for comparing a changed
    /// `project.pbxproj` target by target.
    package var projects: [String: XcodeProject] = [:]

    /// The absolute folder of a local package.
    package func folder(of package: PackageNode) -> String? {
        package.localPath.map { FileSystem.absolutePath($0, relativeTo: root) }
    }
}

/// Loads the graph through the toolchain: `describe` (paths, sources after `exclude:`, c99 names,
/// module types) and `dump-package` (settings, product types, requirements, conditions) for every
/// package, all at once up to `width` questions, merged into one `ModuleGraph`. The questions go
/// to a `PackageDescriber`: the real `swift` (its timeout set on the `SwiftPackageTool`), or
/// recordings in tests.
///
/// The Xcode projects discovery finds are read too (no toolchain call) and join the graph as
/// project nodes, with the local packages they reference.
/// A package's `.package(path:)` dependencies are loaded too, so edges cross packages. Products of
/// remote packages map to modules through `.build/checkouts` when present. When `describe` fails
/// (a binary artifact that is built elsewhere, say), the package is loaded from `dump-package`
/// with SwiftPM's default paths, and a warning says so.
package struct PackageGraphLoader: Sendable {
    package var describer: any PackageDescriber
    package var width: Int

    package init(describer: any PackageDescriber = SwiftPackageTool(), width: Int = ConcurrentJobs.defaultWidth) {
        self.describer = describer
        self.width = width
    }

    /// Every package below `path` (a package's nested packages included), as the root of the
    /// run: package paths in the graph are relative to it.
    package func load(at path: String, relativeTo base: String = FileSystem.currentDirectory) throws(InputError) -> LoadedGraph {
        let root = FileSystem.absolutePath(path, relativeTo: base)
        return try load(root: root, narrowedTo: nil, rules: .defaults, shownAs: path, relativeTo: base)
    }

    /// The packages of `root` (absolute), or only those of `folder` when narrowed (`--package-path`):
    /// the package there and its `.package(path:)` dependencies, or every package below a folder
    /// that is not one. Paths in the graph are relative to `root` either way. `shownAs` is the
    /// folder as the person named it, for the error when there is no package.
    package func load(root: String, narrowedTo folder: String?, rules: DiscoveryRules, shownAs: String? = nil,
                      relativeTo base: String = FileSystem.currentDirectory) throws(InputError) -> LoadedGraph {
        let start = folder ?? root
        let shown = shownAs ?? FileSystem.relativePath(start, to: base)
        guard FileSystem.isDirectory(start) else { throw .noPackageManifest(directory: shown) }
        var discovery: [PackageDiscovery.Decision] = []
        var pending: [String]
        // The Xcode projects below the folder searched join the graph, with the packages they
        // reference by path wherever those are; a package named by --package-path brings none.
        var projects = ProjectLoading.none
        if folder != nil && folder != root && FileSystem.isRegularFile(start + "/Package.swift") {
            pending = [start]
            discovery = [PackageDiscovery.Decision(folder: FileSystem.relativePath(start, to: root), isTaken: true, reason: "named by --package-path")]
        } else {
            let found = PackageDiscovery.discover(under: start, rules: rules)
            projects = try ProjectLoading.read(found, shownRelativeTo: base)
            pending = Array(Set(found.folders).union(projects.localPackageFolders)).sorted()
            let prefix = FileSystem.relativePath(start, to: root)
            discovery = found.decisions.map { decision in
                var decision = decision
                if prefix != "." { decision.folder = decision.folder == "." ? prefix : prefix + "/" + decision.folder }
                return decision
            }
        }
        guard !pending.isEmpty || !projects.projects.isEmpty else { throw .noPackageManifest(directory: shown) }
        // Fail early and clearly when there is no toolchain, rather than once per package; a
        // repository of projects alone needs none.
        if !pending.isEmpty { try describer.checkAvailable() }

        var loaded: [String: LoadedPackage] = [:]
        var missingDependencyWarnings: [String] = []
        var calls = 0
        while !pending.isEmpty {
            let round = try loadPackages(pending, shownRelativeTo: base)
            calls += pending.count * 2
            var next: Set<String> = []
            for package in round {
                loaded[package.folder] = package
                for dependency in package.dump.packageDependencies {
                    guard let dependencyPath = dependency.path else { continue }
                    let folder = FileSystem.absolutePath(dependencyPath)
                    // A folder missing from the checkout (a sibling repository, a generated
                    // package) leaves that dependency unresolved; the rest of the graph stands.
                    guard FileSystem.isRegularFile(folder + "/Package.swift") else {
                        missingDependencyWarnings.append(MissingPackageDependency.warning(
                            dependencyFolder: folder, manifestFolder: package.folder, root: root))
                        continue
                    }
                    if loaded[folder] == nil && !pending.contains(folder) { next.insert(folder) }
                }
            }
            pending = next.sorted()
        }

        let packages = loaded.keys.sorted().map { loaded[$0]! }
        let checkouts = loadCheckouts(for: packages, root: root)
        calls += checkouts.attempted
        let assembler = PackageAssembler(root: root, packages: packages)
        var graph = assembler.graph(checkouts: checkouts.products)
        var warnings = packages.compactMap(\.warning) + missingDependencyWarnings.sorted()
        var dumps: [String: Data] = [:]
        for package in packages { dumps[assembler.identity(of: package.folder) ?? ""] = package.dumpData }
        var projectsByIdentity: [String: XcodeProject] = [:]
        if !projects.projects.isEmpty {
            let joined = projects.join(graph, packageFolders: packages.map(\.folder), identityOf: assembler.identity(of:), root: root)
            graph = joined.graph
            warnings += joined.warnings
            projectsByIdentity = joined.projects
        }
        return LoadedGraph(graph: graph, root: root, warnings: warnings, toolchainCalls: calls, manifestDumps: dumps,
                           discovery: discovery, projects: projectsByIdentity)
    }

    /// Runs `describe` and `dump-package` for every folder, all in parallel.
    private func loadPackages(_ folders: [String], shownRelativeTo base: String) throws(InputError) -> [LoadedPackage] {
        let describer = self.describer
        let outputs = ConcurrentJobs.run(folders.count * 2, width: width) { job -> Result<Data, InputError> in
            let folder = folders[job / 2]
            return Result { () throws(InputError) -> Data in
                if job % 2 == 0 { try describer.dumpPackage(packageAt: folder) } else { try describer.describe(packageAt: folder) }
            }
        }
        var packages: [LoadedPackage] = []
        for (position, folder) in folders.enumerated() {
            let manifest = FileSystem.relativePath(folder + "/Package.swift", to: base)
            let dump: ManifestDump
            let dumpData: Data
            switch outputs[position * 2] {
            case .failure(let error):
                throw error
            case .success(let data):
                dumpData = data
                do {
                    dump = try JSONDecoder().decode(ManifestDump.self, from: data)
                } catch {
                    throw .unreadableManifest(manifest: folder + "/Package.swift", command: "dump-package", reason: String(describing: error))
                }
            }
            var description: PackageDescription?
            var warning: String?
            switch outputs[position * 2 + 1] {
            case .success(let data):
                do {
                    description = try JSONDecoder().decode(PackageDescription.self, from: data)
                } catch {
                    warning = "could not read `swift package describe` for \(manifest) (\(error)); loaded it from dump-package with SwiftPM's default paths"
                }
            case .failure(let error):
                // A timeout, a crash or a missing toolchain is the error itself.
                guard case .commandFailed = error else { throw error }
                let reason = Self.errorLines(of: error)
                // Only a binary artifact that is built elsewhere is worth loading around: any other
                // refusal (a dependency cycle, a target outside the package) fails a build too.
                guard reason.contains("artifact") else {
                    throw .packageRefused(manifest: manifest, reason: reason.hasPrefix("error: ") ? String(reason.dropFirst(7)) : reason)
                }
                warning = "`swift package describe` failed for \(manifest) (\(reason)); loaded it from dump-package with SwiftPM's default paths"
            }
            packages.append(LoadedPackage(folder: folder, dump: dump, dumpData: dumpData, description: description, warning: warning))
        }
        return packages
    }

    /// Describes the checkouts of remote dependencies that a previous resolve left in
    /// `.build/checkouts`, to learn which modules their products provide. A checkout is looked
    /// for beside the package that declares the dependency and beside the loaded root (a local
    /// dependency's remotes are checked out by the root), under the name its `Package.resolved`
    /// pin gives, else the name of the manifest's URL.
    private func loadCheckouts(for packages: [LoadedPackage], root: String) -> (products: [String: [String: [String]]], attempted: Int) {
        var folders: [String: String] = [:]  // identity → checkout folder
        var pinsByFolder: [String: ResolvedPins] = [:]
        func pins(_ folder: String) -> ResolvedPins {
            if let known = pinsByFolder[folder] { return known }
            let read = ResolvedPins.read(inPackageAt: folder)
            pinsByFolder[folder] = read
            return read
        }
        for package in packages {
            for dependency in package.dump.packageDependencies where folders[dependency.identity] == nil {
                guard let url = dependency.url else { continue }
                for base in [package.folder, root] {
                    let names = [pins(base).checkoutName(of: dependency.identity), Self.repositoryName(url)].compactMap { $0 }
                    if let found = names.lazy.map({ "\(base)/.build/checkouts/\($0)" }).first(where: { FileSystem.isRegularFile($0 + "/Package.swift") }) {
                        folders[dependency.identity] = found
                        break
                    }
                }
            }
        }
        let identities = folders.keys.sorted()
        let checkoutFolders = identities.map { folders[$0]! }
        let describer = self.describer
        let descriptions = ConcurrentJobs.run(identities.count, width: width) { index -> PackageDescription? in
            guard let data = try? describer.describe(packageAt: checkoutFolders[index]) else { return nil }
            return try? JSONDecoder().decode(PackageDescription.self, from: data)
        }
        var products: [String: [String: [String]]] = [:]
        for (identity, description) in zip(identities, descriptions) {
            guard let description else { continue }
            let moduleByTarget = Dictionary(description.targets.map { ($0.name, $0.c99name ?? $0.name) }, uniquingKeysWith: { first, _ in first })
            for product in description.products ?? [] {
                products[identity, default: [:]][product.name] = product.targets.compactMap { moduleByTarget[$0] }
            }
        }
        return (products, identities.count)
    }

    static func repositoryName(_ url: String) -> String {
        var name = url.split(separator: "/").last.map(String.init) ?? url
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name
    }

    /// Why a toolchain call failed: its `error:` lines, joined, since the first line of stderr
    /// is often a manifest warning; the first line when no line says `error:`.
    static func errorLines(of error: InputError) -> String {
        let text: String
        switch error {
        case .commandFailed(_, _, let standardError), .commandKilled(_, _, let standardError):
            text = standardError
        default:
            text = error.message
        }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let errors = lines.filter { $0.hasPrefix("error: ") || $0.contains(": error: ") }
        if errors.isEmpty { return lines.first ?? "no output" }
        return errors.joined(separator: "; ")
    }
}

/// What the toolchain said about one package.
struct LoadedPackage: Sendable {
    var folder: String
    var dump: ManifestDump
    var dumpData: Data
    /// Nil when `describe` failed and the default layout stands in for it.
    var description: PackageDescription?
    var warning: String?
}
