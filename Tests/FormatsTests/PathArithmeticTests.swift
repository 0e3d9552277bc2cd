import Formats
import TestSupport
import Testing

/// Paths as messages show them: relative to the root, with `.` and `..` resolved.
@Suite(.tags(.small)) struct PathArithmeticTests {
    @Test(arguments: [
        ("/repo/iOS/./Core/File.swift", "/repo", "iOS/Core/File.swift"),
        ("/repo/iOS/../Core/File.swift", "/repo", "Core/File.swift"),
        ("/repo//iOS/Core/", "/repo", "iOS/Core"),
        ("/repo/iOS/Core", "/repo/./iOS", "Core"),
        ("/repo/Shared/./Kit", "/repo/App", "../Shared/Kit"),
        ("/repo/App", "/repo/App", "."),
        ("/repo/App/Sources/A.swift", "/repo/App", "Sources/A.swift"),
    ])
    func aRelativePathHasNoDotComponents(_ path: String, _ base: String, _ expected: String) {
        #expect(PathArithmetic.relative(path, to: base) == expected)
    }
}

/// The byte-wise path functions against the component-wise definitions they replaced, over
/// every pairing of awkward paths: the root, trailing and doubled slashes, dots, names that
/// share a prefix, and names whose characters combine (`e` + U+0301) or are not ASCII.
@Suite(.tags(.small)) struct PathArithmeticBytesTests {
    static let paths = [
        "", "/", "//", "/repo", "/repo/", "/repo/App", "/repo/App/", "/repo/Apps/A.swift", "/repo/App/Sources/A.swift",
        "/repo/./App", "/repo/App/../Kit", "/repo//App", "rel/App", "App", "/re\u{301}po/A\u{301}pp/Fi\u{301}le.swift",
        "/repo/\u{301}/x", "/répo/Ünïcödé/🙂.swift", "/repo/App.swift/", "/.build", "/repo/.hidden/a",
    ]

    /// Joining to a normalized folder without reading the folder gives what `absolute` gives,
    /// for every relative path of the list (`.`, `..`, doubled and trailing slashes) and a few
    /// more made of such pieces, below folders normalized from the list.
    @Test func joiningToANormalizedFolderIsAbsolute() {
        let pieces = ["A", ".", "..", "", "...", ".hidden", "B.swift", "e\u{301}"]
        var relatives = Self.paths.filter { !$0.hasPrefix("/") }
        for first in pieces { for second in pieces { for third in pieces { relatives.append("\(first)/\(second)/\(third)") } } }
        relatives += pieces + ["", "."]
        let folders = Self.paths.filter { $0.hasPrefix("/") }.map { PathArithmetic.absolute($0, relativeTo: "/") }
        for folder in folders {
            for relative in relatives {
                #expect(PathArithmetic.absolute(relative, relativeToNormalized: folder) == PathArithmetic.absolute(relative, relativeTo: folder), "\(folder) + \(relative)")
            }
        }
    }

    /// Every path of up to nine bytes made of `/`, `.` and `a`, absolute and about to be joined:
    /// the slash-to-slash reading of `isClean` answers as a byte-by-byte state machine does (the
    /// reference below, which it replaced). Nine bytes reach past the eight read at a time.
    @Test func isCleanAgreesWithAByteByByteReading() {
        func reference(_ bytes: [UInt8], afterSlash startsAfterSlash: Bool) -> Bool {
            var dotsSinceSlash = 0
            var afterSlash = startsAfterSlash
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if afterSlash && dotsSinceSlash <= 2 { return false }
                    afterSlash = true
                    dotsSinceSlash = 0
                } else if afterSlash && byte == UInt8(ascii: ".") && dotsSinceSlash >= 0 {
                    dotsSinceSlash += 1
                } else {
                    afterSlash = false
                    dotsSinceSlash = -1
                }
            }
            return !(afterSlash && dotsSinceSlash <= 2)
        }
        let alphabet = Array("/.a".utf8)
        var paths: [[UInt8]] = [[]]
        var current: [[UInt8]] = [[]]
        for _ in 1...9 {
            current = current.flatMap { path in alphabet.map { path + [$0] } }
            paths += current
        }
        var disagreements = 0
        for bytes in paths {
            let path = String(decoding: bytes, as: UTF8.self)
            if PathArithmetic.isClean(path) != reference(bytes, afterSlash: false) { disagreements += 1 }
            if PathArithmetic.isCleanRelative(path) != (!bytes.isEmpty && bytes.first != UInt8(ascii: "/") && reference(bytes, afterSlash: true)) { disagreements += 1 }
        }
        #expect(disagreements == 0, "of \(paths.count) paths")
        // Longer paths, with slashes in every position of the word read at once.
        for path in Self.paths + ["/repo/App/Sources/Deep/Er/Still/Deeper/File.swift", "/a/b/c/d/e/f/g/h/../i", "/abcdefghijklmnop/.", "/abcdefghijklmnop//q"] {
            #expect(PathArithmetic.isClean(path) == reference(Array(path.utf8), afterSlash: false), "\(path)")
        }
    }

    @Test func lastComponentIsTheLastNonEmptyComponent() {
        for path in Self.paths {
            let reference = path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? path
            #expect(PathArithmetic.lastComponent(path) == reference, "\(path)")
        }
    }

    @Test func parentIsEverythingBeforeTheLastSlash() {
        for path in Self.paths {
            let reference: String
            if let slash = path.unicodeScalars.lastIndex(of: "/") {
                reference = slash == path.startIndex ? "/" : String(path.unicodeScalars[..<slash])
            } else {
                reference = "."
            }
            #expect(PathArithmetic.parent(path) == reference, "\(path)")
        }
    }

    @Test func insideMeansBelowTheFolderByComponents() {
        for path in Self.paths where path.hasPrefix("/") {
            for folder in Self.paths where folder.hasPrefix("/") {
                let folderComponents = folder.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast(folder.hasSuffix("/") ? 1 : 0)
                let pathComponents = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                let reference = pathComponents.count > folderComponents.count
                    && zip(pathComponents, folderComponents).allSatisfy { $0.elementsEqual($1) }
                    && !(folder.hasSuffix("/") && path.utf8.count == folder.utf8.count)
                #expect(PathArithmetic.isInside(path, folder: folder) == reference, "\(path) in \(folder)")
            }
        }
    }

    @Test func absoluteAgreesWithTheComponentWalk() {
        for path in Self.paths + [".", "./", "./A", "A/.."] {
            for base in Self.paths where base.hasPrefix("/") {
                let joined = path.hasPrefix("/") ? path : base + "/" + path
                var components: [String] = []
                for bytes in joined.utf8.split(separator: UInt8(ascii: "/")) {
                    let component = String(decoding: bytes, as: UTF8.self)
                    if component.utf8.elementsEqual(".".utf8) { continue }
                    if component.utf8.elementsEqual("..".utf8) { if !components.isEmpty { components.removeLast() }; continue }
                    components.append(component)
                }
                #expect(PathArithmetic.absolute(path, relativeTo: base) == "/" + components.joined(separator: "/"), "\(path) in \(base)")
            }
        }
    }

    @Test func relativeAgreesWithTheComponentWalk() {
        for path in Self.paths {
            for base in Self.paths where base.hasPrefix("/") {
                guard path.hasPrefix("/") else {
                    #expect(PathArithmetic.relative(path, to: base) == path)
                    continue
                }
                let cleanPath = PathArithmetic.absolute(path, relativeTo: "/")
                let cleanBase = PathArithmetic.absolute(base, relativeTo: "/")
                let pathComponents = cleanPath.utf8.split(separator: UInt8(ascii: "/"))
                let baseComponents = cleanBase.utf8.split(separator: UInt8(ascii: "/"))
                var common = 0
                while common < pathComponents.count && common < baseComponents.count
                    && pathComponents[common].elementsEqual(baseComponents[common]) { common += 1 }
                let components = Array(repeating: "..", count: baseComponents.count - common)
                    + pathComponents[common...].map { String(decoding: $0, as: UTF8.self) }
                let reference = components.isEmpty ? "." : components.joined(separator: "/")
                #expect(PathArithmetic.relative(path, to: base) == reference, "\(path) from \(base)")
            }
        }
    }
}
