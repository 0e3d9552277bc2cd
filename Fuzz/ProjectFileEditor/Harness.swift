import DeclarationFiles
import Formats
import Foundation

/// The project-file editor on arbitrary bytes (seeded with the fixtures' projects): for the
/// first native targets it finds, unlink their first package product, link a new one, and link
/// then unlink it again.
/// Oracle, checked with none of the editor's code, by Bulkhead's value-only reader and — where
/// it reads the input as an old-style list — by a second, independent one, Foundation's
/// `PropertyListSerialization` (as Xcode's own reader would see the file): no trap; a refused
/// edit leaves the bytes as they were; a successful one reads again, with both readers, and
/// differs from the original only in the intended objects — the target's product list and the
/// frameworks phase's files (exactly one item more or the product's items fewer), new or
/// removed `XCSwiftPackageProductDependency` and `PBXBuildFile` objects — and link-then-unlink
/// gives back the original objects. A frameworks phase another target lists too is never
/// edited (the other target would gain or lose the product). A file whose line breaks are all
/// CRLF keeps them all CRLF. `FUZZ_SKIP=shared-phase,line-endings` skips those two checks, to
/// fuzz the rest while the editor still fails them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let before = Project(bytes, reader: .bulkhead) else {
        // Nothing to check but that the editor refuses without a trap and without writing.
        var editor = ProjectFileEditor(bytes: bytes)
        try? editor.removeProduct("Kit", from: "App")
        try? editor.addProduct("Kit", packagePath: "Modules", to: "App")
        precondition(editor.bytes == bytes, "an edit of a file that does not read was kept")
        return 0
    }
    // The same checks through each reader that reads the input.
    let readings = [before] + [Project(bytes, reader: .foundation)].compactMap { $0 }
    let packagePath = before.objects.values.first { $0["isa"] == .string("XCLocalSwiftPackageReference") }?["relativePath"]?.string ?? "Modules"
    for (targetID, name) in before.targets.prefix(2) {
        let linked = before.list("packageProductDependencies", of: targetID)
        if let first = linked.first, let product = before.objects[first]?["productName"]?.string {
            var editor = ProjectFileEditor(bytes: bytes)
            do {
                try editor.removeProduct(product, from: name)
                for reading in readings { checkRemoval(of: product, from: targetID, before: reading, after: editor.bytes) }
                checkLineEndings(before: bytes, after: editor.bytes)
            } catch {
                precondition(editor.bytes == bytes, "a refused removal changed the bytes")
            }
        }
        var editor = ProjectFileEditor(bytes: bytes)
        do {
            try editor.addProduct("Fuzzed", packagePath: packagePath, packageProducts: ["Fuzzed"], to: name)
        } catch {
            precondition(editor.bytes == bytes, "a refused link changed the bytes")
            continue
        }
        let added = readings.map { checkAddition(of: "Fuzzed", to: targetID, before: $0, after: editor.bytes) }
        precondition(Set(added).count == 1, "the readers disagree on whether the link added anything")
        checkLineEndings(before: bytes, after: editor.bytes)
        guard added[0] else { continue }
        let linkedBytes = editor.bytes
        do {
            try editor.removeProduct("Fuzzed", from: name)
            for reading in readings {
                guard let after = Project(editor.bytes, reader: reading.reader) else { fatalError("link then unlink does not read (\(reading.reader))") }
                precondition(after.root == reading.root, "link then unlink does not give back the original (\(reading.reader))")
            }
            checkLineEndings(before: bytes, after: editor.bytes)
        } catch {
            precondition(editor.bytes == linkedBytes, "a refused removal changed the bytes")
        }
    }
    return 0
}

/// Who reads the bytes: Bulkhead's old-style reader, or Foundation's (an independent one).
private enum Reader: CustomStringConvertible {
    case bulkhead, foundation

    var description: String { self == .bulkhead ? "Bulkhead's reader" : "Foundation's reader" }

    func read(_ bytes: [UInt8]) -> PropertyListValue? {
        switch self {
        case .bulkhead:
            return try? OpenStepPropertyList.parse(bytes)
        case .foundation:
            var format = PropertyListSerialization.PropertyListFormat.openStep
            guard let value = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format),
                  format == .openStep else { return nil }
            return Self.converted(value)
        }
    }

    /// Foundation's value as a `PropertyListValue` (data as its description: only compared with
    /// Foundation's own reading); nil for what an old-style list cannot hold. An explicit stack,
    /// as the depth is the input's.
    private static func converted(_ value: Any) -> PropertyListValue? {
        // Post-order over the tree: each container once its children are converted.
        var stack: [(value: Any, visited: Bool)] = [(value, false)]
        var done: [PropertyListValue] = []
        while let (item, visited) = stack.popLast() {
            switch item {
            case let string as String:
                done.append(.string(string))
            case let data as Data:
                done.append(.string(data.base64EncodedString()))
            case let array as [Any]:
                if visited {
                    let items = Array(done.suffix(array.count))
                    done.removeLast(array.count)
                    done.append(.array(items))
                } else {
                    stack.append((array, true))
                    for element in array.reversed() { stack.append((element, false)) }
                }
            case let dictionary as [String: Any]:
                let keys = dictionary.keys.sorted()
                if visited {
                    let values = Array(done.suffix(keys.count))
                    done.removeLast(keys.count)
                    done.append(.dictionary(Dictionary(uniqueKeysWithValues: zip(keys, values))))
                } else {
                    stack.append((dictionary, true))
                    for key in keys.reversed() { stack.append((dictionary[key]!, false)) }
                }
            default:
                return nil
            }
        }
        return done.count == 1 ? done[0] : nil
    }
}

/// A project as one reader reads it.
private struct Project {
    var reader: Reader
    var root: [String: PropertyListValue]
    var objects: [String: [String: PropertyListValue]]

    init?(_ bytes: [UInt8], reader: Reader) {
        guard case .dictionary(let root)? = reader.read(bytes), let objects = root["objects"]?.dictionary else { return nil }
        self.reader = reader
        self.root = root
        self.objects = objects.compactMapValues(\.dictionary)
    }

    /// The other objects (targets) whose build phases list `phase`.
    func others(listing phase: String, besides target: String) -> [String] {
        objects.keys.filter { $0 != target && list("buildPhases", of: $0).contains(phase) }.sorted()
    }

    /// The root project's native targets whose name no other of its targets has, by identifier:
    /// the targets the editor finds by name (a file without a root project has every object's).
    var targets: [(String, String)] {
        let listed = root["rootObject"]?.string.map { list("targets", of: $0) } ?? Array(objects.keys)
        let named = Set(listed).compactMap { id in
            objects[id]?["isa"] == .string("PBXNativeTarget") ? objects[id]?["name"]?.string.map { (id, $0) } : nil
        }
        let kinds: Set<PropertyListValue> = [.string("PBXNativeTarget"), .string("PBXAggregateTarget"), .string("PBXLegacyTarget")]
        let all = Set(listed).compactMap { id in objects[id]?["isa"].flatMap { kinds.contains($0) ? objects[id]?["name"]?.string : nil } }
        return named.filter { pair in all.count { $0 == pair.1 } == 1 }.sorted { $0.0 < $1.0 }
    }

    func list(_ key: String, of id: String) -> [String] {
        objects[id]?[key]?.array?.compactMap(\.string) ?? []
    }

    func frameworksPhases(of target: String) -> Set<String> {
        Set(list("buildPhases", of: target).filter { objects[$0]?["isa"] == .string("PBXFrameworksBuildPhase") })
    }
}

/// What both checks share: the rest of the document, and objects outside `allowed` unchanged.
private func unchangedOutside(_ allowed: Set<String>, before: Project, after: Project) {
    precondition(before.root.filter { $0.key != "objects" } == after.root.filter { $0.key != "objects" }, "a key outside objects changed")
    for id in Set(before.objects.keys).union(after.objects.keys) where !allowed.contains(id) {
        precondition(before.objects[id] == after.objects[id], "object \(id) changed, which the edit does not touch")
    }
}

/// Every other key of an object unchanged.
private func sameBesides(_ key: String, _ a: [String: PropertyListValue]?, _ b: [String: PropertyListValue]?) -> Bool {
    a?.filter { $0.key != key } == b?.filter { $0.key != key }
}

private func checkAddition(of product: String, to target: String, before: Project, after bytes: [UInt8]) -> Bool {
    guard let after = Project(bytes, reader: before.reader) else { fatalError("a link was written that \(before.reader) does not read") }
    let created = Set(after.objects.keys).subtracting(before.objects.keys)
    precondition(Set(before.objects.keys).isSubset(of: after.objects.keys), "a link removed an object")
    if created.isEmpty {
        // Already linked: nothing may change.
        precondition(after.root == before.root, "a link that adds nothing changed the project")
        return false
    }
    let phases = before.frameworksPhases(of: target)
    precondition(created.count == 2 && phases.count == 1, "a link did not add exactly a product and a build file")
    let phase = phases.first!
    let sharing = before.others(listing: phase, besides: target)
    precondition(sharing.isEmpty || skipped.contains("shared-phase"), "a link edited the frameworks phase \(phase), which \(sharing) list too")
    unchangedOutside(created.union([target, phase]), before: before, after: after)
    let newProducts = after.list("packageProductDependencies", of: target)
    precondition(newProducts.dropLast() == before.list("packageProductDependencies", of: target)[...], "the product list changed otherwise")
    let productID = newProducts.last!
    precondition(created.contains(productID) && after.objects[productID]?["isa"] == .string("XCSwiftPackageProductDependency")
        && after.objects[productID]?["productName"] == .string(product), "the new product dependency is not the product")
    let newFiles = after.list("files", of: phase)
    precondition(newFiles.dropLast() == before.list("files", of: phase)[...], "the phase's files changed otherwise")
    let buildFile = newFiles.last!
    precondition(created == [productID, buildFile], "other objects were created")
    precondition(after.objects[buildFile] == ["isa": .string("PBXBuildFile"), "productRef": .string(productID)], "the build file is not the product's")
    precondition(sameBesides("packageProductDependencies", before.objects[target], after.objects[target]), "the target changed otherwise")
    precondition(sameBesides("files", before.objects[phase], after.objects[phase]), "the phase changed otherwise")
    return true
}

private func checkRemoval(of product: String, from target: String, before: Project, after bytes: [UInt8]) {
    guard let after = Project(bytes, reader: before.reader) else { fatalError("an unlink was written that \(before.reader) does not read") }
    precondition(Set(after.objects.keys).isSubset(of: before.objects.keys), "an unlink created an object")
    let removed = Set(before.objects.keys).subtracting(after.objects.keys)
    for id in removed {
        let isa = before.objects[id]?["isa"]
        precondition(isa == .string("XCSwiftPackageProductDependency") || isa == .string("PBXBuildFile"), "an unlink removed \(id), a \(String(describing: isa)): \(String(describing: before.objects[id]))")
    }
    let productIDs = Set(before.list("packageProductDependencies", of: target).filter { before.objects[$0]?["productName"] == .string(product) })
    let phases = before.frameworksPhases(of: target)
    unchangedOutside(removed.union([target]).union(phases), before: before, after: after)
    let linked = before.list("packageProductDependencies", of: target)
    let remaining = after.list("packageProductDependencies", of: target)
    precondition(remaining.count < linked.count && onlyDropped(from: linked, leaving: remaining, allowed: productIDs), "the product list changed otherwise")
    for phase in phases {
        let productFiles = Set(before.list("files", of: phase).filter { before.objects[$0]?["productRef"].flatMap(\.string).map(productIDs.contains) == true })
        precondition(onlyDropped(from: before.list("files", of: phase), leaving: after.list("files", of: phase), allowed: productFiles), "the phase's files changed otherwise")
        precondition(sameBesides("files", before.objects[phase], after.objects[phase]), "the phase changed otherwise")
        if before.list("files", of: phase) != after.list("files", of: phase) {
            let sharing = before.others(listing: phase, besides: target)
            precondition(sharing.isEmpty || skipped.contains("shared-phase"), "an unlink edited the frameworks phase \(phase), which \(sharing) list too")
        }
    }
    precondition(sameBesides("packageProductDependencies", before.objects[target], after.objects[target]), "the target changed otherwise")
}

/// Whether `after` is `before` with some items of `allowed` left out, in the same order.
private func onlyDropped(from before: [String], leaving after: [String], allowed: Set<String>) -> Bool {
    var index = 0
    for item in before {
        if index < after.count && after[index] == item {
            index += 1
        } else if !allowed.contains(item) {
            return false
        }
    }
    return index == after.count
}

/// A file whose line breaks are all CRLF keeps them all CRLF: a LF line in it shows as a change
/// of every line in some editors, and a diff of the project as a mixed file.
private func checkLineEndings(before: [UInt8], after: [UInt8]) {
    guard !skipped.contains("line-endings"), onlyCRLF(before) else { return }
    precondition(onlyCRLF(after), "an edit wrote a LF line break into a file whose line breaks are all CRLF")
}

/// The checks `FUZZ_SKIP` names (comma-separated): `shared-phase`, `line-endings`.
private let skipped = Set((ProcessInfo.processInfo.environment["FUZZ_SKIP"] ?? "").split(separator: ",").map(String.init))

/// Whether `bytes` break lines and every line feed follows a carriage return.
private func onlyCRLF(_ bytes: [UInt8]) -> Bool {
    var sawBreak = false
    for index in bytes.indices where bytes[index] == 10 {
        guard index > 0, bytes[index - 1] == 13 else { return false }
        sawBreak = true
    }
    return sawBreak
}
