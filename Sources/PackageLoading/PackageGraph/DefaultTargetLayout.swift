import FileAccess
import Formats
import Foundation
import ModuleGraph
import ParallelWork

/// SwiftPM's layout rules, applied to the manifest as `dump-package` prints it: where a target
/// lives when it names no `path:`, which files are its sources and resources, and how a target's
/// name becomes a module name. With them one toolchain call per package (`dump-package`) is
/// enough; `describe` is asked only where these rules cannot decide (see `undecided`).
enum DefaultTargetLayout {
    /// Files SwiftPM compiles (`SupportedLanguageExtension`).
    static let sourceExtensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "c++", "m", "mm", "s", "S"]
    /// Files SwiftPM processes as resources without being told (tools version 5.3 and later):
    /// Apple's formats only where SwiftPM builds them (on Linux `describe` lists none of them),
    /// and everything in a `.lproj` folder everywhere.
    #if canImport(Darwin)
    static let implicitResourceExtensions: Set<String> = ["xib", "storyboard", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "metal"]
    #else
    static let implicitResourceExtensions: Set<String> = []
    #endif
    /// Folders SwiftPM treats as one file: never searched for sources.
    static let packageFolderExtensions: Set<String> = ["xcassets", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "docc", "bundle", "framework", "xcframework", "playground"]

    /// The target's folder relative to the package root.
    static func path(for target: ManifestDump.Target, packageRoot: String, listings: FolderListings? = nil) -> String {
        if let path = target.path { return trimmed(path) }
        let candidates: [String]
        switch target.type {
        case "test": candidates = ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": candidates = ["Plugins"]
        default: candidates = ["Sources", "Source", "src", "srcs"]
        }
        for folder in candidates where listings?.isDirectory("\(packageRoot)/\(folder)/\(target.name)") ?? FileSystem.isDirectory("\(packageRoot)/\(folder)/\(target.name)") {
            return "\(folder)/\(target.name)"
        }
        return "\(candidates[0])/\(target.name)"
    }

    /// The layout of every target of `dump`, read from the package folder `packageRoot`
    /// (absolute), and the reasons, if any, that only `describe` can settle it. Folders `listings`
    /// holds are read from it.
    static func layout(of dump: ManifestDump, packageRoot: String, listings: FolderListings? = nil) -> PackageLayout {
        var layout = PackageLayout()
        // A package with no targets has no layout to get wrong (isowords keeps such placeholders
        // beside its Xcode project so that Xcode does not list the folder).
        if !dump.targets.isEmpty, let version = dump.toolsVersionText, version.compare("5.3", options: .numeric) == .orderedAscending {
            layout.undecided.append("tools version \(version) predates the resource rules Bulkhead applies")
        }
        // Where each target is, decided in manifest order; what each target in a folder holds is
        // worked out after, on every core (a 420-target package's layouts were 8% of a warm
        // check's instructions, on one core), and said in manifest order again.
        var placed: [(target: Int, path: String, folder: String)] = []
        var reasonsBefore: [Int: [String]] = [:]
        for (index, target) in dump.targets.enumerated() {
            let path = Self.path(for: target, packageRoot: packageRoot, listings: listings)
            if !target.name.utf8.allSatisfy({ $0 < 0x80 }) {
                reasonsBefore[index, default: []].append("target '\(target.name)' has a name outside ASCII, whose module name SwiftPM decides")
            }
            if path.hasPrefix("/") || path == ".." || path.hasPrefix("../") || Self.climbsWithin(path) {
                reasonsBefore[index, default: []].append("target '\(target.name)' names a path outside the package folder")
                continue
            }
            let folder = path == "." || path.isEmpty ? packageRoot : "\(packageRoot)/\(path)"
            if target.type == "binary" {
                if target.path != nil && !FileSystem.fileExists(folder) {
                    reasonsBefore[index, default: []].append("binary target '\(target.name)' has no artifact at \(path)")
                }
                layout.targets[target.name] = TargetLayout(path: path)
                continue
            }
            guard listings?.isDirectory(folder) ?? FileSystem.isDirectory(folder) else {
                reasonsBefore[index, default: []].append("target '\(target.name)' has no folder at \(path)")
                continue
            }
            placed.append((index, path, folder))
        }
        let places = placed
        let computed = ParallelMap.cores(forJobs: places.count).run(places.count) { job in
            Self.targetLayout(dump.targets[places[job].target], path: places[job].path, folder: places[job].folder, listings: listings)
        }
        var computedByTarget: [Int: TargetLayout] = [:]
        for (job, place) in places.enumerated() { computedByTarget[place.target] = computed[job] }
        var paths: [(name: String, path: String)] = []
        for index in dump.targets.indices {
            layout.undecided += reasonsBefore[index] ?? []
            guard let computed = computedByTarget[index] else { continue }
            let name = dump.targets[index].name
            paths.append((name, computed.path))
            if computed.hasSymbolicLinks { layout.undecided.append("target '\(name)' holds symbolic links, which SwiftPM follows") }
            if computed.isMixedLanguage { layout.undecided.append("target '\(name)' mixes Swift and C-family sources") }
            layout.targets[name] = computed
        }
        // One folder inside another: whose file is whose is SwiftPM's call (or its error).
        let sorted = paths.sorted { $0.path < $1.path }
        for (outer, inner) in zip(sorted, sorted.dropFirst()) where inner.path.hasPrefix(outer.path + "/") || inner.path == outer.path || outer.path == "." {
            layout.undecided.append("targets '\(outer.name)' and '\(inner.name)' share a folder")
        }
        if let cycle = Self.dependencyCycle(in: dump) {
            layout.undecided.append("targets depend on each other in a cycle through '\(cycle)'")
        }
        // Snippets are targets SwiftPM makes from the folder, not the manifest: only `describe`
        // lists them, with the library targets each depends on.
        if listings?.isDirectory("\(packageRoot)/Snippets") ?? FileSystem.isDirectory("\(packageRoot)/Snippets") {
            layout.undecided.append("a Snippets folder, whose targets only describe lists")
        }
        return layout
    }

    /// One target's files, as SwiftPM's `TargetSourcesBuilder` sorts them: hidden entries and
    /// `exclude:` paths skipped; declared resources first (`.process` lists each file below its
    /// path, `.copy` and `.embedInCode` the path itself); then compilable files (within
    /// `sources:` when the manifest lists any); then files SwiftPM processes without being told.
    static func targetLayout(_ target: ManifestDump.Target, path: String, folder: String, listings: FolderListings? = nil) -> TargetLayout {
        var result = TargetLayout(path: path)
        guard target.type != "system" else { return result }
        let excluded = (target.exclude ?? []).map(trimmed)
        let declared = (target.resources ?? []).map { (path: trimmed($0.path), copiesWhole: !$0.isProcessed) }
        let listed = target.sources?.map(trimmed)
        func within(_ relative: String, _ prefix: String) -> Bool {
            prefix.isEmpty || prefix == "." || relative == prefix || relative.hasPrefix(prefix + "/")
        }
        let listing = DirectoryListing.list(folder, listed: listings) { relative in
            let name = Self.lastComponent(relative)
            return !name.hasPrefix(".") && !packageFolderExtensions.contains(Self.pathExtension(name))
                && !excluded.contains { within(relative, $0) }
        }
        var hasSwift = false
        var hasOtherLanguage = false
        // Localized folders met so far; the walk lists a folder before what it holds.
        var localizedFolders: [String] = []
        for entry in listing.entries {
            let relative = entry.path
            let name = Self.lastComponent(relative)
            if name.hasPrefix(".") || excluded.contains(where: { within(relative, $0) }) { continue }
            let fileExtension = Self.pathExtension(name)
            if entry.kind == .symbolicLink { result.hasSymbolicLinks = true }
            if let resource = declared.first(where: { within(relative, $0.path) }) {
                if resource.copiesWhole {
                    if relative == resource.path { result.resources.append("\(path)/\(relative)") }
                } else if entry.kind == .file || (entry.kind == .folder && packageFolderExtensions.contains(fileExtension)) {
                    result.resources.append("\(path)/\(relative)")
                }
                continue
            }
            if entry.kind == .folder {
                if implicitResourceExtensions.contains(fileExtension) { result.resources.append("\(path)/\(relative)") }
                if fileExtension == "lproj" { localizedFolders.append(relative) }
                continue
            }
            guard entry.kind == .file else { continue }
            if !localizedFolders.isEmpty && localizedFolders.contains(where: { relative.hasPrefix($0 + "/") }) {
                result.resources.append("\(path)/\(relative)")
            } else if sourceExtensions.contains(fileExtension) {
                if let listed, !listed.contains(where: { within(relative, $0) }) { continue }
                result.sources.append(relative)
                if fileExtension == "swift" { hasSwift = true } else { hasOtherLanguage = true }
            } else if implicitResourceExtensions.contains(fileExtension) {
                result.resources.append("\(path)/\(relative)")
            }
        }
        result.sources.sort()
        result.resources.sort()
        result.isCFamily = hasOtherLanguage && !hasSwift
        result.isMixedLanguage = hasOtherLanguage && hasSwift
        return result
    }

    /// A target of the package that depends on itself through other targets of the package,
    /// found without recursion; SwiftPM refuses such a package, and `describe` says why.
    static func dependencyCycle(in dump: ManifestDump) -> String? {
        // Targets by number, each name hashed once: the walk hashed a name at every step, a
        // fortieth of a warm check of a 420-target package. Read by position, and only the
        // dependencies' names: copying each target out, and reading each dependency's
        // condition, cost as much again.
        let targets = dump.targets
        var numbering = NameNumbers(capacity: targets.count)
        let numbers = targets.indices.map { numbering.number(of: targets[$0].name) }
        let names = numbering.names
        // A name declared twice keeps the last declaration's dependencies.
        var edges = [[Int]](repeating: [], count: names.count)
        for index in targets.indices {
            edges[numbers[index]] = (targets[index].dependencies ?? []).compactMap { dependency in
                DeclaredDependency.targetName(dependency).flatMap { numbering.existingNumber(of: $0) }
            }
        }
        var state = [UInt8](repeating: 0, count: names.count)  // 1: on the path, 2: done
        for start in numbers {
            guard state[start] == 0 else { continue }
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let children = edges[top.node]
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    switch state[child] {
                    case 1: return names[child]
                    case 0:
                        state[child] = 1
                        stack.append((child, 0))
                    default: break
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") && path.count > 1 { path.removeLast() }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `path` holds `/../`, found among the bytes four at a time: Foundation's search for
    /// a substring cost more than laying out the target.
    static func climbsWithin(_ path: String) -> Bool {
        var window: UInt32 = 0
        for byte in path.utf8 {
            window = window << 8 | UInt32(byte)
            if window == 0x2F2E_2E2F { return true }
        }
        return false
    }

    /// Found among the bytes: looked up for every file of every package on every run, and a
    /// search by `Character` cost more than listing the folder. Only ever compared with plain
    /// extensions, which a dot followed by a combining mark never spells either way.
    static func pathExtension(_ name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// SwiftPM's c99 name: characters that cannot be in an identifier become `_`, and a leading
    /// digit gets a `_` before it (`Legacy-Bridge` → `Legacy_Bridge`).
    static func c99Name(_ name: String) -> String {
        // Most names are already identifiers of ASCII letters, digits and `_`: checked on the
        // bytes, since this runs for every target of every package on every run.
        let isPlainIdentifier = name.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_")
        }
        if isPlainIdentifier, let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) { return name }
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }

    /// The module a module map declares (`module CZlib [system] { … }`), if there is one.
    static func moduleMapName(in folder: String) -> String? {
        for candidate in ["\(folder)/module.modulemap", "\(folder)/include/module.modulemap"] {
            guard let text = try? String(contentsOfFile: candidate, encoding: .utf8) else { continue }
            let words = withoutComments(text).split(whereSeparator: { $0.isWhitespace || $0 == "{" })
            var index = 0
            while index < words.count {
                if words[index] == "module", index + 1 < words.count {
                    return String(words[index + 1])
                }
                index += 1
            }
        }
        return nil
    }

    /// Module-map text with `//` and `/* */` comments removed.
    private static func withoutComments(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                index = rest.dropFirst(2).range(of: "*/")?.upperBound ?? text.endIndex
                result.append(" ")
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
