import Diagnostics
import Formats
import Foundation

/// What changed between two versions of one manifest, read from `dump-package` output: which
/// targets' declarations (dependencies, settings, path, resources, sources, type), which
/// products' contents, which remote requirements, and whether something package-wide changed.
package struct ManifestComparison: Sendable, Equatable {
    /// Target name → the parts of its declaration that changed (`added` for a new target).
    package var targets: [String: [String]] = [:]
    /// Target name → its build settings that changed, each with the configurations it changed
    /// in (`SWIFT_STRICT_CONCURRENCY (Debug, Release)`), sorted: an Xcode project's summary
    /// carries every target's resolved settings (`ProjectSummary`).
    package var settings: [String: [String]] = [:]
    package var products: Set<String> = []
    /// Identities of dependencies whose declaration changed.
    package var dependencies: Set<String> = []
    /// Keys outside targets, products and dependencies that changed (`platforms`, …): every
    /// target of the package is affected.
    package var packageWide: [String] = []
    /// Targets of the base version that are gone or live elsewhere now, by name: the files
    /// that disappeared from their old folders left with them.
    package var departed: [DepartedTarget] = []

    /// Compares two `dump-package` outputs; nil when either is not a JSON object.
    package static func compare(base: ManifestVersion, head: ManifestVersion) -> ManifestComparison? {
        guard let old = (try? JSONValue(parsing: base.dump))?.object,
              let new = (try? JSONValue(parsing: head.dump))?.object else { return nil }
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

        for (name, before) in oldTargets.sorted(by: { $0.key < $1.key }) {
            let after = newTargets[name]
            guard after == nil || after?.object?["path"] != before.object?["path"] else { continue }
            comparison.departed.append(DepartedTarget(name: name, folders: DepartedTarget.folders(name: name, path: before.object?["path"]?.string),
                                                      removed: after == nil))
        }

        let oldProducts = byName(old["products"])
        for (name, product) in byName(new["products"]) where oldProducts[name] != product {
            comparison.products.insert(name)
        }

        let oldDependencies = dependencies(old["dependencies"], relativeTo: base.folder)
        for (identity, declaration) in dependencies(new["dependencies"], relativeTo: head.folder) where oldDependencies[identity] != declaration {
            comparison.dependencies.insert(identity)
        }

        // `packageKind` holds the folder the manifest was read from, which differs by design.
        let ignored: Set<String> = ["targets", "products", "dependencies", "packageKind"]
        comparison.packageWide = Set(new.keys).union(old.keys).subtracting(ignored).filter { old[$0] != new[$0] }.sorted()
        return comparison
    }

    /// Each setting whose value differs between the two versions (configuration → setting →
    /// value), with the configurations where it does: a configuration on one side only changes
    /// every setting it sets.
    static func changedSettings(base old: [String: [String: String]], head new: [String: [String: String]]) -> [String] {
        var configurationsByKey: [String: Set<String>] = [:]
        for configuration in Set(old.keys).union(new.keys) {
            let before = old[configuration] ?? [:]
            let after = new[configuration] ?? [:]
            for key in Set(before.keys).union(after.keys) where before[key] != after[key] {
                configurationsByKey[key, default: []].insert(configuration)
            }
        }
        return configurationsByKey.keys.sorted().map { key in
            "\(key) (\((configurationsByKey[key] ?? []).sorted().joined(separator: ", ")))"
        }
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
            if kind == "fileSystem", let path = details["path"]?.string, path.hasPrefix("/") {
                details["path"] = JSONValue(.string(PathArithmetic.relative(PathArithmetic.absolute(path, relativeTo: "/"), to: folder)))
            }
            result[identity] = JSONValue(.object([kind: JSONValue(.object(details))]))
        }
        return result
    }
}
