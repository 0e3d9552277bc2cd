import Formats
import Foundation

/// The pins of a `Package.resolved` (formats 1, 2 and 3): package identity → the pinned state.
package enum PackageResolved {
    package static func pins(_ data: Data) -> [String: String]? {
        guard let root = (try? JSONValue(parsing: data))?.object else { return nil }
        let pins = root["pins"]?.array ?? root["object"]?.object?["pins"]?.array
        guard let pins else { return nil }
        var result: [String: String] = [:]
        for pin in pins {
            guard let object = pin.object else { return nil }
            // Format 1 has no identity; SwiftPM derives it from the repository URL, not the name.
            let identity = object["identity"]?.string ?? object["repositoryURL"]?.string.map(identity(ofRepository:))
            guard let identity else { return nil }
            result[identity] = object["state"].map { $0.allStrings.joined(separator: " ") } ?? ""
        }
        return result
    }

    /// Identities whose pin was added, removed or moved; nil when either side is not a
    /// `Package.resolved`. A missing side has no pins.
    package static func changedIdentities(base: Data?, head: Data?) -> Set<String>? {
        let old = base.map(pins) ?? [:]
        let new = head.map(pins) ?? [:]
        guard let old, let new else { return nil }
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }

    /// `https://github.com/onevcat/Kingfisher.git` → `kingfisher`, as SwiftPM names a package
    /// by its repository.
    static func identity(ofRepository url: String) -> String {
        var name = url.split(separator: "/").last.map(String.init) ?? url
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.lowercased()
    }
}
