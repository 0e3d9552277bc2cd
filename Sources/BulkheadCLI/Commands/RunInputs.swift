import DeclarationFiles
import FileAccess
import Foundation
import PackageLoading
import ModuleGraph

/// The files a run reads (the configuration, the baseline, every local manifest and every
/// source of the graph), by canonical path, so that a write the run makes never replaces one:
/// `--output Package.swift` or `--output bulkhead.json` is refused rather than obeyed.
///
/// Paths compare with symbolic links resolved in their folders, so `./Sources/../Package.swift`
/// and a link to the package folder name the same file. A source that is itself a symbolic link
/// is known by its path in the target, not by where the link points.
struct RunInputs {
    /// Canonical path → what the file is to this run, for the message.
    private var roles: [String: String] = [:]
    /// Where the person is, for the folders a message names.
    private let workingFolder: String

    /// The manifests and sources of every local package of `loaded`.
    init(_ loaded: LoadedGraph, workingFolder: String) {
        self.workingFolder = workingFolder
        for package in loaded.graph.packages where package.isLocal {
            guard let declaration = package.declarationPath else { continue }
            let file = FileSystem.absolutePath(declaration, relativeTo: loaded.root)
            let name = (file as NSString).lastPathComponent
            guard let kind = DeclarationFileKinds.standard.kind(ofFileNamed: name) else { continue }
            // The file and every other of its kind beside it (a package's version-specific
            // manifests): whichever a toolchain reads, a write must not replace it.
            let folder = FileSystem.realPath((file as NSString).deletingLastPathComponent)
            for sibling in Set(FileSystem.entryNames(in: folder).filter { kind.isDeclarationFile(named: $0) } + [name]) {
                roles[FileSystem.canonicalPath(folder + "/" + sibling)] = kind.role(inUnit: package.name)
            }
        }
        for target in loaded.graph.targets {
            guard let package = loaded.graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            let realFolder = FileSystem.realPath(folder + "/" + target.path)
            for source in target.sources {
                roles[realFolder + "/" + source] = "a source file of target '\(target.name)'"
            }
        }
    }

    /// Adds a file the run reads (absolute), whether or not it exists yet.
    mutating func add(_ path: String, as role: String) {
        roles[FileSystem.canonicalPath(path)] = role
    }

    /// Writes `data` to `path` (absolute, shown as `shown`) unless it is one of the inputs.
    /// `what` names the content for the message ("the report"); `remedy` says how to choose
    /// another file.
    func write(_ data: Data, to path: String, shown: String, what: String, remedy: String) throws(CommandError) {
        if let role = roles[FileSystem.canonicalPath(path)] {
            throw .wouldOverwriteInput(what: what, file: shown, role: role, remedy: remedy)
        }
        do {
            try FileSystem.write(data, to: path)
        } catch {
            switch error {
            case .unwritable(_, let failure):
                // Folders in the message are spelled as the person spelled the file: absolute or relative.
                throw .notWritten(what: what, file: shown, reason: failure.reason(relativeTo: shown.hasPrefix("/") ? nil : workingFolder))
            default:
                throw .notWritten(what: what, file: shown, reason: error.message)
            }
        }
    }
}
