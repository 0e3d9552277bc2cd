/// The kinds of declaration file Bulkhead reads, in the order they are asked: the one list that
/// turns a file's name into the type that reads it.
package struct DeclarationFileKinds: Sendable {
    package var kinds: [any DeclarationFile.Type]

    package init(_ kinds: [any DeclarationFile.Type]) {
        self.kinds = kinds
    }

    /// A package's manifest and an Xcode project's file.
    package static let standard = DeclarationFileKinds([SwiftManifestFile.self, XcodeProjectFile.self])

    /// The kind that reads a file of this name, if any.
    package func kind(ofFileNamed fileName: String) -> (any DeclarationFile.Type)? {
        kinds.first { $0.isDeclarationFile(named: fileName) }
    }

    /// The file at `path` (relative to the root) read as its kind, or nil when no kind reads
    /// files of that name.
    package func open(path: String, bytes: [UInt8]) -> (any DeclarationFile)? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return kind(ofFileNamed: name).map { $0.init(path: path, bytes: bytes) }
    }
}
