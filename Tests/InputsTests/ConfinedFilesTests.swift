import Foundation
import TestSupport
import Testing
import Formats
@testable import PackageLoading
@testable import FileAccess

/// `ConfinedFiles` answers from folder listings and from parents' real paths; these hold every
/// answer to what the file system says of each path on its own (`realpath`, `lstat`, `stat`),
/// over a tree with links to files and folders inside and outside the root, in several places.
@Suite struct ConfinedFilesTests {
    /// Every file and folder below the tree, and names that are not there.
    private static func probes(in tree: RootBesideOutside) -> [String] {
        let relative = [
            "root/Sources/App/A.swift", "root/Sources/App/B.swift", "root/Sources/App/LinkIn.swift", "root/Sources/App/LinkOut.swift",
            "root/Sources/App/Missing.swift", "root/Sources/App/Folder", "root/Sources/App/FolderLink", "root/Sources/App/Dangling.swift",
            "root/Sources/Linked/A.swift", "root/Sources/Linked/Secret.swift", "root/Sources/Linked/Nested/Deeper.swift",
            "root/Sources/Inner/Deep/C.swift", "root/Sources/Inner/Deep/LinkOut.swift", "root/Sources/Gone/X.swift",
            "root/Sources/Alias/C.swift", "root/Sources/Alias/LinkOut.swift", "outside/Secret.swift", "outside/Nested/Deeper.swift",
        ]
        return relative.map { tree.base + "/" + $0 }
    }

    private static func makeTree() throws -> RootBesideOutside {
        let tree = try RootBesideOutside()
        try tree.write("root/Sources/App/A.swift", "import Core\n")
        try tree.write("root/Sources/App/B.swift", "import Core\n")
        try tree.write("root/Sources/App/Folder/F.swift", "import Core\n")
        try tree.write("root/Sources/Inner/Deep/C.swift", "import Core\n")
        try tree.link("root/Sources/App/LinkIn.swift", to: tree.root + "/Sources/App/A.swift")
        try tree.link("root/Sources/App/LinkOut.swift", to: tree.outside + "/Secret.swift")
        try tree.link("root/Sources/App/FolderLink", to: tree.root + "/Sources/App/Folder")
        try tree.link("root/Sources/App/Dangling.swift", to: tree.root + "/Nowhere.swift")
        try tree.link("root/Sources/Inner/Deep/LinkOut.swift", to: tree.outside + "/Nested/Deeper.swift")
        // A folder that is a link out of the root, and one that is a link inside it.
        try tree.link("root/Sources/Linked", to: tree.outside)
        try tree.link("root/Sources/Alias", to: tree.root + "/Sources/Inner/Deep")
        return tree
    }

    @Test func everyAnswerIsWhatTheFileSystemSaysOfThePathAlone() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let boundary = ReadBoundary(root: tree.root)
        var confined = ConfinedFiles(boundary: boundary)
        // Asked twice, in two orders: the second answers come from what the first resolved.
        let probes = Self.probes(in: tree)
        for path in probes + probes.reversed() {
            #expect(confined.refusal(of: path) == Self.expectedRefusal(of: path, boundary: boundary), "\(path)")
            #expect(confined.isRegularFile(path) == FileSystem.isRegularFile(path), "\(path)")
            let folder = (path as NSString).deletingLastPathComponent
            #expect(confined.refusal(ofFolder: folder) == boundary.refusal(of: folder), "\(folder)")
        }
    }

    /// With discovery's listings of the same run, the folders they hold are not listed again,
    /// and every answer is still what the file system says of the path alone.
    @Test func theAnswersFromDiscoveryListingsAreTheFileSystems() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let boundary = ReadBoundary(root: tree.root)
        let listings = PackageDiscovery.discover(under: tree.root, rules: .defaults).listings
        #expect(listings.entries(of: tree.root + "/Sources/App") != nil)
        var confined = ConfinedFiles(boundary: boundary, listings: listings)
        let probes = Self.probes(in: tree)
        for path in probes + probes.reversed() {
            #expect(confined.refusal(of: path) == Self.expectedRefusal(of: path, boundary: boundary), "\(path)")
            #expect(confined.isRegularFile(path) == FileSystem.isRegularFile(path), "\(path)")
        }
        var byRelative = ConfinedFiles(boundary: boundary, listings: listings)
        for source in ["App/A.swift", "App/LinkOut.swift", "App/LinkIn.swift", "Linked/Secret.swift", "Alias/LinkOut.swift", "App/Missing.swift"] {
            let path = tree.root + "/Sources/" + source
            #expect(byRelative.refusal(of: source, in: tree.root + "/Sources") == Self.expectedRefusal(of: path, boundary: boundary), "\(source)")
        }
    }

    /// A folder the listings hold is read from them, from its first file: a listing that calls
    /// the link out a plain file is believed (so the answers above come from the listings).
    @Test func aFolderInTheListingsIsReadFromThem() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        var planted = FolderListings()
        planted.record([DirectoryListing.Entry(path: "A.swift", kind: .file), DirectoryListing.Entry(path: "LinkOut.swift", kind: .file)],
                       of: tree.root + "/Sources/App")
        var confined = ConfinedFiles(boundary: ReadBoundary(root: tree.root), listings: planted)
        #expect(confined.refusal(of: tree.root + "/Sources/App/LinkOut.swift") == nil)
        // A name the listing lacks is asked of the file system.
        #expect(confined.refusal(of: tree.root + "/Sources/App/Dangling.swift") == nil)
        #expect(confined.isRegularFile(tree.root + "/Sources/App/Folder") == false)
        var unlisted = ConfinedFiles(boundary: ReadBoundary(root: tree.root))
        #expect(unlisted.refusal(of: tree.root + "/Sources/App/LinkOut.swift") == tree.outside + "/Secret.swift")
        // A folder's own kind comes from its parent's listing too: one that calls the link out a
        // folder is believed.
        planted.record([DirectoryListing.Entry(path: "Linked", kind: .folder)], of: tree.root + "/Sources")
        var plantedParent = ConfinedFiles(boundary: ReadBoundary(root: tree.root), listings: planted)
        #expect(plantedParent.refusal(ofFolder: tree.root + "/Sources/Linked") == nil)
        #expect(unlisted.refusal(ofFolder: tree.root + "/Sources/Linked") == tree.outside)
    }

    /// A target's source, relative to its folder, is judged as its absolute path is: a plain
    /// name, a path into subfolders and links, and paths that need normalizing.
    @Test func aSourceRelativeToItsFolderIsJudgedAsItsAbsolutePath() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let boundary = ReadBoundary(root: tree.root)
        var byRelative = ConfinedFiles(boundary: boundary)
        var byAbsolute = ConfinedFiles(boundary: boundary)
        let folder = tree.root + "/Sources"
        let sources = ["App/A.swift", "App/LinkOut.swift", "App/LinkIn.swift", "Linked/Secret.swift", "Linked/Nested/Deeper.swift",
                       "Alias/LinkOut.swift", "Alias/C.swift", "Inner/Deep/C.swift", "App/Missing.swift", "./App/A.swift",
                       "App/../Linked/Secret.swift", "../../outside/Secret.swift", "App//A.swift", "Gone/X.swift"]
        for source in sources + sources.reversed() {
            #expect(byRelative.refusal(of: source, in: folder) == byAbsolute.refusal(of: PathArithmetic.absolute(source, relativeTo: folder)), "\(source)")
        }
        #expect(byRelative.refusal(of: "Linked/Secret.swift", in: folder) == tree.outside + "/Secret.swift")
    }

    @Test func aLinkOutIsRefusedWhereItReallyIs() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        var confined = ConfinedFiles(boundary: ReadBoundary(root: tree.root))
        #expect(confined.refusal(of: tree.root + "/Sources/App/A.swift") == nil)
        #expect(confined.refusal(of: tree.root + "/Sources/App/LinkOut.swift") == tree.outside + "/Secret.swift")
        #expect(confined.refusal(of: tree.root + "/Sources/Linked/Nested/Deeper.swift") == tree.outside + "/Nested/Deeper.swift")
        #expect(confined.refusal(of: tree.root + "/Sources/Alias/LinkOut.swift") == tree.outside + "/Nested/Deeper.swift")
        #expect(confined.refusal(of: tree.root + "/Sources/Alias/C.swift") == nil)
    }

    /// The answer from the path alone, as the reader had it before folders were listed: where
    /// the file really is (a link resolved by `realpath`, else its folder's real path and its
    /// name), refused when outside the root.
    private static func expectedRefusal(of path: String, boundary: ReadBoundary) -> String? {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        let folder = FileSystem.realPath((path as NSString).deletingLastPathComponent)
        let real = isLink ? FileSystem.realPath(path) : (folder == "/" ? "" : folder) + "/" + (path as NSString).lastPathComponent
        return boundary.refusal(ofReal: real)
    }
}
