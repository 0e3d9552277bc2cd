/// Paths as strings, never the disk: joining, normalizing and relating absolute paths, so the
/// pure modules can move a path from one folder's view to another's. Symbolic links are not
/// resolved; `FileAccess.FileSystem.realPath` does that where the disk is at hand.
package enum PathArithmetic {
    /// `path` joined to absolute `base` unless it is absolute itself, normalized: no `.`, `..`,
    /// empty or trailing components.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        // The root package's folder, asked once per target: the base itself, when it is clean.
        if (path == "." || path.isEmpty) && isClean(base) && base.utf8.first == slash { return base }
        let joined = path.utf8.first == slash ? path : base + "/" + path
        // Most paths are already clean; only those with `.`, `..` or `//` need the slow walk.
        if isClean(joined) { return joined }
        var components: [String] = []
        for bytes in joined.utf8.split(separator: slash, omittingEmptySubsequences: true) {
            let component = String(decoding: bytes, as: UTF8.self)
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Absolute `path` relative to absolute `base`: `Sources/A.swift` below it, `../Core` beside
    /// it, "." for the base itself, with `.` and `..` components resolved (`iOS/Core/A.swift` for
    /// `/repo/iOS/./Core/A.swift`, never `iOS/./Core/A.swift`). A relative `path` is returned
    /// unchanged.
    package static func relative(_ path: String, to base: String) -> String {
        guard path.utf8.first == slash else { return path }
        let path = isClean(path) ? path : absolute(path, relativeTo: "/")
        let base = isClean(base) || base.utf8.first != slash ? base : absolute(base, relativeTo: "/")
        // The common case, a path below the base, without splitting either into components.
        if isInside(path, folder: base) {
            let skipped = base.utf8.count + (base.utf8.last == slash ? 0 : 1)
            return String(path[path.utf8.index(path.utf8.startIndex, offsetBy: skipped)...])
        }
        let pathComponents = path.utf8.split(separator: slash)
        let baseComponents = base.utf8.split(separator: slash)
        var common = 0
        while common < pathComponents.count && common < baseComponents.count && pathComponents[common].elementsEqual(baseComponents[common]) {
            common += 1
        }
        let components = Array(repeating: "..", count: baseComponents.count - common)
            + pathComponents[common...].map { String(decoding: $0, as: UTF8.self) }
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// Whether normalized absolute `path` lies below folder `folder` (the folder itself excluded).
    /// Compared byte for byte, as the file system compares names: these run once per file of a
    /// repository, and `String`'s comparisons of characters cost tens of times more.
    package static func isInside(_ path: String, folder: String) -> Bool {
        var path = path
        var folder = folder
        // Both read from their own storage: a generic walk of `utf8` cost tens of instructions a byte.
        return path.withUTF8 { pathBytes in
            folder.withUTF8 { folderBytes in
                guard pathBytes.count > folderBytes.count else { return false }
                var index = 0
                while index < folderBytes.count {
                    if pathBytes[index] != folderBytes[index] { return false }
                    index += 1
                }
                return folderBytes.last == slash || pathBytes[folderBytes.count] == slash
            }
        }
    }

    /// The last component: `Package.swift` of `/repo/App/Package.swift` (and of
    /// `/repo/App/Package.swift/`); the path itself when it has none (`/`, "").
    package static func lastComponent(_ path: String) -> String {
        // Read from the string's own storage, as `isClean` is: walking `utf8` by its indices
        // cost over a thousand instructions a path, and discovery, layout and confinement ask
        // this of every folder and file.
        var path = path
        return path.withUTF8 { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return String(decoding: bytes, as: UTF8.self) }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The folder that holds an absolute, normalized path: `/repo/App` of `/repo/App/Package.swift`.
    package static func parent(_ path: String) -> String {
        var path = path  // Read in place, as `lastComponent` is.
        return path.withUTF8 { bytes in
            guard let slashIndex = bytes.lastIndex(of: slash) else { return "." }
            return slashIndex == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slashIndex]), as: UTF8.self)
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// No `.` or `..` component, no `//`, no trailing `/`: nothing for normalization to do.
    /// Checked on the bytes, since this runs once per file of a package. (`/.build` is a clean
    /// component; `/./` and `/../` are not.)
    package static func isClean(_ path: String) -> Bool {
        isClean(path, afterSlash: false)
    }

    /// Whether `path` is a relative path with nothing to normalize: not empty, no leading `/`,
    /// no `.` or `..` component, no `//`, no trailing `/` (what joining it to a clean folder
    /// keeps clean).
    package static func isCleanRelative(_ path: String) -> Bool {
        !path.isEmpty && path.utf8.first != slash && isClean(path, afterSlash: true)
    }

    /// `relative` joined to `folder`, an absolute path already normalized (as `absolute` gives
    /// it): what `absolute(relative, relativeTo: folder)` gives, without reading the folder's
    /// bytes again when `relative` is a plain relative path — this runs once per source file of
    /// a repository, and the folder is the longer part.
    package static func absolute(_ relative: String, relativeToNormalized folder: String) -> String {
        if relative.utf8.first != slash && folder != "/" && folder.utf8.last != slash && isClean(relative, afterSlash: true) {
            return folder + "/" + relative
        }
        return absolute(relative, relativeTo: folder)
    }

    /// `isClean` from a state: right after a `/` (a relative path about to be joined to a folder:
    /// the same answer `isClean("/" + path)` gives) or at the start of a path.
    private static func isClean(_ path: String, afterSlash startsAfterSlash: Bool) -> Bool {
        // Read from the string's own storage: walking `utf8` cost tens of instructions a byte.
        var path = path
        return path.withUTF8 { isClean($0, afterSlash: startsAfterSlash) }
    }

    /// A path is not clean where a component is empty, `.` or `..`: so only the bytes right
    /// after each `/` (and at the start, after a slash about to be joined) are read, and the
    /// slashes are found eight bytes at a time. Walking every byte through a state machine cost
    /// ten instructions a byte, on every path of every folder and file.
    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, afterSlash startsAfterSlash: Bool) -> Bool {
        let dot = UInt8(ascii: ".")
        func isCleanComponent(at start: Int) -> Bool {
            guard start < bytes.count else { return false }  // a trailing `/`
            let first = bytes[start]
            if first == slash { return false }  // `//`
            guard first == dot else { return true }
            guard start + 1 < bytes.count else { return false }  // a trailing `/.`
            let second = bytes[start + 1]
            if second == slash { return false }  // `/./`
            guard second == dot else { return true }
            return start + 2 < bytes.count && bytes[start + 2] != slash  // `/..` or `/../`
        }
        if startsAfterSlash && !isCleanComponent(at: 0) { return false }
        var index = 0
        while let found = nextSlash(in: bytes, from: index) {
            guard isCleanComponent(at: found + 1) else { return false }
            index = found + 1
        }
        return true
    }

    /// The position of the first `/` at or after `start`. A word's lowest flagged byte is its
    /// first slash: a borrow starts only at a matching byte, so only bytes above one can be
    /// flagged wrongly.
    private static func nextSlash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2F2F_2F2F_2F2F_2F2F
                let slashes = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if slashes != 0 { return index + slashes.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == slash { return index }
            index += 1
        }
        return nil
    }
}
