import Foundation
import Formats

/// The output of `swift package describe --type json`: SwiftPM's resolved view of a package,
/// which is where target paths, sources after `exclude:`, c99 module names and module types live.
struct PackageDescription: Decodable, Sendable {
    struct Target: Decodable, Sendable {
        var name: String
        var c99name: String?
        var type: String
        var module_type: String?
        var path: String
        var sources: [String]?
        var resources: [Resource]?
        var target_dependencies: [String]?
        var product_dependencies: [String]?
    }

    struct Resource: Decodable, Sendable {
        var path: String
    }

    struct Product: Decodable, Sendable {
        var name: String
        var targets: [String]
        var type: JSONValue
    }

    var name: String
    var targets: [Target]
    var products: [Product]?
}
