import Formats
import ModuleGraph

extension TargetReader {
    /// What a target depends on.
    struct Links {
        var products: [XcodeProject.ProductDependency] = []
        /// Names of targets of the same project.
        var targets: [String] = []
    }

    /// Its package product dependencies and target dependencies.
    func links(of identifier: String, namesByID: [String: String]) throws(XcodeProjectError) -> Links {
        var result = Links()
        for dependency in try table.references("packageProductDependencies", of: identifier) {
            guard var product = table.string("productName", of: dependency) else { continue }
            // `plugin:Name` applies a build-tool plugin: a build dependency, not a linked module.
            if product.hasPrefix("plugin:") { product.removeFirst(7) }
            result.products.append(XcodeProject.ProductDependency(productName: product, package: try packageReference(of: dependency)))
        }
        for dependency in try table.references("dependencies", of: identifier) {
            if let target = try table.reference("target", of: dependency) {
                result.targets.append(namesByID[target] ?? table.string("name", of: target) ?? target)
            } else if let productReference = try table.reference("productRef", of: dependency),
                      var product = table.string("productName", of: productReference) {
                if product.hasPrefix("plugin:") { product.removeFirst(7) }
                result.products.append(XcodeProject.ProductDependency(productName: product, package: try packageReference(of: productReference)))
            } else if let named = table.string("name", of: dependency) {
                result.targets.append(named)
            }
        }
        return result
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
