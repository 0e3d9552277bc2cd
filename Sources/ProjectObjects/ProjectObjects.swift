import Formats

/// The objects of a `project.pbxproj`, read once by the property-list reader with positions: the
/// one place that knows what each `isa` holds and how objects refer to each other, so the
/// project reader, the locator and the editor give one answer about a project file.
///
/// Objects are found by identifier (the last one when an identifier is written twice, as the
/// value reading keeps it). A reference that names no object is an error naming the object and
/// the key that hold it. Every object keeps the bytes it was read from (`entry(_:)`), so a place
/// in the file is the range the parser reported, never a search.
package struct ProjectObjects: Sendable {
    /// The whole document.
    package let document: PropertyListNode
    /// The `objects` dictionary.
    package let objectsNode: PropertyListNode
    /// `rootObject`: the project whose targets and settings are the file's. Nil in a file that
    /// names none, which only the locator and the editor accept (they place or refuse; the
    /// reader refuses such a file).
    package let rootIdentifier: String?
    private let entries: [String: PropertyListNode.Entry]
    private let identifiersByISA: [String: [String]]

    /// The objects of a document read by `OpenStepPropertyList.parseWithPositions`.
    package init(document: PropertyListNode) throws(ProjectObjectsError) {
        guard document.entries != nil else { throw .notAProject(reason: "the top level is not a dictionary") }
        guard let objectsNode = document["objects"]?.value, let list = objectsNode.entries else {
            throw .notAProject(reason: "it has no 'objects' dictionary")
        }
        var entries: [String: PropertyListNode.Entry] = [:]
        entries.reserveCapacity(list.count)
        for entry in list {
            guard entry.value.entries != nil else { throw .notAProject(reason: "object \(entry.key) is not a dictionary") }
            entries[entry.key] = entry
        }
        var byISA: [String: [String]] = [:]
        for (identifier, entry) in entries {
            if let isa = entry.value["isa"]?.value.string { byISA[isa, default: []].append(identifier) }
        }
        self.document = document
        self.objectsNode = objectsNode
        self.entries = entries
        identifiersByISA = byISA.mapValues { $0.sorted() }
        rootIdentifier = document["rootObject"]?.value.string
    }

    /// Reads `bytes` with positions and takes their objects.
    package init(bytes: [UInt8]) throws(ProjectObjectsError) {
        let document: PropertyListNode
        do {
            document = try OpenStepPropertyList.parseWithPositions(bytes)
        } catch {
            throw .notAProject(reason: "line \(error.line): \(error.message)")
        }
        try self.init(document: document)
    }

    package var count: Int { entries.count }

    /// `objectVersion` when it is a number.
    package var objectVersion: Int? { document["objectVersion"]?.value.string.flatMap { Int($0) } }

    // MARK: Objects by identifier

    package func contains(_ identifier: String) -> Bool { entries[identifier] != nil }

    /// An object's entry in `objects`: its identifier, its dictionary and the bytes from the
    /// identifier to the `;` after the dictionary.
    package func entry(_ identifier: String) -> PropertyListNode.Entry? { entries[identifier] }

    /// Every object identifier of the given `isa`, sorted (the file's own order is not kept).
    package func identifiers(isa: String) -> [String] { identifiersByISA[isa] ?? [] }

    /// The entries of `objects` whose `isa` is `isa`, in the file's order.
    package func entries(isa: String) -> [PropertyListNode.Entry] {
        (objectsNode.entries ?? []).filter { $0.value["isa"]?.value.string == isa }
    }

    package func isa(_ identifier: String) -> String? { string("isa", of: identifier) }

    /// The value of `key` of an object, with its positions.
    package func node(_ key: String, of identifier: String) -> PropertyListNode? { entries[identifier]?.value[key]?.value }

    /// The value of `key` of an object, without positions.
    package func value(_ key: String, of identifier: String) -> PropertyListValue? { node(key, of: identifier)?.value }

    package func string(_ key: String, of identifier: String) -> String? { node(key, of: identifier)?.string }

    /// A list of strings (references, mostly); a missing key is an empty list, and anything
    /// but a word in it is passed over.
    package func list(_ key: String, of identifier: String) -> [String] {
        node(key, of: identifier)?.items?.compactMap(\.value.string) ?? []
    }

    /// The items of the list `key` of an object with their ranges; nil when it is no list.
    package func items(_ key: String, of identifier: String) -> [PropertyListNode.Item]? { node(key, of: identifier)?.items }

    // MARK: References

    /// The object `key` of `identifier` refers to; nil when the key is absent, an error when it
    /// names no object.
    package func reference(_ key: String, of identifier: String) throws(ProjectObjectsError) -> String? {
        guard let target = string(key, of: identifier) else { return nil }
        guard entries[target] != nil else { throw .danglingReference(from: identifier, key: key, identifier: target) }
        return target
    }

    /// Every object the list `key` of `identifier` refers to, in order; an error when one names
    /// no object.
    package func references(_ key: String, of identifier: String) throws(ProjectObjectsError) -> [String] {
        let targets = list(key, of: identifier)
        for target in targets where entries[target] == nil {
            throw .danglingReference(from: identifier, key: key, identifier: target)
        }
        return targets
    }

    /// The root project's identifier; nil in a file that names none, an error when it names no
    /// object.
    package func rootProject() throws(ProjectObjectsError) -> String? {
        guard let root = rootIdentifier else { return nil }
        guard entries[root] != nil else { throw .danglingReference(from: "the project", key: "rootObject", identifier: root) }
        return root
    }
}
