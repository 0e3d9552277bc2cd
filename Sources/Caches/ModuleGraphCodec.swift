import FileAccess
import ModuleGraph

/// A `ModuleGraph` in the cache's byte format (`CacheWriter`), field by field in declaration
/// order, for the loaded-graph cache (`LoadedGraphCache`). Every field of every type is written:
/// `ModuleGraphCodecTests` counts each type's stored properties against `fieldCounts`, so a field
/// added to the model and not here fails a test rather than coming back empty from the cache.
///
/// A graph holding what only an Xcode project gives (a product type, a linkage, a diamond setting) is not encoded at all:
/// projects are never cached (their inputs are not all listings and manifests).
package enum ModuleGraphCodec {
    /// The stored properties of each type the codec writes, as written below.
    static let fieldCounts: [String: Int] = [
        "TargetID": 2, "Target": 14, "BuildSetting": 4, "DependencyCondition": 2, "DependencyEdge": 3,
        "PackageNode": 12, "Product": 4, "RemoteRequirement": 2, "ResolvedPin": 4, "ExternalProduct": 6,
    ]

    /// The graph's packages, targets and external products; nil when a target has a product type.
    package static func encode(_ graph: ModuleGraph, into writer: inout CacheWriter) -> Bool {
        guard graph.targets.allSatisfy({ $0.productType == nil && $0.linkage == nil && !$0.keepsStaticDiamonds }) else { return false }
        writer.integer(graph.packages.count)
        for package in graph.packages { writer.package(package) }
        writer.integer(graph.targets.count)
        for target in graph.targets { writer.target(target) }
        writer.integer(graph.externalProducts.count)
        for product in graph.externalProducts { writer.externalProduct(product) }
        return true
    }

    /// The graph `encode` wrote; nil for bytes that do not read as one.
    package static func decode(from reader: inout CacheReader) -> ModuleGraph? {
        guard let packages = reader.list({ $0.package() }), let targets = reader.list({ $0.target() }),
              let products = reader.list({ $0.externalProduct() }) else { return nil }
        return ModuleGraph(packages: packages, targets: targets, externalProducts: products)
    }
}

extension CacheWriter {
    fileprivate mutating func targetID(_ id: TargetID) {
        string(id.package)
        string(id.name)
    }

    fileprivate mutating func condition(_ condition: DependencyCondition?) {
        guard let condition else { return integer(0) }
        integer(1)
        optionalStrings(condition.platforms)
        optionalString(condition.configuration)
    }

    fileprivate mutating func target(_ target: Target) {
        targetID(target.id)
        string(target.kind.rawValue)
        string(target.moduleName)
        string(target.path)
        strings(target.sources)
        strings(target.resources)
        integer(target.settings.count)
        for setting in target.settings {
            string(setting.tool)
            string(setting.kind)
            strings(setting.values)
            condition(setting.condition)
        }
        integer(target.dependencies.count)
        for edge in target.dependencies {
            switch edge.destination {
            case .target(let id):
                integer(0)
                targetID(id)
            case .product(let name, let package):
                integer(1)
                string(name)
                string(package)
            }
            condition(edge.condition)
            string(edge.arrival.rawValue)
        }
        // The product type: never encoded (see `ModuleGraphCodec.encode`), nor the linkage and
        // the diamond setting, which only a project target has.
        integer(0)
        optionalString(target.testHost)
        strings(target.platforms)
        flag(target.isModuleGuessed)
    }

    fileprivate mutating func package(_ package: PackageNode) {
        string(package.identity)
        string(package.name)
        switch package.origin {
        case .local(let path):
            integer(0)
            string(path)
        case .remote(let url, let requirement):
            integer(1)
            string(url)
            string(requirement)
        case .project(let path):
            integer(2)
            string(path)
        }
        integer(package.products.count)
        for product in package.products {
            string(product.name)
            string(product.type)
            optionalString(product.linkage)
            strings(product.targets)
        }
        strings(package.dependencies)
        optionalString(package.toolsVersion)
        strings(package.platforms)
        strings(package.languageModes)
        integer(package.remoteRequirements.count)
        for (identity, requirement) in package.remoteRequirements.sorted(by: { $0.key < $1.key }) {
            string(identity)
            string(requirement.url)
            string(requirement.requirement)
        }
        if let pins = package.resolvedPins {
            integer(1)
            integer(pins.count)
            for (identity, pin) in pins.sorted(by: { $0.key < $1.key }) {
                string(identity)
                string(pin.location)
                optionalString(pin.version)
                optionalString(pin.branch)
                optionalString(pin.revision)
            }
        } else {
            integer(0)
        }
        string(package.manifestFileName)
        integer(package.declaredDependencyNames.count)
        for (identity, name) in package.declaredDependencyNames.sorted(by: { $0.key < $1.key }) {
            string(identity)
            string(name)
        }
    }

    fileprivate mutating func externalProduct(_ product: ExternalProduct) {
        string(product.name)
        string(product.package)
        strings(product.modules)
        flag(product.isGuess)
        strings(product.buildsModules)
        flag(product.dependsOnOtherPackages)
    }
}

extension CacheReader {
    fileprivate mutating func targetID() -> TargetID? {
        guard let package = string(), let name = string() else { return nil }
        return TargetID(package: package, name: name)
    }

    fileprivate mutating func condition() -> DependencyCondition?? {
        switch unsigned() {
        case 0: return .some(nil)
        case 1:
            guard let platforms = optionalStrings(), let configuration = optionalString() else { return nil }
            return .some(DependencyCondition(platforms: platforms, configuration: configuration))
        default: return nil
        }
    }

    fileprivate mutating func target() -> Target? {
        guard let id = targetID(), let kind = string().flatMap(TargetKind.init(rawValue:)), let moduleName = string(),
              let path = string(), let sources = strings(), let resources = strings() else { return nil }
        let settings: [BuildSetting]? = list { reader in
            guard let tool = reader.string(), let kind = reader.string(), let values = reader.strings(),
                  let condition = reader.condition() else { return nil }
            return BuildSetting(tool: tool, kind: kind, values: values, condition: condition)
        }
        let dependencies: [DependencyEdge]? = list { reader in
            let destination: DependencyEdge.Destination
            switch reader.unsigned() {
            case 0:
                guard let id = reader.targetID() else { return nil }
                destination = .target(id)
            case 1:
                guard let name = reader.string(), let package = reader.string() else { return nil }
                destination = .product(name: name, package: package)
            default:
                return nil
            }
            guard let condition = reader.condition(), let arrival = reader.string().flatMap(DependencyEdge.Arrival.init(rawValue:)) else { return nil }
            return DependencyEdge(destination, condition: condition, arrival: arrival)
        }
        guard let settings, let dependencies, unsigned() == 0, let testHost = optionalString(), let platforms = strings(),
              let isModuleGuessed = flag() else { return nil }
        return Target(id: id, kind: kind, moduleName: moduleName, path: path, sources: sources, resources: resources, settings: settings,
                      dependencies: dependencies, productType: nil, testHost: testHost, platforms: platforms, isModuleGuessed: isModuleGuessed)
    }

    fileprivate mutating func package() -> PackageNode? {
        guard let identity = string(), let name = string() else { return nil }
        let origin: PackageNode.Origin
        switch unsigned() {
        case 0:
            guard let path = string() else { return nil }
            origin = .local(path: path)
        case 1:
            guard let url = string(), let requirement = string() else { return nil }
            origin = .remote(url: url, requirement: requirement)
        case 2:
            guard let path = string() else { return nil }
            origin = .project(path: path)
        default:
            return nil
        }
        let products: [Product]? = list { reader in
            guard let name = reader.string(), let type = reader.string(), let linkage = reader.optionalString(),
                  let targets = reader.strings() else { return nil }
            return Product(name: name, type: type, linkage: linkage, targets: targets)
        }
        guard let products, let dependencies = strings(), let toolsVersion = optionalString(), let platforms = strings(),
              let languageModes = strings() else { return nil }
        var node = PackageNode(identity: identity, name: name, origin: origin, products: products, dependencies: dependencies,
                               toolsVersion: toolsVersion)
        node.platforms = platforms
        node.languageModes = languageModes
        guard let requirements: [(String, RemoteRequirement)] = list({ reader in
            guard let identity = reader.string(), let url = reader.string(), let requirement = reader.string() else { return nil }
            return (identity, RemoteRequirement(url: url, requirement: requirement))
        }) else { return nil }
        node.remoteRequirements = Dictionary(requirements, uniquingKeysWith: { first, _ in first })
        switch unsigned() {
        case 0:
            node.resolvedPins = nil
        case 1:
            guard let pins: [(String, ResolvedPin)] = list({ reader in
                guard let identity = reader.string(), let location = reader.string(), let version = reader.optionalString(),
                      let branch = reader.optionalString(), let revision = reader.optionalString() else { return nil }
                return (identity, ResolvedPin(location: location, version: version, branch: branch, revision: revision))
            }) else { return nil }
            node.resolvedPins = Dictionary(pins, uniquingKeysWith: { first, _ in first })
        default:
            return nil
        }
        guard let manifestFileName = string() else { return nil }
        node.manifestFileName = manifestFileName
        guard let names: [(String, String)] = list({ reader in
            guard let identity = reader.string(), let name = reader.string() else { return nil }
            return (identity, name)
        }) else { return nil }
        node.declaredDependencyNames = Dictionary(names, uniquingKeysWith: { first, _ in first })
        return node
    }

    fileprivate mutating func externalProduct() -> ExternalProduct? {
        guard let name = string(), let package = string(), let modules = strings(), let isGuess = flag(),
              let buildsModules = strings(), let dependsOnOtherPackages = flag() else { return nil }
        return ExternalProduct(name: name, package: package, modules: modules, isGuess: isGuess, buildsModules: buildsModules,
                               dependsOnOtherPackages: dependsOnOtherPackages)
    }
}
