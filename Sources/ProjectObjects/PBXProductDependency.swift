import Formats

/// An `XCSwiftPackageProductDependency`: a product of a package a target depends on.
package struct PBXProductDependency: Sendable, Hashable {
    package var identifier: String
    /// The product's name; for a build-tool plugin, written `plugin:Name`, the `Name`.
    package var productName: String
    /// Written `plugin:Name`: the target runs the plugin during its build and links nothing.
    package var isPlugin: Bool
    /// The package reference it names; nil for a product of a package the project holds as a
    /// folder (before Xcode 15) or its workspace holds.
    package var package: String?
    /// The `productName = …;` entry.
    package var nameRange: Range<Int>

    /// What Xcode writes before a plugin's name.
    package static let pluginPrefix = "plugin:"
}

/// A package a project references.
package enum PBXPackageReference: Sendable, Hashable {
    /// `XCLocalSwiftPackageReference`: a folder relative to the one holding the `.xcodeproj`.
    case local(relativePath: String)
    /// `XCRemoteSwiftPackageReference`: a repository and its requirement (`kind`,
    /// `minimumVersion`…), nil when it states none.
    case remote(url: String, requirement: [String: String]?)
}

extension ProjectObjects {
    /// The product dependency `identifier` names: any object with a `productName` (Xcode writes
    /// it as `XCSwiftPackageProductDependency`); nil when it has none. An error when its
    /// `package` names no object.
    package func productDependency(_ identifier: String) throws(ProjectObjectsError) -> PBXProductDependency? {
        guard let name = entry(identifier)?.value["productName"], var product = name.value.string else { return nil }
        let isPlugin = product.hasPrefix(PBXProductDependency.pluginPrefix)
        if isPlugin { product.removeFirst(PBXProductDependency.pluginPrefix.count) }
        return PBXProductDependency(identifier: identifier, productName: product, isPlugin: isPlugin,
                                    package: try reference("package", of: identifier), nameRange: name.range)
    }

    /// The package reference `identifier` names; nil when it is another object, or a local one
    /// without a path or a remote one without a URL.
    package func packageReference(_ identifier: String) -> PBXPackageReference? {
        switch isa(identifier) {
        case "XCLocalSwiftPackageReference":
            return string("relativePath", of: identifier).map { .local(relativePath: $0) }
        case "XCRemoteSwiftPackageReference":
            guard let url = string("repositoryURL", of: identifier) else { return nil }
            let requirement = value("requirement", of: identifier)?.dictionary?.mapValues { $0.string ?? "" }
            return .remote(url: url, requirement: requirement)
        default:
            return nil
        }
    }
}
