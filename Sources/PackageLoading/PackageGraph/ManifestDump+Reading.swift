import Foundation
import Formats

/// `dump-package`'s JSON read into a `ManifestDump`: read as a `JSONValue` tree (the byte
/// reader of Formats), then field by field. `JSONDecoder` spent four fifths of a warm check's
/// loading in the `JSONValue` values nested in a dump; a field read here is a dictionary
/// lookup. As with `Decodable`, a missing or null optional field is nil, and a required field
/// missing or a field of the wrong kind is an error that names it.
extension ManifestDump {
    /// Why a dump could not be read: the field, as a path from the top (`targets[3].name`).
    struct ReadError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    init(reading data: Data) throws(ReadError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw ReadError(description: "not JSON: \(error)")
        }
        let top = try Fields(json, at: nil)
        name = try top.string("name")
        targets = try top.objects("targets").map(Target.init)
        products = try top.objects("products").map(Product.init)
        dependencies = try top.array("dependencies")
        toolsVersion = top.value("toolsVersion")
        platforms = try top.optionalObjects("platforms")?.map { fields throws(ReadError) in DeclaredPlatform(platformName: try fields.string("platformName")) }
        swiftLanguageVersions = try top.optionalStrings("swiftLanguageVersions")
        traits = try top.optionalObjects("traits")?.map { fields throws(ReadError) in
            DeclaredTrait(name: try fields.string("name"), enabledTraits: try fields.optionalStrings("enabledTraits") ?? [])
        }
    }
}

extension ManifestDump.Target {
    fileprivate init(_ fields: Fields) throws(ManifestDump.ReadError) {
        name = try fields.string("name")
        type = try fields.string("type")
        path = try fields.optionalString("path")
        exclude = try fields.optionalStrings("exclude")
        sources = try fields.optionalStrings("sources")
        dependencies = try fields.optionalArray("dependencies")
        resources = try fields.optionalObjects("resources")?.map { resource throws(ManifestDump.ReadError) in
            ManifestDump.Resource(path: try resource.string("path"), rule: resource.value("rule"))
        }
        settings = try fields.optionalObjects("settings")?.map { setting throws(ManifestDump.ReadError) in
            ManifestDump.Setting(tool: try setting.string("tool"), kind: try setting.object("kind").members,
                                 condition: try setting.optionalObject("condition").map { condition throws(ManifestDump.ReadError) in
                                     ManifestDump.Condition(platformNames: try condition.optionalStrings("platformNames"),
                                                            config: try condition.optionalString("config"),
                                                            traits: try condition.optionalStrings("traits"))
                                 })
        }
        pluginUsages = try fields.optionalArray("pluginUsages")
    }
}

extension ManifestDump.Product {
    fileprivate init(_ fields: Fields) throws(ManifestDump.ReadError) {
        name = try fields.string("name")
        targets = try fields.strings("targets")
        guard let type = fields.value("type") else { throw fields.missing("type") }
        self.type = type
    }
}

/// One JSON object's members, with where it is for errors (nil: the top).
private struct Fields {
    let members: [String: JSONValue]
    let place: String?

    init(_ value: JSONValue, at place: String?) throws(ManifestDump.ReadError) {
        guard let members = value.object else { throw ManifestDump.ReadError(description: "\(place ?? "the dump") is not an object") }
        self.members = members
        self.place = place
    }

    /// The member, nil when missing or null.
    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    func missing(_ key: String) -> ManifestDump.ReadError {
        ManifestDump.ReadError(description: "\(path(key)) is missing")
    }

    private func path(_ key: String) -> String { place.map { "\($0).\(key)" } ?? key }

    private func wrongKind(_ key: String, _ kind: String) -> ManifestDump.ReadError {
        ManifestDump.ReadError(description: "\(path(key)) is not \(kind)")
    }

    func string(_ key: String) throws(ManifestDump.ReadError) -> String {
        guard let value = try optionalString(key) else { throw missing(key) }
        return value
    }

    func optionalString(_ key: String) throws(ManifestDump.ReadError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw wrongKind(key, "a string") }
        return text
    }

    func array(_ key: String) throws(ManifestDump.ReadError) -> [JSONValue] {
        guard let items = try optionalArray(key) else { throw missing(key) }
        return items
    }

    func optionalArray(_ key: String) throws(ManifestDump.ReadError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let items = value.array else { throw wrongKind(key, "an array") }
        return items
    }

    func strings(_ key: String) throws(ManifestDump.ReadError) -> [String] {
        guard let items = try optionalStrings(key) else { throw missing(key) }
        return items
    }

    func optionalStrings(_ key: String) throws(ManifestDump.ReadError) -> [String]? {
        guard let items = try optionalArray(key) else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard let text = item.string else { throw wrongKind(key, "a list of strings") }
            strings.append(text)
        }
        return strings
    }

    func object(_ key: String) throws(ManifestDump.ReadError) -> Fields {
        guard let fields = try optionalObject(key) else { throw missing(key) }
        return fields
    }

    func optionalObject(_ key: String) throws(ManifestDump.ReadError) -> Fields? {
        guard let value = value(key) else { return nil }
        return try Fields(value, at: path(key))
    }

    func objects(_ key: String) throws(ManifestDump.ReadError) -> [Fields] {
        guard let fields = try optionalObjects(key) else { throw missing(key) }
        return fields
    }

    func optionalObjects(_ key: String) throws(ManifestDump.ReadError) -> [Fields]? {
        guard let items = try optionalArray(key) else { return nil }
        var fields: [Fields] = []
        fields.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            fields.append(try Fields(item, at: "\(path(key))[\(index)]"))
        }
        return fields
    }
}
