/// Why an Xcode project could not be read. Each case names the `project.pbxproj` (as given) and
/// what in it is wrong, so a person can open the file at the place.
package enum XcodeProjectError: Error, Sendable, Equatable {
    case unreadable(file: String, reason: String)
    /// Not an old-style (or XML) property list; the reason carries the parser's line.
    case notAPropertyList(file: String, reason: String)
    /// A property list, but not a project: no `objects`, no `rootObject`, or a key of the wrong type.
    case notAProject(file: String, reason: String)
    /// An object refers to an identifier that is not among the objects.
    case danglingReference(file: String, from: String, key: String, identifier: String)
    /// A group is its own ancestor.
    case groupCycle(file: String, group: String)

    package var message: String {
        switch self {
        case .unreadable(let file, let reason):
            "could not read the Xcode project '\(file)': \(reason)"
        case .notAPropertyList(let file, let reason):
            "the Xcode project '\(file)' is not a property list (\(reason)); open it in Xcode or restore it from version control"
        case .notAProject(let file, let reason):
            "'\(file)' is a property list but not an Xcode project: \(reason)"
        case .danglingReference(let file, let from, let key, let identifier):
            "the Xcode project '\(file)' is damaged: object \(from) refers in '\(key)' to \(identifier), which is not among its objects; open it in Xcode to repair it, or restore it from version control"
        case .groupCycle(let file, let group):
            "the Xcode project '\(file)' is damaged: group \(group) contains itself; restore it from version control"
        }
    }
}
