import FileAccess
import Formats
import ModuleGraph

extension TargetReader {
    /// What a target depends on and links.
    struct Links {
        var products: [XcodeProject.ProductDependency] = []
        /// Names of targets of the same project.
        var targets: [String] = []
        /// Products only its Frameworks phase links.
        var linkedProducts: [XcodeProject.ProductDependency] = []
        /// Targets of the same project only its Frameworks phase links, by name.
        var linkedTargets: [String] = []
        var otherProjectTargets: [XcodeProject.OtherProjectTarget] = []

        /// Puts the links into the target read.
        func fill(_ target: inout XcodeProject.NativeTarget) {
            target.linkedProducts = linkedProducts
            target.linkedTargets = linkedTargets
            target.otherProjectTargets = otherProjectTargets
        }
    }

    /// Its package product dependencies, target dependencies (in this project, or in another
    /// one through a container proxy) and every entry of its Frameworks build phase: package
    /// products by `productRef`, products of this project's targets, and products of other
    /// projects' targets through `PBXReferenceProxy`. System frameworks and SDK libraries are
    /// no target of the graph and are passed over.
    mutating func links(of identifier: String, namesByID: [String: String], tree: inout PBXGroupTree) throws(XcodeProjectError) -> Links {
        var result = Links()
        for dependency in try table.references("packageProductDependencies", of: identifier) {
            guard let product = try productDependency(dependency) else { continue }
            result.products.append(product)
        }
        for dependency in try table.references("dependencies", of: identifier) {
            if let target = try table.reference("target", of: dependency) {
                result.targets.append(namesByID[target] ?? table.string("name", of: target) ?? target)
            } else if let productReference = try table.reference("productRef", of: dependency) {
                if let product = try productDependency(productReference) { result.products.append(product) }
            } else if let proxy = try table.reference("targetProxy", of: dependency) {
                switch try proxyDestination(proxy, tree: &tree) {
                case .thisProject(let remote, let name)?:
                    result.targets.append(namesByID[remote] ?? name)
                case .otherProject(let project, let remote, let name)?:
                    result.otherProjectTargets.append(.init(project: project, remoteIdentifier: remote, name: name, isLinkOnly: false))
                case nil:
                    if let named = table.string("name", of: dependency) { result.targets.append(named) }
                }
            } else if let named = table.string("name", of: dependency) {
                result.targets.append(named)
            }
        }
        try readFrameworksPhase(of: identifier, namesByID: namesByID, tree: &tree, into: &result)
        return result
    }

    private mutating func readFrameworksPhase(of identifier: String, namesByID: [String: String], tree: inout PBXGroupTree,
                                              into result: inout Links) throws(XcodeProjectError) {
        var targetsByProduct: [String: String] = [:]
        for (target, name) in namesByID {
            if let product = table.string("productReference", of: target) { targetsByProduct[product] = name }
        }
        for phase in try table.references("buildPhases", of: identifier) where table.isa(phase) == "PBXFrameworksBuildPhase" {
            for buildFile in try table.references("files", of: phase) {
                if let productReference = try table.reference("productRef", of: buildFile) {
                    guard let product = try productDependency(productReference),
                          !result.products.contains(product), !result.linkedProducts.contains(product) else { continue }
                    result.linkedProducts.append(product)
                    continue
                }
                guard let file = try table.reference("fileRef", of: buildFile) else { continue }
                if let target = targetsByProduct[file] {
                    if !result.targets.contains(target) && !result.linkedTargets.contains(target) { result.linkedTargets.append(target) }
                } else if table.isa(file) == "PBXReferenceProxy", let proxy = try table.reference("remoteRef", of: file),
                          case .otherProject(let project, let remote, let name)? = try proxyDestination(proxy, tree: &tree) {
                    // A target dependency on the same target makes it declared already.
                    guard !result.otherProjectTargets.contains(where: { $0.project == project && $0.name == name }) else { continue }
                    result.otherProjectTargets.append(.init(project: project, remoteIdentifier: remote, name: name, isLinkOnly: true))
                }
                // Otherwise a system framework or SDK library (`sourceTree = SDKROOT`,
                // `System/Library/Frameworks/…`, `usr/lib/libz.tbd`), or a prebuilt binary on
                // disk: no target of the graph, and an import of it is a module outside it.
            }
        }
    }

    /// Where a `PBXContainerItemProxy` leads: a target of this project (its container is the
    /// project object) or of another project (a file reference to its `.xcodeproj`).
    enum ProxyDestination {
        case thisProject(remote: String, name: String)
        case otherProject(project: String, remote: String, name: String)
    }

    private mutating func proxyDestination(_ proxy: String, tree: inout PBXGroupTree) throws(XcodeProjectError) -> ProxyDestination? {
        guard let container = try table.reference("containerPortal", of: proxy),
              let remote = table.string("remoteGlobalIDString", of: proxy) else { return nil }
        let name = table.string("remoteInfo", of: proxy) ?? remote
        if table.isa(container) == "PBXProject" { return .thisProject(remote: remote, name: name) }
        guard table.isa(container) == "PBXFileReference", let path = try tree.path(of: container) else { return nil }
        return .otherProject(project: PathArithmetic.absolute(path, relativeTo: projectFolder), remote: remote, name: name)
    }

    /// A `XCSwiftPackageProductDependency` as the product it names; `plugin:Name` (a build-tool
    /// plugin: a build dependency, not a linked module) as `Name`.
    private func productDependency(_ dependency: String) throws(XcodeProjectError) -> XcodeProject.ProductDependency? {
        guard var product = table.string("productName", of: dependency) else { return nil }
        if product.hasPrefix("plugin:") { product.removeFirst(7) }
        return XcodeProject.ProductDependency(productName: product, package: try packageReference(of: dependency))
    }

    private func packageReference(of dependency: String) throws(XcodeProjectError) -> XcodeProject.PackageReference? {
        guard let package = try table.reference("package", of: dependency) else { return nil }
        switch table.isa(package) {
        case "XCLocalSwiftPackageReference":
            return table.string("relativePath", of: package).map { .local(relativePath: $0) }
        case "XCRemoteSwiftPackageReference":
            guard let url = table.string("repositoryURL", of: package) else { return nil }
            let requirement = table.object(package)?["requirement"]?.dictionary.map { requirement in
                requirement.keys.sorted().map { "\($0): \(requirement[$0]?.string ?? "")" }.joined(separator: ", ")
            }
            return .remote(url: url, requirement: requirement ?? "unspecified")
        default:
            return nil
        }
    }
}
