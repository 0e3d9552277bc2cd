import FileAccess
import Foundation
import ModuleGraph

/// Merges what the toolchain said about each package into graph nodes: `dump-package` for how
/// the manifest declares things, the package's layout (SwiftPM's rules, or `describe` where they
/// could not decide) for where they are and what modules are called. Every package is known before any edge is resolved, so a
/// `.product(package:)` finds its package whatever order the folders sort in.
struct PackageAssembler {
    let root: String
    private let loaded: [LoadedPackage]
    /// The identity of each loaded package by folder: its folder's name, lowercased, as SwiftPM
    /// names it — or, when two folders share a name, its path from the root, so that no two
    /// packages are merged.
    private let identityByFolder: [String: String]
    /// The compiler version of the toolchain that read the manifests (`ToolchainVersion`), nil
    /// when it did not answer: which version-specific manifest SwiftPM reads turns on all three
    /// numbers. Asked only for a package that has one.
    private let compilerVersion: @Sendable () -> [Int]?

    init(root: String, packages: [LoadedPackage], compilerVersion: @escaping @Sendable () -> [Int]? = { nil }) {
        self.root = root
        self.compilerVersion = compilerVersion
        self.loaded = packages.sorted { $0.folder < $1.folder }
        let names = Dictionary(grouping: loaded.map(\.folder), by: Self.identity(ofFolder:))
        var identities: [String: String] = [:]
        for (name, folders) in names {
            for folder in folders {
                identities[folder] = folders.count == 1 ? name : FileSystem.relativePath(folder, to: root).lowercased()
            }
        }
        identityByFolder = identities
    }

    /// The graph, with remote products mapped to modules: from their checkouts when described,
    /// else by the product's name, marked as a guess.
    func graph(checkouts: [String: [String: CheckoutProduct]]) -> ModuleGraph {
        var packages: [PackageNode] = []
        var targets: [Target] = []
        var remote: [String: PackageNode] = [:]
        let traits = EnabledTraits.resolve(loaded.map { package in
            EnabledTraits.Package(identity: identityByFolder[package.folder]!, declared: package.dump.traits ?? [],
                                  requests: resolvedDependencies(of: package).map { ($0.identity, $0.dependency.traits) })
        })
        for package in loaded {
            let identity = identityByFolder[package.folder]!
            let dependencies = resolvedDependencies(of: package)
            for (dependency, resolved) in dependencies where dependency.path == nil {
                remote[resolved] = PackageNode(
                    identity: resolved, name: resolved,
                    origin: .remote(url: dependency.url ?? resolved, requirement: dependency.requirement ?? "unspecified"))
            }
            var node = PackageNode(
                identity: identity, name: package.dump.name, origin: .local(path: FileSystem.relativePath(package.folder, to: root)),
                products: package.dump.products.map(Self.product), dependencies: dependencies.map(\.identity).sorted(),
                toolsVersion: package.dump.toolsVersionText)
            node.platforms = (package.dump.platforms ?? []).map(\.platformName)
            node.languageModes = package.dump.swiftLanguageVersions ?? []
            node.manifestFileName = ManifestChoice.fileName(inPackageAt: package.folder, readToolsVersion: package.dump.toolsVersionText,
                                                             toolsVersion: { ManifestChoice.toolsVersion(ofCompiler: compilerVersion()) })
            for (dependency, resolved) in dependencies {
                if let name = dependency.nameForResolution { node.declaredDependencyNames[resolved] = name }
            }
            for (dependency, resolved) in dependencies where dependency.path == nil {
                node.remoteRequirements[resolved] = RemoteRequirement(url: dependency.url ?? resolved, requirement: dependency.requirement ?? "unspecified")
            }
            let pins = ResolvedPins.read(inPackageAt: package.folder)
            node.resolvedPins = pins.isPresent ? pins.pins : nil
            packages.append(node)
            let described = Dictionary((package.description?.targets ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let localNames = Set(package.dump.targets.map(\.name))
            for target in package.dump.targets {
                targets.append(makeTarget(target, described: described[target.name], laidOut: package.layout.targets[target.name], packageIdentity: identity,
                                          folder: package.folder, localNames: localNames, dependencies: dependencies, traits: traits[identity] ?? []))
            }
            // Snippets (`Snippets/*.swift`) are targets SwiftPM makes, not the manifest: only
            // `describe` lists them. They build as executables, so no test depends on them.
            for snippet in package.description?.targets ?? [] where snippet.type == "snippet" && !localNames.contains(snippet.name) {
                targets.append(Target(
                    id: TargetID(package: identity, name: snippet.name), kind: .snippet, moduleName: snippet.c99name ?? snippet.name,
                    path: FileSystem.relativePath(FileSystem.absolutePath(snippet.path, relativeTo: package.folder), to: package.folder),
                    sources: snippet.sources ?? [], resources: [], settings: [],
                    dependencies: (snippet.target_dependencies ?? []).sorted().map { DependencyEdge(.target(TargetID(package: identity, name: $0))) }))
            }
        }

        let localIdentities = Set(packages.map(\.identity))
        var externals: Set<ExternalProduct> = []
        for target in targets {
            for edge in target.dependencies {
                guard case .product(let name, let package) = edge.destination, !localIdentities.contains(package) else { continue }
                if let described = checkouts[package]?[name] {
                    externals.insert(described.external(name: name, package: package))
                } else {
                    externals.insert(.guessed(name: name, package: package))
                }
            }
        }
        let remotePackages = remote.values.filter { !localIdentities.contains($0.identity) }
        return ModuleGraph(packages: packages + remotePackages, targets: targets, externalProducts: Array(externals))
    }

    /// A package's declared dependencies with the identity each resolves to: the loaded package
    /// a `.package(path:)` points at, or the remote identity.
    private func resolvedDependencies(of package: LoadedPackage) -> [(dependency: ManifestDump.PackageDependency, identity: String)] {
        package.dump.packageDependencies.map { dependency in
            if let path = dependency.path, let identity = identityByFolder[FileSystem.absolutePath(path)] {
                return (dependency, identity)
            }
            return (dependency, dependency.identity)
        }
    }

    private func makeTarget(_ target: ManifestDump.Target, described: PackageDescription.Target?, laidOut: TargetLayout?, packageIdentity: String,
                            folder: String, localNames: Set<String>,
                            dependencies: [(dependency: ManifestDump.PackageDependency, identity: String)], traits: Set<String>) -> Target {
        let moduleType = described?.module_type ?? (laidOut?.isCFamily == true ? "ClangTarget" : nil)
        let kind = Self.kind(dumpType: target.type, describedType: described?.type, moduleType: moduleType)
        let path = described.map { FileSystem.relativePath($0.path, to: folder) } ?? laidOut?.path ?? DefaultTargetLayout.path(for: target, packageRoot: folder)
        let resources = described.map { ($0.resources ?? []).map { FileSystem.relativePath($0.path, to: folder) } } ?? laidOut?.resources ?? []
        let sources = described.map { $0.sources ?? [] } ?? (kind == .binary ? [] : laidOut?.sources ?? [])
        var moduleName = described?.c99name ?? DefaultTargetLayout.c99Name(target.name)
        if kind == .systemLibrary || kind == .cFamily, let mapped = DefaultTargetLayout.moduleMapName(in: "\(folder)/\(path)") {
            moduleName = mapped
        }
        // A binary target's module is whatever its artifact provides, not its target's name; with
        // no artifact to read, the name stands only as a guess.
        var isModuleGuessed = false
        if kind == .binary {
            if let provided = BinaryArtifactModules.moduleNames(inArtifact: "\(folder)/\(path)").first {
                moduleName = provided
            } else {
                isModuleGuessed = true
            }
        }
        // Traits are settled here, once per package: a setting or dependency whose
        // `.when(traits:)` fails is not in the build, and each enabled trait is a `-D` of every
        // Swift compile (`swift build -v`: `-DTrait`), after the target's own settings.
        var settings = (target.settings ?? []).filter { EnabledTraits.holds($0.condition?.traits, enabled: traits) }.map { setting in
            BuildSetting(tool: setting.tool, kind: setting.kind.keys.sorted().first ?? "",
                         values: setting.kind.values.flatMap(\.allStrings), condition: setting.condition?.dependencyCondition)
        }
        settings += traits.sorted().map { BuildSetting(tool: "swift", kind: "define", values: [$0]) }
        let declaredDependencies = (target.dependencies ?? []).filter { EnabledTraits.holds(DeclaredDependency.traitCondition($0), enabled: traits) }
        var edges = declaredDependencies.compactMap(DeclaredDependency.init).map { declaredDependency in
            edge(for: declaredDependency, packageIdentity: packageIdentity, localNames: localNames, dependencies: dependencies)
        }
        // A build-tool plugin the target applies is a build dependency too: changing the plugin or
        // its tool rebuilds the target. It arrives as a plugin: applied, never imported.
        for usage in target.pluginUsages ?? [] {
            guard let items = usage.object?["plugin"]?.array, let name = items.first?.string else { continue }
            let declaredDependency: DeclaredDependency = items.count > 1 && items[1].string != nil
                ? .product(name: name, package: items[1].string, nil) : .byName(name, nil)
            var applied = edge(for: declaredDependency, packageIdentity: packageIdentity, localNames: localNames, dependencies: dependencies)
            applied.arrival = .plugin
            edges.append(applied)
        }
        return Target(id: TargetID(package: packageIdentity, name: target.name), kind: kind, moduleName: moduleName,
                      path: path, sources: sources, resources: resources.sorted(), settings: settings, dependencies: edges,
                      isModuleGuessed: isModuleGuessed)
    }

    /// `byName` names a target of the same package when there is one, else a product of a
    /// dependency; `.product(package:)` may spell the package by identity, by manifest name, or
    /// by the name given in `.package(name:path:)`.
    private func edge(for declared: DeclaredDependency, packageIdentity: String, localNames: Set<String>,
                      dependencies: [(dependency: ManifestDump.PackageDependency, identity: String)]) -> DependencyEdge {
        switch declared {
        case .target(let name, let condition):
            return DependencyEdge(.target(TargetID(package: packageIdentity, name: name)), condition: condition)
        case .byName(let name, let condition):
            if localNames.contains(name) {
                return DependencyEdge(.target(TargetID(package: packageIdentity, name: name)), condition: condition)
            }
            return DependencyEdge(.product(name: name, package: owner(ofProduct: name, among: dependencies)), condition: condition)
        case .product(let name, let package, let condition):
            let identity = package.map { resolve(packageReference: $0, among: dependencies) } ?? owner(ofProduct: name, among: dependencies)
            return DependencyEdge(.product(name: name, package: identity), condition: condition)
        }
    }

    private func resolve(packageReference: String, among dependencies: [(dependency: ManifestDump.PackageDependency, identity: String)]) -> String {
        let lowered = packageReference.lowercased()
        for (dependency, identity) in dependencies {
            let local = loadedPackage(identity: identity)
            let spellings = [dependency.identity, identity, dependency.nameForResolution?.lowercased(), local?.dump.name.lowercased(),
                             dependency.url.map { PackageGraphLoader.repositoryName($0).lowercased() }]
            if spellings.contains(lowered) { return identity }
        }
        return lowered
    }

    /// For `byName` products: the dependency that offers a product of that name (local packages
    /// are known), else the one whose identity is the name, else the only one.
    private func owner(ofProduct name: String, among dependencies: [(dependency: ManifestDump.PackageDependency, identity: String)]) -> String {
        if let local = dependencies.first(where: { loadedPackage(identity: $0.identity)?.dump.products.contains { $0.name == name } ?? false }) {
            return local.identity
        }
        if let match = dependencies.first(where: { $0.identity == name.lowercased() }) { return match.identity }
        return dependencies.count == 1 ? dependencies[0].identity : name.lowercased()
    }

    private func loadedPackage(identity: String) -> LoadedPackage? {
        loaded.first { identityByFolder[$0.folder] == identity }
    }

    // MARK: Helpers

    /// SwiftPM's identity of a local package: its folder's name, lowercased.
    static func identity(ofFolder folder: String) -> String {
        (folder as NSString).lastPathComponent.lowercased()
    }

    /// The identity the assembler gave the package in `folder`.
    func identity(of folder: String) -> String? { identityByFolder[folder] }

    static func kind(dumpType: String, describedType: String?, moduleType: String?) -> TargetKind {
        if moduleType == "ClangTarget" { return .cFamily }
        switch describedType ?? dumpType {
        case "executable": return .executable
        case "test": return .test
        case "macro": return .macro
        case "plugin": return .plugin
        case "binary": return .binary
        case "system-target", "system": return .systemLibrary
        default: return .library
        }
    }

    static func product(_ product: ManifestDump.Product) -> Product {
        let (type, detail) = product.type.object?.first ?? ("library", .null)
        return Product(name: product.name, type: type, linkage: type == "library" ? detail.allStrings.first : nil, targets: product.targets)
    }
}
