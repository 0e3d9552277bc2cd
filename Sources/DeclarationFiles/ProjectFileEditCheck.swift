import Formats

/// The check every project-file edit passes before it is kept: both versions read by the
/// value-only parser (a second reading, independent of the positions that placed the edit), and
/// compared object by object with what the edit intends. Every object it does not mean to change
/// must be equal, and every one it does must be exactly as intended; so a splice that lands in
/// the wrong place — a key deleted, a comment swallowing an entry — is refused, not written.
struct ProjectFileEditCheck {
    /// Objects the edit means to change: identifier → the object after it, nil when removed.
    var intended: [String: [String: PropertyListValue]?] = [:]

    /// Nil when `after` is exactly `before` with the intended objects; else what went wrong.
    func problem(before: [UInt8], after: [UInt8]) -> String? {
        problem(before: try? OpenStepPropertyList.parse(before), after: try? OpenStepPropertyList.parse(after))
    }

    /// `problem(before:after:)` of both files as the value-only parser read them (nil when it
    /// could not), so the reading of one edit's result is the "before" of the next.
    func problem(before: PropertyListValue?, after: PropertyListValue?) -> String? {
        guard case .dictionary(let old)? = before else { return "the project file did not read before the edit" }
        guard case .dictionary(let new)? = after else { return "the edit would leave the project file unreadable" }
        guard let oldObjects = old["objects"]?.dictionary, let newObjects = new["objects"]?.dictionary else {
            return "the edit would leave the project without its objects"
        }
        for key in Set(old.keys).union(new.keys).sorted() where key != "objects" && old[key] != new[key] {
            return "the edit would change the project's '\(key)'"
        }
        for id in Set(oldObjects.keys).union(newObjects.keys).union(intended.keys).sorted() {
            let expected = intended[id].map { $0.map(PropertyListValue.dictionary) } ?? oldObjects[id]
            guard newObjects[id] != expected else { continue }
            if intended[id] == nil { return "the edit would change object \(id), which it does not mean to touch" }
            return "the edit would not give object \(id) exactly the intended change"
        }
        return nil
    }
}
