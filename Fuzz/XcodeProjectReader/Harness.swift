import Foundation
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess
import ModuleGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Xcode readers on arbitrary bytes. The first byte chooses the reader (its value modulo 3);
/// the rest is the input.
/// - `.xcconfig` text, parsed and resolved in two levels (as a project's and a target's file):
///   no trap; every problem names a line of the text; each value is at most `maximumLength`
///   bytes (values that double at every level must not grow with the input exponentially);
///   resolving again gives the same settings.
/// - `project.pbxproj` bytes, read as a project in a folder that does not exist (so synchronized
///   folders and configuration files are absent): no trap — the result is a project or a
///   thrown `XcodeProjectError` — and reading again gives the same answer. A project read is
///   assembled into a graph and its link graph made: what each image holds is what a second,
///   plain reader of the same graph says (a fixpoint over the edges, no walk order), every chain
///   runs from one of the image's own targets to its module, and every duplicate copy is held by
///   two images its process maps.
/// - A project in a real folder (`BoundaryTree`): the input, split at NUL bytes, is the project
///   file, two configuration files (`Config/Base.xcconfig`, `Config/Other.xcconfig`, which may
///   `#include` anything) and lines `name -> destination` making symbolic links inside the root
///   to anywhere; `$OUTSIDE` in any part stands for a folder beside the root holding a
///   configuration file and a source of its own. Oracle: no trap, the same answer twice, and
///   nothing outside the root read or listed — no setting from the outside file reaches a
///   target, every configuration file read and every source listed lies inside the root once
///   its links are resolved (by the C library's `realpath`, not Bulkhead's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0: configuration(bytes)
    case 1: project(bytes)
    default: BoundaryTree.check(bytes)
    }
    return 0
}

private func configuration(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let file = XCConfigFile.parse(text)
    guard file == XCConfigFile.parse(text) else { fatalError("parsing twice differs") }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).count
    for problem in file.problems where problem.line < 1 || problem.line > lines {
        fatalError("problem at line \(problem.line) of \(lines)")
    }
    let assignments = file.entries.compactMap { entry -> BuildSettingAssignment? in
        if case .assignment(let assignment, _) = entry { return assignment }
        return nil
    }
    let builtIns = BuildSettingsResolver.builtIns(targetName: "App", productName: nil, projectName: "Project",
                                                  projectFolder: "/repo", configuration: "Debug")
    // The same file at two levels, so `$(inherited)` crosses a level.
    let resolver = BuildSettingsResolver(levels: [builtIns, assignments, assignments])
    for sdk in ["iphoneos", "macosx"] {
        let context = BuildSettingsResolver.Context(sdk: sdk, configuration: "Debug")
        let resolved = resolver.resolve(for: context)
        for (key, value) in resolved where value.utf8.count > BuildSettingsResolver.maximumLength {
            fatalError("\(key) expanded to \(value.utf8.count) bytes")
        }
        guard resolved == resolver.resolve(for: context) else { fatalError("resolving twice differs") }
    }
}

/// The project `bytes` hold, read as `App.xcodeproj` in `root`; read twice, the answers (a
/// project or an error) must be equal. Nil when it does not read.
private func readTwice(_ bytes: [UInt8], root: String) -> XcodeProject? {
    let boundary = ReadBoundary(root: root)
    func read() -> Result<XcodeProject, XcodeProjectError> {
        do {
            return .success(try XcodeProjectReader.parse(Data(bytes), projectAt: root + "/App.xcodeproj",
                                                         shownAs: "App.xcodeproj/project.pbxproj", boundary: boundary))
        } catch {
            return .failure(error)
        }
    }
    let first = read()
    switch (first, read()) {
    case (.success(let a), .success(let b)) where a == b: break
    case (.failure(let a), .failure(let b)) where a == b: break
    default: fatalError("reading twice differs")
    }
    if case .success(let project) = first { return project }
    return nil
}

private func project(_ bytes: [UInt8]) {
    let folder = "/nonexistent-bulkhead-fuzz"
    if let project = readTwice(bytes, root: folder) { linkGraph(of: project, in: folder) }
}

/// The link graph of a read project, checked against a second reader.
private func linkGraph(of project: XcodeProject, in folder: String) {
    let assembled = ProjectAssembler(root: folder, packageIdentities: [:], localProductOwners: [:]).assemble([project], pins: [:])
    let graph = ModuleGraph(packages: assembled.packages, targets: assembled.targets, externalProducts: assembled.externalProducts)
    let images = BinaryImages(graph: graph)
    for image in images.images {
        let held = Set(image.holdings.map(\.module))
        guard held.count == image.holdings.count else { fatalError("\(image.id) holds a module twice") }
        guard held == plainHoldings(of: image, in: graph) else { fatalError("\(image.id): the second reader disagrees") }
        for holding in image.holdings {
            guard case .target(let first)? = holding.chain.first, image.roots.contains(first) else { fatalError("a chain starts elsewhere") }
            switch (holding.module, holding.chain.last) {
            case (.target(let id), .target(let last)?) where id == last: break
            case (.remote(let package, _), .external(let other, _)?) where package == other: break
            default: fatalError("a chain ends elsewhere")
            }
        }
        if case .target(let id) = image.id { _ = images.modulesHeldElsewhere(seenFrom: id) }
    }
    for duplicate in images.duplicateCopies() {
        let mapped = Set(images.mappedImages(from: duplicate.process).map(\.image))
        let holders = Set(duplicate.copies.map(\.image))
        guard holders.count == duplicate.copies.count, holders.count > 1, holders.isSubset(of: mapped),
              holders.allSatisfy({ images.image($0)?.holdings.contains { $0.module == duplicate.module } == true })
        else { fatalError("a duplicate copy that is not one") }
    }
}

/// What an image holds, read plainly: its roots, then every module an edge that links reaches
/// from one held, until nothing changes — no queue, no order.
private func plainHoldings(of image: BinaryImages.Image, in graph: ModuleGraph) -> Set<BinaryImages.HeldModule> {
    var held = Set(image.roots.map { BinaryImages.HeldModule.target($0) })
    var changed = true
    while changed {
        changed = false
        for case .target(let id) in held {
            for dependency in graph.dependencies(of: id) where dependency.edge.arrival == .declared || dependency.edge.arrival == .linked {
                switch dependency.node {
                case .external(let package, let product):
                    let modules = graph.externalProducts.first { $0.package == package && $0.name == product }?.buildsModules ?? [product]
                    for module in modules where held.insert(.remote(package: package, module: module)).inserted { changed = true }
                case .target(let next):
                    // A project's libraries are copied when static; nothing else links.
                    guard let target = graph.target(next), target.kind == .library || target.kind == .cFamily,
                          let type = target.productType, type.isLibrary,
                          (target.linkage ?? (type == .staticLibrary ? .static : .dynamic)) == .static
                    else { continue }
                    if held.insert(.target(next)).inserted { changed = true }
                }
            }
        }
    }
    return held
}

/// A root folder made from the input beside an outside one, rebuilt for each input, and what
/// reading a project in it may never show.
private enum BoundaryTree {
    /// The folder holding `root/` and `outside/`, made once per process.
    static let base: String = {
        var template = Array("/tmp/bulkhead-fuzz-boundary-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        let base = realPath(String(cString: made))!
        let outside = base + "/outside"
        try! FileManager.default.createDirectory(atPath: outside + "/Sources", withIntermediateDirectories: true)
        try! Data("SECRET_TOKEN = \(canary)\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) \(canary)\n".utf8)
            .write(to: URL(fileURLWithPath: outside + "/secret.xcconfig"))
        try! Data("import Leak\n".utf8).write(to: URL(fileURLWithPath: outside + "/Sources/Leak.swift"))
        return base
    }()
    static var root: String { base + "/root" }
    static var outside: String { base + "/outside" }
    /// What the outside configuration file sets: seen in a target, it was read.
    static let canary = "BULKHEAD_CANARY_OUTSIDE"

    static func check(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "$OUTSIDE", with: outside) }
        guard let projectText = parts.first else { return }
        rebuild(
            configurations: [parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : ""],
            links: parts.count > 3 ? parts[3] : "")
        guard let project = readTwice(Array(projectText.utf8), root: root) else { return }
        for target in project.targets {
            for (configuration, settings) in target.buildSettings {
                for (key, value) in settings where value.contains(canary) {
                    fatalError("\(target.name) \(configuration): \(key) holds the outside file's setting")
                }
            }
            for (configuration, conditions) in target.compilationConditions where conditions.contains(where: { $0.contains(canary) }) {
                fatalError("\(target.name) \(configuration): a condition from the outside file")
            }
            for file in target.configurationFiles { requireInside(file, "configuration file of \(target.name)") }
            for source in target.sources + target.ownedFiles { requireInside(source, "source of \(target.name)") }
        }
    }

    /// A path Bulkhead read or listed (absolute, or relative to the root) lies inside the root
    /// where it really is; one that does not exist must still name a place inside.
    private static func requireInside(_ path: String, _ role: String) {
        let absolute = path.hasPrefix("/") ? path : root + "/" + path
        let real = realPath(absolute) ?? normalized(absolute)
        precondition(real == root || real.hasPrefix(root + "/"), "the \(role) '\(path)' lies outside the root, at \(real)")
    }

    /// A missing path's `.` and `..` resolved by its text, its existing folders by `realpath`.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
            // A link in the middle takes the rest along with it.
            if let real = realPath("/" + parts.joined(separator: "/")) { parts = real.split(separator: "/") }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `root/` afresh: the two configuration files and the links the input names (a link's
    /// name stays inside the root; where it points is the input's).
    private static func rebuild(configurations: [String], links: String) {
        _ = base
        // Links are removed, never followed (each points inside the fuzzing folder anyway).
        try? FileManager.default.removeItem(atPath: root)
        try! FileManager.default.createDirectory(atPath: root + "/Config", withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try! Data("import Foundation\n".utf8).write(to: URL(fileURLWithPath: root + "/Sources/App.swift"))
        for (name, text) in zip(["Base", "Other"], configurations) {
            try! Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Config/\(name).xcconfig"))
        }
        for line in links.split(separator: "\n").prefix(8) {
            let sides = line.components(separatedBy: " -> ")
            guard sides.count == 2, !sides[0].isEmpty, !sides[0].hasPrefix("/"), sides[0].count < 200,
                  !sides[0].split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { continue }
            let link = root + "/" + sides[0]
            let folder = (link as NSString).deletingLastPathComponent
            // The link goes in a folder that is really inside the root, and one that leads out
            // of the fuzzing folder is taken away again: the harness never touches anything else,
            // whatever the links before it made.
            guard let realFolder = realPath(folder), realFolder == root || realFolder.hasPrefix(root + "/") else { continue }
            try? FileManager.default.removeItem(atPath: link)
            guard symlink(sides[1], link) == 0 else { continue }
            if let real = realPath(link), !real.hasPrefix(base + "/") { unlink(link) }
        }
    }
}
