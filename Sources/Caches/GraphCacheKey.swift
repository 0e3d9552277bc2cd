import FileAccess
import Foundation

/// Everything `dump-package`'s answer for one package depends on, stored whole in the entry
/// and compared byte for byte (no hash to collide): the folder (`.package(path:)` resolves
/// against it), every manifest's bytes (the tools version is their first line), the pins,
/// the toolchain, and the environment variables the manifest reads — all of them when it reads
/// the environment in a way that cannot be named.
///
/// The key is read by Bulkhead, the answer by the toolchain, later: an answer is stored under
/// a key only while what the key read is still as it was before the key read it
/// (`inputsHeldStill`), so another run's `--fix` or an editor's save landing in between never
/// leaves one state's answer under another state's key.
package struct GraphCacheKey: Sendable, Equatable {
    /// `dump-package`, or `describe` for a checkout (whose products' modules are all it gives).
    var question: String
    var folder: String
    /// File name → bytes, for `Package.swift` and `Package@swift-….swift`.
    var manifests: [String: Data]
    var resolved: Data?
    var toolchain: String
    /// Name → value (nil: unset) of the variables the key covers.
    var environment: [String: String?]
    /// For `describe` of a package whose layout SwiftPM's rules as Bulkhead applies them cannot
    /// settle: every entry of the package folder, path and kind (`tree(of:)`), since `describe`
    /// lists what the folder holds. Nil for every other question.
    var tree: [UInt8]? = nil
    /// What the key reads besides the environment, stamped before it was read: not part of the
    /// key's bytes or of its equality, only of whether an answer may be stored under it.
    package var stamped: InputStamps

    /// The files a key of the package in a folder reads besides the environment — its manifests
    /// and `Package.resolved` — each with its stamp (nil: not there).
    package struct InputStamps: Sendable, Equatable {
        var paths: [String]
        var stamps: [FileStamp?]

        /// The files of the package in `folder` (absolute) as they are now.
        package init(of folder: String) {
            paths = FileSystem.manifests(in: folder) + [folder + "/Package.resolved"]
            stamps = paths.map(FileStamp.init(path:))
        }

        /// The manifests among `paths`: all but the last, `Package.resolved`.
        var manifests: ArraySlice<String> { paths.dropLast() }
    }

    /// Equal keys have equal bytes (`encoded`); when their files were stamped is no part of it.
    package static func == (left: GraphCacheKey, right: GraphCacheKey) -> Bool {
        left.question == right.question && left.folder == right.folder && left.manifests == right.manifests && left.resolved == right.resolved
            && left.toolchain == right.toolchain && left.environment == right.environment && left.tree == right.tree
    }

    /// Whether what the key read is as it was before the key read it: the same files with the
    /// same stamps (size, modification and change times to the nanosecond, inode: a file
    /// replaced or rewritten has others) and the same bytes (a rewrite within one tick of the
    /// clock can keep its stamp), and for `describe` the same folder entries. Asked once an
    /// answer asked after the key was made has come: only then is the answer the key's, since
    /// the toolchain read the package somewhere between the two.
    package func inputsHeldStill() -> Bool {
        guard InputStamps(of: folder) == stamped else { return false }
        for path in stamped.manifests {
            let name = (path as NSString).lastPathComponent
            guard let bytes = manifests[name], FileManager.default.contents(atPath: path) == bytes else { return false }
        }
        guard FileManager.default.contents(atPath: folder + "/Package.resolved") == resolved else { return false }
        guard let tree else { return true }
        return Self.tree(of: folder) == tree
    }

    /// The key of the package in `folder` (absolute) now, or nil when the package cannot be
    /// cached: its manifest cannot be read, or names something that might read what the key does
    /// not cover (`ManifestInputs`). With a `memo`, what the manifests read is taken from there
    /// when they are the bytes it holds.
    static func current(question: String, folder: String, toolchain: String, environment: [String: String],
                        memo: ManifestInputsMemo? = nil) -> GraphCacheKey? {
        // Stamped before anything is read: a change after this shows at the store (`inputsHeldStill`).
        let stamped = InputStamps(of: folder)
        var manifests: [String: Data] = [:]
        var read: [(name: String, bytes: [UInt8])] = []
        for path in stamped.manifests {
            // A manifest gone since it was listed: its stamp says so, and nothing is stored.
            guard let data = FileManager.default.contents(atPath: path) else {
                if path == folder + "/Package.swift" { return nil }
                continue
            }
            let name = (path as NSString).lastPathComponent
            manifests[name] = data
            read.append((name, Array(data)))
        }
        let inputs = memo?.inputs(of: read) ?? read.map { ManifestInputs(manifest: $0.bytes) }
        guard inputs.allSatisfy(\.isCacheable) else { return nil }
        var variables: [String: String?] = [:]
        if inputs.contains(where: \.readsWholeEnvironment) {
            for (name, value) in environment { variables[name] = .some(value) }
        } else {
            for name in inputs.reduce(into: Set<String>(), { $0.formUnion($1.environmentVariables) }) {
                variables[name] = .some(environment[name])
            }
        }
        let resolved = FileManager.default.contents(atPath: folder + "/Package.resolved")
        return GraphCacheKey(question: question, folder: folder, manifests: manifests, resolved: resolved, toolchain: toolchain, environment: variables,
                             stamped: stamped)
    }

    /// The key for `describe` of the package a `dump-package` key is for: `describe` lists the
    /// folder's files, so its key is the manifest's and the folder's entries (`tree(of:)`). Nil
    /// when the package holds a link whose target could change unseen.
    package static func describingFiles(of dumpKey: GraphCacheKey) -> GraphCacheKey? {
        guard let tree = tree(of: dumpKey.folder) else { return nil }
        var key = dumpKey
        key.question = "describe"
        key.tree = tree
        return key
    }

    /// The entries of the package folder `folder` (absolute) as bytes: each path and its kind,
    /// in walk order, below hidden folders not (SwiftPM skips hidden files and folders; `.build`
    /// and `.git` are hidden), and where each symbolic link points. SwiftPM follows links; one
    /// that points into the package is covered by the walk, but what a link out of the package
    /// (or into a hidden folder) points at can change with nothing here changing: then nil, and
    /// the package is described on every run.
    static func tree(of folder: String) -> [UInt8]? {
        let listing = DirectoryListing.list(folder) { path in !(path.split(separator: "/").last ?? "").hasPrefix(".") }
        var writer = CacheWriter()
        for entry in listing.entries {
            writer.string(entry.path)
            switch entry.kind {
            case .file: writer.integer(0)
            case .folder: writer.integer(1)
            case .other: writer.integer(2)
            case .symbolicLink:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + entry.path) else { return nil }
                let parent = (folder + "/" + entry.path as NSString).deletingLastPathComponent
                let resolved = URL(fileURLWithPath: destination.hasPrefix("/") ? destination : parent + "/" + destination).standardized.path
                guard resolved.hasPrefix(folder + "/"),
                      !resolved.dropFirst(folder.count + 1).split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
                writer.integer(3)
                writer.string(destination)
            }
        }
        return writer.bytes
    }

    /// The key as the graph cache stores it (`CacheWriter`), in a fixed order (manifests and
    /// variables sorted by name), so equal keys have equal bytes.
    package func encoded() -> [UInt8] {
        var writer = CacheWriter()
        writer.string(question)
        writer.string(folder)
        writer.integer(manifests.count)
        for (name, bytes) in manifests.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.block(Array(bytes))
        }
        if let resolved {
            writer.integer(1)
            writer.block(Array(resolved))
        } else {
            writer.integer(0)
        }
        writer.string(toolchain)
        writer.integer(environment.count)
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.optionalString(value)
        }
        if let tree {
            writer.integer(1)
            writer.block(tree)
        } else {
            writer.integer(0)
        }
        return writer.bytes
    }
}
