/// Why the objects of a project file cannot be read as a project. The reader turns each case
/// into its own error naming the file; the locator and the editor, which name no file, into a
/// place on line 1 or a refusal.
package enum ProjectObjectsError: Error, Sendable, Equatable {
    /// A property list, but not a project: the reason says which part is missing or of the wrong type.
    case notAProject(reason: String)
    /// Object `from` refers in `key` to `identifier`, which is not among the objects.
    case danglingReference(from: String, key: String, identifier: String)
}
