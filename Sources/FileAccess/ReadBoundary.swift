import Diagnostics
import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run may read: below its root, and outside it only where `workspace.include` names the
/// place. A project's `<absolute>` folder, a `../..` that climbs out, a symbolic link to `/etc`
/// or a `.package(path:)` beside the repository would otherwise put files the team never
/// checked in — and lines of them, secrets included — into reports and the baseline.
///
/// A path is judged where it really is, every symbolic link resolved: a link inside the root
/// that stays inside is fine, one that leaves is not.
package struct ReadBoundary: Sendable {
    /// The root, absolute and real.
    package let root: String
    /// Whether `workspace.include` names an outside place, given its path from the root
    /// (`../Shared/Sources`) and its absolute path.
    private let includesOutside: @Sendable (_ fromRoot: String, _ absolute: String) -> Bool

    package init(root: String, includesOutside: @escaping @Sendable (_ fromRoot: String, _ absolute: String) -> Bool = { _, _ in false }) {
        self.root = FileSystem.realPath(root)
        self.includesOutside = includesOutside
    }

    package init(root: String, rules: DiscoveryRules) {
        self.init(root: root, includesOutside: rules.includedOutside)
    }

    /// Where `path` (absolute) really is when it lies outside the root and `workspace.include`
    /// does not name it; nil when it may be read.
    package func refusal(of path: String) -> String? {
        refusal(ofReal: FileSystem.realPath(path))
    }

    /// As `refusal(of:)`, for a path whose links are already resolved.
    package func refusal(ofReal real: String) -> String? {
        if holds(real: real) { return nil }
        return includesOutside(PathArithmetic.relative(real, to: root), real) ? nil : real
    }

    /// Whether `real` (links resolved) is the root or lies below it.
    func holds(real: String) -> Bool {
        real == root || PathArithmetic.isInside(real, folder: root)
    }

    /// How a warning tells the person to read the place on purpose: its path from the root
    /// when it shares a folder with the root, else its absolute path.
    package func includeSuggestion(for real: String) -> String {
        let shared = zip(real.split(separator: "/"), root.split(separator: "/")).prefix { $0 == $1 }.count
        let shown = shared > 0 ? PathArithmetic.relative(real, to: root) : real
        return "name '\(shown)' in workspace.include in bulkhead.json to read it on purpose"
    }
}

/// Files checked against a `ReadBoundary` one by one, each folder resolved once and, when many
/// of its files are asked about, listed once: a folder's entries say which of its files are
/// links (`d_type`), so a target of thousands of files costs a few system calls per folder, not
/// an `lstat` per file (on a repository of 5,500 sources those were most of the serial time of
/// loading). `realpath` runs only for a folder or file that is itself a link, a folder's real
/// path being its parent's plus its name otherwise.
package struct ConfinedFiles {
    package let boundary: ReadBoundary
    /// The folders this run's discovery listed: a folder they hold is not listed again.
    let listings: FolderListings
    /// Folders where they really are (links resolved), the folders of files and their parents.
    private var realFolders: [String: String] = [:]
    private var knownFolders: [String: KnownFolder] = [:]
    /// The folder last asked about, kept out of `knownFolders` until another is.
    private var current: (path: String, folder: KnownFolder)?

    /// A folder of files asked about: where it really is, whether that is inside the root (where
    /// every file in it that is no link is too), and its entries once it is listed.
    private struct KnownFolder {
        let real: String
        let isInsideRoot: Bool
        /// How many of its files were asked about.
        var asked = 0
        /// The kind of each entry by name, once listed; nil before, or when it cannot be listed.
        var kinds: [String: DirectoryListing.Kind]?
        /// Its entries in name order, when discovery listed it (then `kinds` is never made).
        var discovered: [DirectoryListing.Entry]?

        func kind(of name: String) -> DirectoryListing.Kind? {
            if let discovered { return FolderListings.entry(named: name, in: discovered)?.kind }
            return kinds?[name]
        }
    }

    /// Files of one folder asked about one by one before the folder is listed: a listing costs
    /// about four system calls, an entry one.
    private static let filesBeforeListing = 3

    package init(boundary: ReadBoundary, listings: FolderListings = FolderListings()) {
        self.boundary = boundary
        self.listings = listings
    }

    /// Where the file at `path` (absolute, normalized) really is when reading it would leave the
    /// boundary; nil when it may be read (or does not exist, which its reader reports).
    package mutating func refusal(of path: String) -> String? {
        refusal(ofEntry: PathArithmetic.lastComponent(path), in: PathArithmetic.parent(path))
    }

    /// `refusal(of:)` for the file `relative` (a clean relative path, as a target lists its
    /// sources) of the folder `folder` (absolute, normalized): a plain name is not joined to the
    /// folder at all, which a warm run would otherwise do for every source of the repository.
    package mutating func refusal(of relative: String, in folder: String) -> String? {
        guard PathArithmetic.isCleanRelative(relative) else {
            return refusal(of: PathArithmetic.absolute(relative, relativeTo: folder))
        }
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return refusal(ofEntry: relative, in: folder) }
        let parent = (folder == "/" ? "" : folder) + "/" + relative[..<slash]
        return refusal(ofEntry: String(relative[relative.utf8.index(after: slash)...]), in: parent)
    }

    /// `refusal(of:)` for the entry `name` of the folder `parent` (absolute, normalized).
    private mutating func refusal(ofEntry name: String, in parent: String) -> String? {
        let (folder, kind) = entry(named: name, in: parent)
        let isLink = kind == .symbolicLink
        if !isLink && folder.isInsideRoot { return nil }
        if isLink { listings.probes?.markUnrecordable() }
        let real = isLink ? FileSystem.realPath(Self.join(parent, name)) : Self.join(folder.real, name)
        return boundary.refusal(ofReal: real)
    }

    /// `ReadBoundary.refusal(of:)` for a folder (absolute), from the real paths of folders
    /// resolved so far.
    package mutating func refusal(ofFolder folder: String) -> String? {
        boundary.refusal(ofReal: realPath(ofFolder: folder))
    }

    /// What `FileSystem.isRegularFile` answers for `path` (absolute, normalized): there, and no
    /// folder (a link followed).
    package mutating func isRegularFile(_ path: String) -> Bool {
        switch entry(named: PathArithmetic.lastComponent(path), in: PathArithmetic.parent(path)).kind {
        case .file, .other: return true
        case .symbolicLink:
            listings.probes?.markUnrecordable()
            return FileSystem.isRegularFile(path)
        case .folder, nil: return false
        }
    }

    /// The folder `parent` and the kind of its entry `name` (nil: none), from the folder's
    /// listing once it has one. A name the listing lacks is asked of the entry itself: a file
    /// system that ignores case or Unicode normalization (APFS, by default) finds `view.swift`
    /// for `View.swift`, and so must this. The files of a folder come one after another, so the
    /// folder last asked about is kept at hand rather than looked up by its path each time.
    private mutating func entry(named name: String, in parent: String) -> (folder: KnownFolder, kind: DirectoryListing.Kind?) {
        if current?.path != parent {
            if let current { knownFolders[current.path] = current.folder }
            let folder = knownFolders[parent] ?? {
                let real = realPath(ofFolder: parent)
                let discovered = listings.entries(of: parent)
                // Listed from the disk below: not a question the load's record holds.
                if discovered == nil { listings.probes?.markUnrecordable() }
                return KnownFolder(real: real, isInsideRoot: boundary.holds(real: real), discovered: discovered)
            }()
            current = (parent, folder)
        }
        if current!.folder.discovered == nil {
            current!.folder.asked += 1
            if current!.folder.asked == Self.filesBeforeListing { current!.folder.kinds = DirectoryListing.kinds(in: parent) }
        }
        let folder = current!.folder
        return (folder, folder.kind(of: name) ?? askedKind(ofEntryAt: Self.join(parent, name)))
    }

    /// The kind of the entry at `path` (absolute, clean), from its folder's listing when
    /// discovery listed it: a target's folder is then judged without a system call.
    private func kind(ofEntryAt path: String) -> DirectoryListing.Kind? {
        listings.listedKind(of: path) ?? askedKind(ofEntryAt: path)
    }

    /// The kind of the entry at `path`, asked of the file system (and recorded, when the load
    /// records what it asks).
    private func askedKind(ofEntryAt path: String) -> DirectoryListing.Kind? {
        guard let probes = listings.probes else { return DirectoryListing.kind(ofEntryAt: path) }
        return DirectoryListing.Kind(number: UInt64(probes.ask(.entryKind, about: path)))
    }

    private static func join(_ folder: String, _ name: String) -> String {
        (folder == "/" ? "" : folder) + "/" + name
    }

    /// `realpath` of an absolute folder, from the nearest ancestor already resolved: each folder
    /// below it that is no link is its parent's real path plus its name (one `lstat`, where
    /// `realpath` reads every component again).
    private mutating func realPath(ofFolder folder: String) -> String {
        if let known = realFolders[folder] { return known }
        guard folder.utf8.first == UInt8(ascii: "/"), PathArithmetic.isClean(folder) else {
            listings.probes?.markUnrecordable()
            return FileSystem.realPath(folder)
        }
        var unresolved: [String] = []
        var current = folder
        while realFolders[current] == nil && current != "/" {
            unresolved.append(current)
            current = PathArithmetic.parent(current)
        }
        // Only "/" is met unresolved here (the walk up stops at the first folder resolved).
        var real = realFolders[current] ?? FileSystem.realPath(current)
        for path in unresolved.reversed() {
            if kind(ofEntryAt: path) == .folder {
                real = (real == "/" ? "" : real) + "/" + PathArithmetic.lastComponent(path)
            } else {
                // A link (or a missing folder, which `realpath` leaves as it is).
                listings.probes?.markUnrecordable()
                real = FileSystem.realPath(path)
            }
            realFolders[path] = real
        }
        return real
    }
}

/// `outside-root`, the warning for a reference that leaves the root: a project's group, file or
/// synchronized folder, a local package, a workspace's project or package, a symbolic link, a
/// `.package(path:)`. It is a warning about the inputs, like `unmatched-pattern`, not a finding
/// in the code: no line to suppress, nothing a baseline remembers, so it goes to standard
/// error with the other load warnings and does not change the exit status.
package enum OutsideRootWarning {
    /// The catalog entry: why such a place is not read, and how to read it on purpose.
    package static let entry = DiagnosticCode(
        id: "outside-root", family: .configuration,
        summary: "A reference leads outside the root; what it names is not read.",
        explanation: """
        Bulkhead reads only files below the root (the folder of bulkhead.json, else the \
        repository): a project group or synchronized folder with an absolute path, a \
        SOURCE_ROOT or `../..` path that climbs out, a symbolic link that leaves the root, or a \
        package reached through `.package(path:)`, an Xcode local package or a workspace \
        outside it is not read, so that files nobody checked in never reach a report or a \
        baseline. To read such a place on purpose, name it in `workspace.include` in \
        bulkhead.json, by its path from the root ("../Shared") or its absolute path \
        ("/opt/shared"); else move it into the repository or remove the reference. The warning \
        goes to standard error and does not change the exit status.
        """,
        defaultSeverity: .warning)
    package static var code: String { entry.id }

    /// `App.xcodeproj/project.pbxproj: outside-root: synchronized folder 'Shared' (path = …) is /abs/Shared, outside the root; …`
    package static func warning(file: String, reference: String, real: String, boundary: ReadBoundary) -> LoadWarning {
        LoadWarning(code: code, place: file, message: "\(reference) is \(real), outside the root; it is not read (\(boundary.includeSuggestion(for: real)))")
    }
}
