import Foundation

/// What changed between two versions of one manifest, read from `dump-package` output: which
/// targets' declarations (dependencies, settings, path, resources, sources, type), which
/// products' contents, which remote requirements, and whether something package-wide changed.
package struct ManifestComparison: Sendable, Equatable {
    /// Target name → the parts of its declaration that changed (`added` for a new target).
    package var targets: [String: [String]] = [:]
    package var products: Set<String> = []
    /// Identities of dependencies whose declaration changed.
    package var dependencies: Set<String> = []
    /// Keys outside targets, products and dependencies that changed (`platforms`, …): every
    /// target of the package is affected.
    package var packageWide: [String] = []

    /// Compares `dump-package` outputs; `baseFolder` and `headFolder` are where each manifest
    /// was evaluated, so that `.package(path:)` dependencies compare by their relative paths.
    package static func compare(base: Data, baseFolder: String, head: Data, headFolder: String) -> ManifestComparison? {
        guard case .object(let old)? = try? JSONDecoder().decode(JSONValue.self, from: base),
              case .object(let new)? = try? JSONDecoder().decode(JSONValue.self, from: head) else { return nil }
        var comparison = ManifestComparison()

        let oldTargets = byName(old["targets"])
        let newTargets = byName(new["targets"])
        for (name, target) in newTargets {
            guard let before = oldTargets[name] else {
                comparison.targets[name] = ["added"]
                continue
            }
            let keys = Set((target.object ?? [:]).keys).union((before.object ?? [:]).keys)
            let changed = keys.filter { target.object?[$0] != before.object?[$0] }.sorted()
            if !changed.isEmpty { comparison.targets[name] = changed }
        }

        let oldProducts = byName(old["products"])
        for (name, product) in byName(new["products"]) where oldProducts[name] != product {
            comparison.products.insert(name)
        }

        let oldDependencies = dependencies(old["dependencies"], relativeTo: baseFolder)
        for (identity, declaration) in dependencies(new["dependencies"], relativeTo: headFolder) where oldDependencies[identity] != declaration {
            comparison.dependencies.insert(identity)
        }

        // `packageKind` holds the folder the manifest was read from, which differs by design.
        let ignored: Set<String> = ["targets", "products", "dependencies", "packageKind"]
        comparison.packageWide = Set(new.keys).union(old.keys).subtracting(ignored).filter { old[$0] != new[$0] }.sorted()
        return comparison
    }

    private static func byName(_ value: JSONValue?) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for item in value?.array ?? [] {
            if let name = item.object?["name"]?.string { result[name] = item }
        }
        return result
    }

    /// Each dependency by identity, with a `.package(path:)` path made relative to its manifest.
    private static func dependencies(_ value: JSONValue?, relativeTo folder: String) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for entry in value?.array ?? [] {
            guard let (kind, payload) = entry.object?.first, var details = payload.array?.first?.object,
                  let identity = details["identity"]?.string else { continue }
            if kind == "fileSystem", let path = details["path"]?.string {
                details["path"] = .string(FileSystem.relativePath(path, to: folder))
            }
            result[identity] = .object([kind: .object(details)])
        }
        return result
    }
}

/// The pins of a `Package.resolved` (formats 1, 2 and 3): package identity → the pinned state.
package enum PackageResolved {
    package static func pins(_ data: Data) -> [String: String]? {
        guard case .object(let root)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        let pins = root["pins"]?.array ?? root["object"]?.object?["pins"]?.array
        guard let pins else { return nil }
        var result: [String: String] = [:]
        for pin in pins {
            guard let object = pin.object else { return nil }
            // Format 1 has no identity; SwiftPM derives it from the repository URL, not the name.
            let identity = object["identity"]?.string
                ?? object["repositoryURL"]?.string.map { PackageGraphLoader.repositoryName($0).lowercased() }
            guard let identity else { return nil }
            result[identity] = object["state"].map { $0.allStrings.joined(separator: " ") } ?? ""
        }
        return result
    }

    /// Identities whose pin was added, removed or moved.
    package static func changedIdentities(base: Data?, head: Data?) -> Set<String>? {
        let old = base.map(pins) ?? [:]
        let new = head.map(pins) ?? [:]
        guard let old, let new else { return nil }
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }
}
