import FileAccess
import Formats
import ModuleGraph

/// The bytes each local target puts in an image: its Swift sources and its resources, as they
/// are on disk. What `footprint` adds up per image. A file that cannot be read counts nothing;
/// a resource that is a folder (an asset catalog, a folder reference) counts every file below it.
package enum TargetSizes {
    package struct Sizes: Sendable, Hashable {
        package var sourceBytes: Int
        package var resourceBytes: Int
    }

    /// Each local target's sizes, by id; `root` is the graph's root, absolute.
    package static func measure(_ graph: ModuleGraph, root: String) -> [TargetID: Sizes] {
        var result: [TargetID: Sizes] = [:]
        for target in graph.targets {
            guard let package = graph.package(target.id.package), let folder = package.localPath else { continue }
            let base = folder == "." ? root : root + "/" + folder
            let targetFolder = target.path == "." ? base : base + "/" + target.path
            let sources = target.sources.reduce(0) { $0 + size(of: targetFolder + "/" + $1) }
            // A project target's owned files include its build settings' files, which no image carries.
            let resources = target.resources.filter(isCarried).reduce(0) { $0 + size(ofEntry: base + "/" + $1) }
            result[target.id] = Sizes(sourceBytes: sources, resourceBytes: resources)
        }
        return result
    }

    /// Whether a file a target owns ends up in its image as a resource: not its build settings'
    /// files, and not a Swift source (a test bundle owns its whole folder, sources too).
    private static func isCarried(_ path: String) -> Bool {
        !path.hasSuffix(".xcconfig") && !path.hasSuffix(".entitlements") && !path.hasSuffix(".swift")
    }

    private static func size(of file: String) -> Int {
        FileStamp(path: file).map { Int($0.size) } ?? 0
    }

    /// A file's size, or the sizes of the files below a folder.
    private static func size(ofEntry path: String) -> Int {
        if let file = FileStamp(path: path) { return Int(file.size) }
        guard FileStamp(folderAt: path, followingLink: true) != nil, let files = try? FileSystem.files(under: path) else { return 0 }
        return files.filter(isCarried).reduce(0) { $0 + size(of: $1) }
    }
}
