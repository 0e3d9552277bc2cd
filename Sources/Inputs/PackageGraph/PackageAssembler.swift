import Foundation
import ModuleGraph

/// Merges what `describe` and `dump-package` said about each package into graph nodes:
/// `describe` for where things are and what modules are called, `dump-package` for how the
/// manifest declares them.
struct PackageAssembler {
    let root: String
    private(set) var warnings: [String] = []
    private var packages: [PackageNode] = []
    private var targets: [Target] = []
    /// Per package: the declared dependencies, to resolve `byName` and `.product(package:)`.
    private var declared: [String: [ManifestDump.PackageDependency]] = [:]
    private var packageNames: [String: String] = [:]  // lowercased manifest name → identity
    private var remote: [String: PackageNode] = [:]

    init(root: String) { self.root = root }

    mutating func add(_ loaded: LoadedPackage) {
        let identity = Self.identity(ofFolder: loaded.folder)
        let relative = FileSystem.relativePath(loaded.folder, to: root)
        let dump = loaded.dump
        let dependencies = dump.packageDependencies
        declared[identity] = dependencies
        packageNames[dump.name.lowercased()] = identity
        for dependency in dependencies where dependency.path == nil {
            remote[dependency.identity] = PackageNode(
                identity: dependency.identity, name: dependency.identity,
                origin: .remote(url: dependency.url ?? dependency.identity, requirement: dependency.requirement ?? "unspecified"))
        }
        packages.append(PackageNode(
            identity: identity, name: dump.name, origin: .local(path: relative),
            products: dump.products.map(Self.product), dependencies: dependencies.map(\.identity).sorted(),
            toolsVersion: dump.toolsVersionText))

        let described = Dictionary((loaded.description?.targets ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let localNames = Set(dump.targets.map(\.name))
        for target in dump.targets {
            targets.append(makeTarget(target, described: described[target.name], packageIdentity: identity,
                                      folder: loaded.folder, localNames: localNames, dependencies: dependencies))
        }
    }

    private func makeTarget(_ target: ManifestDump.Target, described: PackageDescription.Target?, packageIdentity: String,
                            folder: String, localNames: Set<String>, dependencies: [ManifestDump.PackageDependency]) -> Target {
        let kind = Self.kind(dumpType: target.type, describedType: described?.type, moduleType: described?.module_type)
        let path = described.map { FileSystem.relativePath($0.path, to: folder) } ?? DefaultTargetLayout.path(for: target, packageRoot: folder)
        let resources = described?.resources?.map { FileSystem.relativePath($0.path, to: folder) }
            ?? (target.resources ?? []).map { "\(path)/\($0.path)" }
        let sources = described?.sources ?? (kind == .binary ? [] : DefaultTargetLayout.sources(
            in: path, packageRoot: folder, excluding: (target.exclude ?? []) + (target.resources ?? []).map(\.path)))
        var moduleName = described?.c99name ?? DefaultTargetLayout.c99Name(target.name)
        if kind == .systemLibrary || kind == .cFamily, let mapped = DefaultTargetLayout.moduleMapName(in: "\(folder)/\(path)") {
            moduleName = mapped
        }
        let settings = (target.settings ?? []).map { setting in
            BuildSetting(tool: setting.tool, kind: setting.kind.keys.sorted().first ?? "",
                         values: setting.kind.values.flatMap(\.allStrings), condition: setting.condition?.dependencyCondition)
        }
        let edges = (target.dependencies ?? []).compactMap(DeclaredDependency.init).map { declaredDependency in
            edge(for: declaredDependency, packageIdentity: packageIdentity, localNames: localNames, dependencies: dependencies)
        }
        return Target(id: TargetID(package: packageIdentity, name: target.name), kind: kind, moduleName: moduleName,
                      path: path, sources: sources, resources: resources.sorted(), settings: settings, dependencies: edges)
    }

    /// `byName` names a target of the same package when there is one, else a product of a
    /// dependency; `.product(package:)` may spell the package by identity or by manifest name.
    private func edge(for declared: DeclaredDependency, packageIdentity: String, localNames: Set<String>,
                      dependencies: [ManifestDump.PackageDependency]) -> DependencyEdge {
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

    private func resolve(packageReference: String, among dependencies: [ManifestDump.PackageDependency]) -> String {
        let lowered = packageReference.lowercased()
        if let match = dependencies.first(where: { $0.identity == lowered }) { return match.identity }
        if let identity = packageNames[lowered], dependencies.contains(where: { $0.identity == identity }) { return identity }
        if let match = dependencies.first(where: { $0.url.map { PackageGraphLoader.repositoryName($0).lowercased() == lowered } ?? false }) {
            return match.identity
        }
        return lowered
    }

    /// For `byName` products: the dependency whose identity matches the name, else the only one.
    private func owner(ofProduct name: String, among dependencies: [ManifestDump.PackageDependency]) -> String {
        if let match = dependencies.first(where: { $0.identity == name.lowercased() }) { return match.identity }
        return dependencies.count == 1 ? dependencies[0].identity : name.lowercased()
    }

    /// The graph, with remote products mapped to modules: from their checkouts when described,
    /// else by the product's name, marked as a guess.
    mutating func graph(checkouts: [String: [String: [String]]]) -> ModuleGraph {
        let localIdentities = Set(packages.map(\.identity))
        var externals: Set<ExternalProduct> = []
        for target in targets {
            for edge in target.dependencies {
                guard case .product(let name, let package) = edge.destination, !localIdentities.contains(package) else { continue }
                if let modules = checkouts[package]?[name] {
                    externals.insert(ExternalProduct(name: name, package: package, modules: modules, isGuess: false))
                } else {
                    externals.insert(ExternalProduct(name: name, package: package, modules: [name], isGuess: true))
                }
            }
        }
        let remotePackages = remote.values.filter { !localIdentities.contains($0.identity) }
        return ModuleGraph(packages: packages + remotePackages, targets: targets, externalProducts: Array(externals))
    }

    // MARK: Helpers

    /// SwiftPM's identity of a local package: its folder's name, lowercased.
    static func identity(ofFolder folder: String) -> String {
        (folder as NSString).lastPathComponent.lowercased()
    }

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
