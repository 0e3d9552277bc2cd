import FileAccess
import Formats
/// The `objects` of a `project.pbxproj` with typed access: each object is a dictionary of
/// strings, lists of strings and nested dictionaries, found by its identifier. Looking a
/// reference up throws when it dangles, naming the object and the key that hold it.
struct PBXObjectTable {
    let file: String
    private let objects: [String: [String: PropertyListValue]]
    private let identifiersByISA: [String: [String]]

    init(file: String, objects: [String: [String: PropertyListValue]]) {
        self.file = file
        self.objects = objects
        var byISA: [String: [String]] = [:]
        for (identifier, object) in objects {
            if let isa = object["isa"]?.string { byISA[isa, default: []].append(identifier) }
        }
        identifiersByISA = byISA.mapValues { $0.sorted() }
    }

    var count: Int { objects.count }

    /// Every object identifier of the given `isa`, sorted (the file's own order is not kept).
    func identifiers(isa: String) -> [String] { identifiersByISA[isa] ?? [] }

    func object(_ identifier: String) -> [String: PropertyListValue]? { objects[identifier] }

    func isa(_ identifier: String) -> String? { objects[identifier]?["isa"]?.string }

    func string(_ key: String, of identifier: String) -> String? {
        objects[identifier]?[key]?.string
    }

    /// A list of strings (references, mostly); a missing key is an empty list.
    func list(_ key: String, of identifier: String) -> [String] {
        objects[identifier]?[key]?.array?.compactMap(\.string) ?? []
    }

    /// The object `key` of `identifier` refers to; nil when the key is absent, an error when it
    /// names no object.
    func reference(_ key: String, of identifier: String) throws(XcodeProjectError) -> String? {
        guard let target = string(key, of: identifier) else { return nil }
        guard objects[target] != nil else { throw .danglingReference(file: file, from: identifier, key: key, identifier: target) }
        return target
    }

    /// Every object the list `key` of `identifier` refers to, in order; an error when one names
    /// no object.
    func references(_ key: String, of identifier: String) throws(XcodeProjectError) -> [String] {
        let targets = list(key, of: identifier)
        for target in targets where objects[target] == nil {
            throw .danglingReference(file: file, from: identifier, key: key, identifier: target)
        }
        return targets
    }

    /// The build settings of every configuration in the `XCConfigurationList` of `identifier`,
    /// by configuration name.
    func buildSettings(of identifier: String) throws(XcodeProjectError) -> [String: [String: PropertyListValue]] {
        guard let list = try reference("buildConfigurationList", of: identifier) else { return [:] }
        var result: [String: [String: PropertyListValue]] = [:]
        for configuration in try references("buildConfigurations", of: list) {
            let name = string("name", of: configuration) ?? configuration
            result[name] = objects[configuration]?["buildSettings"]?.dictionary ?? [:]
        }
        return result
    }
}
