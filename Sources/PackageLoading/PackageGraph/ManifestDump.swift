import Formats
import Foundation
import ModuleGraph

/// The output of `swift package dump-package`: the manifest as written, which is where settings,
/// product types, requirements and dependency conditions live.
struct ManifestDump: Sendable {
    struct Target: Sendable {
        var name: String
        var type: String
        var path: String?
        var exclude: [String]?
        var sources: [String]?
        var dependencies: [JSONValue]?
        var resources: [Resource]?
        var settings: [Setting]?
        /// `plugins: ["Gen", .plugin(name:package:)]`: build tools the target runs.
        var pluginUsages: [JSONValue]?
    }

    struct Resource: Sendable {
        var path: String
        /// `{"process": {}}`, `{"copy": {}}` or `{"embedInCode": {}}`.
        var rule: JSONValue?

        /// `.process`: each file below the path is a resource of its own.
        var isProcessed: Bool { rule?.object?["process"] != nil }
    }

    struct Setting: Sendable {
        var tool: String
        var kind: [String: JSONValue]
        var condition: Condition?
    }

    struct Condition: Sendable {
        var platformNames: [String]?
        var config: String?
        /// `.when(traits:)`: holds when any of them is enabled in the package (`EnabledTraits`).
        var traits: [String]?

        var dependencyCondition: DependencyCondition? {
            let condition = DependencyCondition(platforms: platformNames.flatMap { $0.isEmpty ? nil : $0 }, configuration: config)
            return condition.isUnconditional ? nil : condition
        }
    }

    struct Product: Sendable {
        var name: String
        var targets: [String]
        var type: JSONValue
    }

    var name: String
    var targets: [Target]
    var products: [Product]
    var dependencies: [JSONValue]
    var toolsVersion: JSONValue?
    /// `platforms: [.iOS(.v17)]` as `[{ "platformName": "ios", "version": "17.0" }]`.
    var platforms: [DeclaredPlatform]?
    /// `swiftLanguageModes: [.v5, .v6]` (or `swiftLanguageVersions:`), as `["5", "6"]`: dump-package
    /// keeps the old key at the top level whichever the manifest spells.
    var swiftLanguageVersions: [String]?
    /// `traits: [.default(enabledTraits: ["A"]), "A", .trait(name: "B", enabledTraits: ["A"])]`:
    /// each trait with the traits it enables; the defaults are the trait named `default`.
    var traits: [DeclaredTrait]?

    struct DeclaredTrait: Sendable {
        var name: String
        var enabledTraits: [String]
    }

    struct DeclaredPlatform: Sendable {
        var platformName: String
    }

    /// A declared package dependency: `.package(path:)` or a remote one.
    struct PackageDependency: Sendable {
        var identity: String
        /// For `.package(path:)`: the absolute path.
        var path: String?
        var url: String?
        var requirement: String?
        /// The name given in `.package(name:path:)`, which `.product(package:)` may use.
        var nameForResolution: String?
        /// `.package(path:traits:)`: the traits of the dependency this package enables, each with
        /// the traits of this package that its `.when(traits:)` needs (nil: always); nil when the
        /// declaration names none, which enables the dependency's defaults.
        var traits: [TraitRequest]?
    }

    struct TraitRequest: Sendable {
        var name: String
        var condition: [String]?
    }

    var packageDependencies: [PackageDependency] {
        dependencies.compactMap { entry in
            guard let object = entry.object, let (kind, value) = object.first,
                  let details = value.array?.first?.object else { return nil }
            let identity = details["identity"]?.string ?? ""
            let traits = details["traits"]?.array.map { requests in
                requests.compactMap { request -> TraitRequest? in
                    guard let name = request.object?["name"]?.string else { return nil }
                    return TraitRequest(name: name, condition: request.object?["condition"]?.object?["traits"]?.array?.compactMap(\.string))
                }
            }
            switch kind {
            case "fileSystem":
                return PackageDependency(identity: identity, path: details["path"]?.string,
                                         nameForResolution: details["nameForTargetDependencyResolutionOnly"]?.string, traits: traits)
            case "sourceControl":
                let location = details["location"]?.object
                let url = location?["remote"]?.array?.first?.object?["urlString"]?.string
                    ?? location?["remote"]?.array?.first?.string ?? location?["local"]?.array?.first?.string
                return PackageDependency(identity: identity, url: url, requirement: Self.requirementText(details["requirement"]), traits: traits)
            case "registry":
                return PackageDependency(identity: identity, url: identity, requirement: Self.requirementText(details["requirement"]), traits: traits)
            default:
                return nil
            }
        }
    }

    /// `exact: 8.1.3`, `range: 1.0.0..<2.0.0`, `branch: main`.
    private static func requirementText(_ value: JSONValue?) -> String? {
        guard let object = value?.object, let (kind, detail) = object.first else { return nil }
        let values = detail.allStrings
        if kind == "range", let range = detail.array?.first?.object {
            return "range: \(range["lowerBound"]?.string ?? "?")..<\(range["upperBound"]?.string ?? "?")"
        }
        return values.isEmpty ? kind : "\(kind): \(values.joined(separator: ", "))"
    }

    var toolsVersionText: String? {
        toolsVersion?.object?["_version"]?.string
    }
}

/// One dependency of a target as the manifest spells it.
enum DeclaredDependency: Sendable {
    case byName(String, DependencyCondition?)
    case target(String, DependencyCondition?)
    case product(name: String, package: String?, DependencyCondition?)

    init?(_ value: JSONValue) {
        guard let object = value.object, let (kind, payload) = object.first, let items = payload.array else { return nil }
        func condition(at index: Int) -> DependencyCondition? {
            guard index < items.count, let members = items[index].object else { return nil }
            let platforms = members["platformNames"]?.array?.compactMap(\.string)
            let result = DependencyCondition(platforms: platforms.flatMap { $0.isEmpty ? nil : $0 }, configuration: members["config"]?.string)
            return result.isUnconditional ? nil : result
        }
        switch kind {
        case "byName":
            guard let name = items.first?.string else { return nil }
            self = .byName(name, condition(at: 1))
        case "target":
            guard let name = items.first?.string else { return nil }
            self = .target(name, condition(at: 1))
        case "product":
            guard let name = items.first?.string else { return nil }
            self = .product(name: name, package: items.count > 1 ? items[1].string : nil, condition(at: 3))
        default:
            return nil
        }
    }

    /// The traits a dependency's `.when(traits:)` names (any of them enables it), or nil when its
    /// condition names none.
    static func traitCondition(_ value: JSONValue) -> [String]? {
        guard let object = value.object, let (kind, payload) = object.first, let items = payload.array else { return nil }
        let index = kind == "product" ? 3 : 1
        guard index < items.count, let traits = items[index].object?["traits"]?.array else { return nil }
        return traits.compactMap(\.string)
    }

    /// The target `value` names (`.target(name:)`, or a plain name), as `init` reads it, without
    /// reading its condition; nil for a product.
    static func targetName(_ value: JSONValue) -> String? {
        guard let object = value.object, let (kind, payload) = object.first, kind == "byName" || kind == "target" else { return nil }
        return payload.array?.first?.string
    }
}
