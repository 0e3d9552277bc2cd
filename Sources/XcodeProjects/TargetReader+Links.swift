import FileAccess
import Formats
import ModuleGraph
import ProjectObjects

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
            switch try table.mapped({ () throws(ProjectObjectsError) in try table.objects.destination(ofDependency: dependency) }) {
            case .target(let name), .named(let name):
                result.targets.append(name)
            case .product(let product):
                result.products.append(productDependency(product))
            case .otherProject(let proxy, let fileReference):
                if let project = try otherProject(fileReference, tree: &tree) {
                    result.otherProjectTargets.append(.init(project: project, remoteIdentifier: proxy.remoteIdentifier, name: proxy.remoteInfo, isLinkOnly: false))
                } else if let named = table.string("name", of: dependency) {
                    // A project file reference outside the project's folders: the name it records.
                    result.targets.append(named)
                }
            case .unresolved:
                break
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
                } else if table.isa(file) == "PBXReferenceProxy", let proxyID = try table.reference("remoteRef", of: file),
                          let proxy = try table.mapped({ () throws(ProjectObjectsError) in try table.objects.containerProxy(proxyID) }),
                          case .fileReference(let fileReference) = proxy.container, let project = try otherProject(fileReference, tree: &tree) {
                    // A target dependency on the same target makes it declared already.
                    guard !result.otherProjectTargets.contains(where: { $0.project == project && $0.name == proxy.remoteInfo }) else { continue }
                    result.otherProjectTargets.append(.init(project: project, remoteIdentifier: proxy.remoteIdentifier, name: proxy.remoteInfo, isLinkOnly: true))
                }
                // Otherwise a system framework or SDK library (`sourceTree = SDKROOT`,
                // `System/Library/Frameworks/…`, `usr/lib/libz.tbd`), or a prebuilt binary on
                // disk: no target of the graph, and an import of it is a module outside it.
            }
        }
    }

    /// The `.xcodeproj` a container proxy's file reference names, absolute; nil when the
    /// reference is outside the project (no path the group tree resolves).
    private mutating func otherProject(_ fileReference: String, tree: inout PBXGroupTree) throws(XcodeProjectError) -> String? {
        try tree.path(of: fileReference).map { PathArithmetic.absolute($0, relativeTo: projectFolder) }
    }

    /// The product dependency `identifier` names, as the project's model holds it (a plugin's
    /// `plugin:` dropped: a build dependency, not a linked module); nil when it names no product.
    private func productDependency(_ identifier: String) throws(XcodeProjectError) -> XcodeProject.ProductDependency? {
        try table.mapped { () throws(ProjectObjectsError) in try table.objects.productDependency(identifier) }.map(productDependency)
    }

    private func productDependency(_ product: PBXProductDependency) -> XcodeProject.ProductDependency {
        let package: XcodeProject.PackageReference? = switch product.package.flatMap(table.objects.packageReference) {
        case .local(let relativePath)?: .local(relativePath: relativePath)
        case .remote(let url, let requirement)?:
            .remote(url: url, requirement: requirement.map { requirement in
                requirement.keys.sorted().map { "\($0): \(requirement[$0] ?? "")" }.joined(separator: ", ")
            } ?? "unspecified")
        case nil: nil
        }
        return XcodeProject.ProductDependency(productName: product.productName, package: package)
    }
}
