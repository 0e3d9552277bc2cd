/// Why a file could not be written, without the path itself, so each command can name the file
/// as the person wrote it ("the report", "the baseline").
package enum WriteFailure: Error, Sendable, Equatable {
    /// The folder that would hold the file does not exist (absolute).
    case missingFolder(String)
    /// The path names a folder.
    case isFolder
    /// Something on the way to the file is a file, not a folder.
    case parentNotFolder
    /// The folder exists but a new file cannot be created in it (absolute folder, errno text).
    case folderNotWritable(folder: String, reason: String)
    /// `/dev/fd/N` for a descriptor this process does not have open.
    case closedDescriptor(Int32)
    /// A block device or a socket: never a place for a report.
    case unsupportedKind(String)
    /// What the system said (`no space left on device`, `input/output error`).
    case system(String)

    /// The sentence after "cannot write 'x': ", with paths shown relative to `base` when given.
    package func reason(relativeTo base: String? = nil) -> String {
        func shown(_ path: String) -> String { base.map { FileSystem.relativePath(path, to: $0) } ?? path }
        return switch self {
        case .missingFolder(let folder): "the folder '\(shown(folder))' does not exist; create it first"
        case .isFolder: "it is a folder; name a file"
        case .parentNotFolder: "a part of the path is a file, not a folder; name a file in a folder"
        case .folderNotWritable(let folder, let reason): "cannot create a file in '\(shown(folder))' (\(reason)); choose a folder you can write to"
        case .closedDescriptor(let descriptor): "descriptor \(descriptor) is not open; redirect it in the shell (\(descriptor)>file) or name a file"
        case .unsupportedKind(let kind): "it is \(kind), not a file; name a file"
        case .system(let reason): reason
        }
    }
}
