import Foundation
@testable import Inputs
import ModuleGraph

/// The Xcode readers on arbitrary bytes. The first byte chooses the reader; the rest is the input.
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
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 { configuration(bytes) } else { project(bytes) }
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

private func project(_ bytes: [UInt8]) {
    let folder = "/nonexistent-bulkhead-fuzz"
    let boundary = ReadBoundary(root: folder)
    func read() -> Result<XcodeProject, XcodeProjectError> {
        do {
            return .success(try XcodeProjectReader.parse(Data(bytes), projectAt: folder + "/App.xcodeproj",
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
    if case .success(let project) = first { linkGraph(of: project, in: folder) }
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
