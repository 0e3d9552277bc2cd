import Formats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository's folder as the limit of what Bulkhead writes on its own account (`--fix`,
/// `init`, `baseline`): a file is inside when the file a write would replace or create — every
/// symbolic link followed, a dangling one to the file it names — lies under the root's real
/// path. A relative `.package(path:)`, a project reference or a planted link cannot move a
/// write out of the repository.
package struct RepositoryBoundary: Sendable {
    /// The root with its links resolved, so that `/tmp` and `/private/tmp` are one place.
    package let root: String

    package init(root: String) {
        self.root = FileSystem.realPath(root)
    }

    /// Whether a write to `path` (absolute) lands inside the root.
    package func contains(_ path: String) -> Bool {
        isUnderRoot(Self.landing(of: path))
    }

    /// When `path` (absolute) is in the repository but a write to it would land outside, through
    /// a symbolic link: the first link on the way and where the write would land. nil when the
    /// write stays inside, or when `path` itself names a place outside (the person chose it).
    package func linkLeaving(_ path: String) -> (link: String, landing: String)? {
        let folder = FileSystem.realPath(PathArithmetic.parent(path))
        let start = folder + "/" + PathArithmetic.lastComponent(path)
        guard isUnderRoot(folder), Self.linkTarget(start) != nil else { return nil }
        let landing = Self.landing(of: path)
        return isUnderRoot(landing) ? nil : (start, landing)
    }

    /// The file a write to `path` replaces or creates: each folder's links resolved, then the
    /// file's own links followed one by one (a dangling link ends at the file it would create).
    /// Stops after the kernel's limit of hops, at the link it reached.
    package static func landing(of path: String) -> String {
        var file = path
        for _ in 0...WriteDestination.maximumLinkHops {
            let folder = FileSystem.realPath(PathArithmetic.parent(file))
            file = (folder == "/" ? "" : folder) + "/" + PathArithmetic.lastComponent(file)
            guard let target = linkTarget(file) else { return file }
            file = target.hasPrefix("/") ? PathArithmetic.absolute(target, relativeTo: "/") : PathArithmetic.absolute(target, relativeTo: folder)
        }
        return file
    }

    private func isUnderRoot(_ path: String) -> Bool {
        path == root || PathArithmetic.isInside(path, folder: root)
    }

    /// Where the symbolic link at `path` points, or nil when `path` is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
