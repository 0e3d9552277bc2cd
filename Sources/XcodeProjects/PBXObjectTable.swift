import FileAccess
import Formats
import ProjectObjects

/// The project's `ProjectObjects` as the reader asks them: each failure an `XcodeProjectError`
/// naming the `project.pbxproj`, so the reader's steps throw one error type.
struct PBXObjectTable {
    let file: String
    let objects: ProjectObjects

    var count: Int { objects.count }

    /// Every object identifier of the given `isa`, sorted (the file's own order is not kept).
    func identifiers(isa: String) -> [String] { objects.identifiers(isa: isa) }

    func contains(_ identifier: String) -> Bool { objects.contains(identifier) }

    func isa(_ identifier: String) -> String? { objects.isa(identifier) }

    func string(_ key: String, of identifier: String) -> String? { objects.string(key, of: identifier) }

    func value(_ key: String, of identifier: String) -> PropertyListValue? { objects.value(key, of: identifier) }

    /// A list of strings (references, mostly); a missing key is an empty list.
    func list(_ key: String, of identifier: String) -> [String] { objects.list(key, of: identifier) }

    func reference(_ key: String, of identifier: String) throws(XcodeProjectError) -> String? {
        try mapped { () throws(ProjectObjectsError) in try objects.reference(key, of: identifier) }
    }

    func references(_ key: String, of identifier: String) throws(XcodeProjectError) -> [String] {
        try mapped { () throws(ProjectObjectsError) in try objects.references(key, of: identifier) }
    }

    /// `body`'s answer, its failure named as the file's.
    func mapped<Value>(_ body: () throws(ProjectObjectsError) -> Value) throws(XcodeProjectError) -> Value {
        do {
            return try body()
        } catch {
            throw XcodeProjectError(error, file: file)
        }
    }
}

extension XcodeProjectError {
    init(_ error: ProjectObjectsError, file: String) {
        switch error {
        case .notAProject(let reason): self = .notAProject(file: file, reason: reason)
        case .danglingReference(let from, let key, let identifier): self = .danglingReference(file: file, from: from, key: key, identifier: identifier)
        }
    }
}
