import Caches
import FileAccess
import Foundation

/// Finds the packages and Xcode projects of a repository in one walk: every `Package.swift` below
/// its root, a root package's nested packages included, and every `*.xcodeproj` (holding a
/// `project.pbxproj`) and standalone `*.xcworkspace`, whose bundles are not entered; outside build products (`.build`, `.swiftpm`, `DerivedData`),
/// dependency checkouts, hidden folders, test inputs, folders with a `bulkhead.json` of their
/// own and what `workspace.exclude` names.
///
/// Each folder it takes or skips is recorded with the reason, so `--verbose` can say why a
/// package was or was not checked: a package that is silently not loaded is a rule that is
/// silently not enforced.
package enum PackageDiscovery {
    /// Folders that hold build products or other people's code, never the repository's packages.
    package static let skippedFolders: Set<String> = [".build", ".swiftpm", "DerivedData", "checkouts", "node_modules", "Pods", "Carthage"]

    /// A folder taken (it holds `Package.swift`) or skipped, relative to the folder searched.
    package struct Decision: Sendable, Equatable, CustomStringConvertible {
        package var folder: String
        package var isTaken: Bool
        package var reason: String
        /// The key path of the `workspace.exclude` pattern that skipped the folder, if one did:
        /// how a run tells which patterns matched, without reading the reason's words.
        package var excludedBy: String?

        package var description: String { "\(isTaken ? "loaded" : "skipped") \(folder): \(reason)" }
    }

    /// What was found: the package folders, projects and workspaces (absolute, each sorted) and
    /// every decision on the way.
    package struct Result: Sendable {
        package var folders: [String]
        package var decisions: [Decision]
        /// `.xcodeproj` bundles holding a `project.pbxproj`.
        package var projects: [String] = []
        /// `.xcworkspace` bundles outside projects (a project's own `project.xcworkspace` is
        /// inside its bundle, which the walk does not enter).
        package var workspaces: [String] = []
        /// Project generators' specs whose project is not there (see `ProjectSpec`), by path.
        package var ungeneratedSpecs: [ProjectSpec] = []
        /// Every folder the walk listed, for the layouts to read rather than list again.
        var listings = FolderListings()
        /// What the walk would store of its listings (`FolderListingCache`), when it was given
        /// stored ones: the folders listed whose stamps have settled, by path from the root; nil
        /// when it listed nothing anew and met every folder stored, so nothing is to be written.
        var listingsToStore: FolderListingCache.Listings?
        /// The generation of stored listings that are exactly `listings` (those it was given, or
        /// the ones to store), when there are such; 0 otherwise.
        var listingsGeneration: UInt64 = 0
    }

    /// Whether `folder` (relative to the root, `/`-separated) is a test input by default: a
    /// folder named `Fixtures`, or one below it (`Tests/Fixtures`, SwiftPM's own top-level
    /// `Fixtures` of hundreds of packages). Fixture packages are examples a test loads on
    /// purpose, often with violations or broken manifests on purpose; the repository's own check
    /// leaves them alone unless `workspace.include` names them. Only the search for nested
    /// packages stops there: a package's own target in a `Fixtures` folder is still its target.
    package static func isTestInput(_ folder: String) -> Bool {
        folder.split(separator: "/").contains("Fixtures")
    }

    /// Absolute package folders below `root`, sorted, with the default rules.
    package static func packageFolders(under root: String) -> [String] {
        discover(under: root, rules: .defaults).folders
    }

    /// How deep below the root the walk holds folders open to open their subfolders by name.
    static let heldDepth = 32

    /// Walks `root` depth first over an explicit stack (no recursion whose depth the tree
    /// controls), never following symbolic links to folders (a link back up would loop).
    package static func discover(under root: String, rules: DiscoveryRules) -> Result {
        discover(under: root, rules: rules, stored: nil)
    }

    /// As `discover(under:rules:)`; a folder `stored` holds (by path from `root`) under the stamp
    /// it has now is read from there rather than opened and listed.
    static func discover(under root: String, rules: DiscoveryRules, stored storedListings: FolderListingCache.Listings?) -> Result {
        let walkStart = FileStamp.now()
        let stored = storedListings?.folders
        var toStore: [String: FolderListingCache.Stored] = [:]
        var listedAnew = false
        var walked = 0
        var folders: [String] = []
        var projects: [String] = []
        var workspaces: [String] = []
        var decisions: [Decision] = []
        var specs: [ProjectSpec] = []
        var listings = FolderListings()
        // Folders still to list, relative to root ("" is the root itself), each with its name and
        // its parent held open, to be opened by name rather than by its whole path. Depth first,
        // so that the folders held open are the ones between the root and the folder listed, and
        // only down to `heldDepth` (deeper ones are opened by path): a tree's depth never sets
        // how many descriptors the walk holds.
        var pending: [(relative: String, name: String, parent: OpenFolder?, depth: Int)] = [("", "", nil, 0)]
        while let (relative, name, parent, depth) = pending.popLast() {
            let absolute = relative.isEmpty ? root : root + "/" + relative
            // One `readdir` of the folder, kinds from the directory itself: a `stat` of every
            // entry (thousands of source files) took most of a warm check's discovery. What the
            // folder holds is read from it too, not asked of the file system name by name. A
            // folder that no longer opens by name from its parent (replaced meanwhile) is
            // opened by its path, as every folder was.
            let folder: OpenFolder?
            let entries: [DirectoryListing.Entry]
            // The root as it was named (a link to a folder is followed, as opening it does);
            // below it, a folder itself (the walk enters no link).
            if let known = stored?[relative], FileStamp(folderAt: absolute, followingLink: relative.isEmpty) == known.stamp {
                folder = nil
                entries = known.entries
                toStore[relative] = known
            } else {
                folder = parent.flatMap { OpenFolder(named: name, in: $0) } ?? OpenFolder(path: absolute)
                // Stamped open, before its entries are read: what is stored is never newer.
                let stamp = stored == nil ? nil : folder?.stamp
                entries = folder.map { DirectoryListing.entries(of: $0, at: absolute) } ?? []
                listedAnew = true
                if let stamp, stamp.isSettled(before: walkStart) { toStore[relative] = FolderListingCache.Stored(stamp: stamp, entries: entries) }
            }
            walked += 1
            let held = depth < heldDepth ? folder : nil
            listings.record(entries, of: absolute)
            // A folder with its own configuration is the root of its own runs (see `skipReason`);
            // found in its own listing rather than by a `stat` of every folder before entering it.
            if !relative.isEmpty, let skip = ownConfigurationSkip(relative, entries: entries, absolute: absolute, rules: rules) {
                decisions.append(Decision(folder: relative, isTaken: false, reason: skip))
                continue
            }
            if !relative.isEmpty, let skip = testInputSkip(relative, rules: rules) {
                decisions.append(Decision(folder: relative, isTaken: false, reason: skip))
                continue
            }
            if holdsRegularFile(named: "Package.swift", entries: entries, absolute: absolute) {
                folders.append(absolute)
                decisions.append(Decision(folder: relative.isEmpty ? "." : relative, isTaken: true, reason: "holds Package.swift"))
            }
            specs += ProjectSpec.specs(inFolder: absolute, fileNames: entries.filter { $0.kind == .file }.map(\.path),
                                       folderNames: entries.filter { $0.kind == .folder }.map(\.path))
            for entry in entries where entry.kind == .folder {
                let name = entry.path
                let child = relative.isEmpty ? name : relative + "/" + name
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    // A bundle is a document, not a folder of the repository: never entered.
                    if name.hasPrefix(".") { continue }
                    if let skip = skipReason(child, name: name, absolute: root + "/" + child, rules: rules) {
                        decisions.append(Decision(folder: child, isTaken: false, reason: skip.reason, excludedBy: skip.excludedBy))
                    } else if name.hasSuffix(".xcworkspace") {
                        workspaces.append(root + "/" + child)
                    } else if FileSystem.isRegularFile(root + "/" + child + "/project.pbxproj") {
                        projects.append(root + "/" + child)
                        decisions.append(Decision(folder: child, isTaken: true, reason: "an Xcode project"))
                    }
                    continue
                }
                // Reasons a name or the configuration gives are decided here, before descending;
                // the folder's own bulkhead.json when its listing is read.
                if let skip = skipReasonByName(child, name: name, rules: rules) {
                    decisions.append(Decision(folder: child, isTaken: false, reason: skip.reason, excludedBy: skip.excludedBy))
                    continue
                }
                pending.append((child, name, held, depth + 1))
            }
        }
        var result = Result(folders: folders.sorted(), decisions: decisions.sorted { $0.folder < $1.folder },
                            projects: projects.sorted(), workspaces: workspaces.sorted(),
                            ungeneratedSpecs: specs.filter { !$0.isGenerated(projects: projects, workspaces: workspaces) }.sorted { $0.path < $1.path },
                            listings: listings)
        if let storedListings {
            // Every folder walked read from the stored listings and every one stored walked, or
            // what was listed anew the same as stored (a folder that cannot be stored, such as an
            // unreadable one, is listed on every walk): nothing to write.
            if (!listedAnew && toStore.count == storedListings.folders.count) || toStore == storedListings.folders {
                if toStore.count == walked { result.listingsGeneration = storedListings.generation }
            } else {
                let generation = FolderListingCache.newGeneration()
                result.listingsToStore = FolderListingCache.Listings(generation: generation, folders: toStore)
                // Every folder walked settled and is stored: the stored listings are these.
                if toStore.count == walked { result.listingsGeneration = generation }
            }
        }
        return result
    }

    /// Why `folder` (named `name`) is not walked, in order: its name, the configuration, its own
    /// bulkhead.json, test inputs.
    private static func skipReason(_ folder: String, name: String, absolute: String, rules: DiscoveryRules) -> (reason: String, excludedBy: String?)? {
        if let skip = skipReasonByName(folder, name: name, rules: rules) { return skip }
        if !rules.included(folder) && FileSystem.entryExists(absolute + "/bulkhead.json") { return (ownConfigurationReason, nil) }
        return testInputSkip(folder, rules: rules).map { ($0, nil) }
    }

    /// The reasons known without reading the folder: its name, and `workspace.exclude`.
    private static func skipReasonByName(_ folder: String, name: String, rules: DiscoveryRules) -> (reason: String, excludedBy: String?)? {
        if name == "checkouts" { return ("dependency checkouts", nil) }
        if skippedFolders.contains(name) { return ("build products or third-party code ('\(name)')", nil) }
        if name.hasPrefix(".") { return ("hidden folder", nil) }
        if let key = rules.excluded(folder) { return ("excluded by \(key) in bulkhead.json", key) }
        return nil
    }

    /// A folder with its own configuration is the root of its own runs (the upward search stops
    /// there), so checking it here too, under another configuration, would disagree.
    private static let ownConfigurationReason = "holds its own bulkhead.json, so it is a root of its own; run Bulkhead there"

    private static func ownConfigurationSkip(_ folder: String, entries: [DirectoryListing.Entry], absolute: String, rules: DiscoveryRules) -> String? {
        guard !rules.included(folder) else { return nil }
        // An unreadable folder lists nothing: asked of the file system, as any folder no listing holds.
        let holds = entries.isEmpty ? FileSystem.entryExists(absolute + "/bulkhead.json") : entries.contains { $0.path == "bulkhead.json" }
        return holds ? ownConfigurationReason : nil
    }

    private static func testInputSkip(_ folder: String, rules: DiscoveryRules) -> String? {
        guard folder == "Fixtures" || folder.hasSuffix("/Fixtures"), !rules.included(folder) else { return nil }
        return "test inputs (a Fixtures folder); load them with workspace.include in bulkhead.json"
    }

    /// Whether the listed folder holds a regular file (or a link to one) called `name`: read
    /// from its listing; only a link, or a folder that listed nothing, is asked of the file system.
    private static func holdsRegularFile(named name: String, entries: [DirectoryListing.Entry], absolute: String) -> Bool {
        if entries.isEmpty { return FileSystem.isRegularFile(absolute + "/" + name) }
        guard let entry = entries.first(where: { $0.path == name }) else { return false }
        switch entry.kind {
        case .file: return true
        case .folder: return false
        case .symbolicLink, .other: return FileSystem.isRegularFile(absolute + "/" + name)
        }
    }
}
