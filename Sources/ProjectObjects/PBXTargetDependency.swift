import Formats

/// What a `PBXTargetDependency` of a target leads to, read one way for the reader, the locator
/// and the editor: a target it names (`target`), else a package product (`productRef`), else
/// where its `targetProxy` leads, else the `name` it records.
package enum PBXDependencyDestination: Sendable, Hashable {
    /// A target of this project, by name: `target`, or a proxy whose container is this project
    /// (the name of the target it names, else the `remoteInfo` it records).
    case target(name: String)
    case product(PBXProductDependency)
    /// A target of another project, through a proxy whose container is that project's file reference.
    case otherProject(PBXContainerProxy, fileReference: String)
    /// Nothing but a `name`: a proxy Bulkhead cannot follow, or none.
    case named(String)
    case unresolved

    /// The name a finding about the dependency spells.
    package var name: String? {
        switch self {
        case .target(let name), .named(let name): name
        case .product(let product): product.productName
        case .otherProject(let proxy, _): proxy.remoteInfo
        case .unresolved: nil
        }
    }
}

/// A `PBXContainerItemProxy`: an object of this project or of another one, named by identifier.
package struct PBXContainerProxy: Sendable, Hashable {
    package enum Container: Sendable, Hashable {
        /// `containerPortal` is a `PBXProject`.
        case thisProject
        /// `containerPortal` is a `PBXFileReference` to another `.xcodeproj`.
        case fileReference(String)
    }

    package var identifier: String
    package var container: Container
    /// `remoteGlobalIDString`: the object it names there.
    package var remoteIdentifier: String
    /// `remoteInfo`, else the remote identifier: the name the proxy records.
    package var remoteInfo: String
}

extension ProjectObjects {
    /// Where the target dependency `identifier` leads; an error when a key it follows names no object.
    package func destination(ofDependency identifier: String) throws(ProjectObjectsError) -> PBXDependencyDestination {
        if let target = try reference("target", of: identifier) {
            return .target(name: string("name", of: target) ?? target)
        }
        if let product = try reference("productRef", of: identifier) {
            return try productDependency(product).map(PBXDependencyDestination.product) ?? .unresolved
        }
        if let proxyID = try reference("targetProxy", of: identifier), let proxy = try containerProxy(proxyID) {
            switch proxy.container {
            case .thisProject:
                return .target(name: self.target(proxy.remoteIdentifier)?.name ?? proxy.remoteInfo)
            case .fileReference(let file):
                return .otherProject(proxy, fileReference: file)
            }
        }
        return string("name", of: identifier).map(PBXDependencyDestination.named) ?? .unresolved
    }

    /// The container proxy `identifier` names; nil when it lacks its container or remote
    /// identifier, or its container is neither a project nor a file reference.
    package func containerProxy(_ identifier: String) throws(ProjectObjectsError) -> PBXContainerProxy? {
        guard let container = try reference("containerPortal", of: identifier),
              let remote = string("remoteGlobalIDString", of: identifier) else { return nil }
        let info = string("remoteInfo", of: identifier) ?? remote
        switch isa(container) {
        case "PBXProject": return PBXContainerProxy(identifier: identifier, container: .thisProject, remoteIdentifier: remote, remoteInfo: info)
        case "PBXFileReference": return PBXContainerProxy(identifier: identifier, container: .fileReference(container), remoteIdentifier: remote, remoteInfo: info)
        default: return nil
        }
    }
}
