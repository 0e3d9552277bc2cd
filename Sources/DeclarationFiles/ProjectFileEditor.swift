import Formats
import ProjectObjects

/// Edits a `project.pbxproj` for `check --fix`: links a product of a local package the project
/// already references to a target (an `XCSwiftPackageProductDependency` in its
/// `packageProductDependencies` and a `PBXBuildFile` in its frameworks build phase), or unlinks
/// one. Targets and products are found through `ProjectObjects`, as the project reader and the
/// locator find them: a target among the root project's, a plugin's product by its name.
///
/// The property-list parser places every edit: each is a splice of bytes at the ranges it
/// reports, written in the file's own layout (see `ProjectFileDocument+Layout.swift`), so every
/// byte outside the edited entries stays as it was, whatever its encoding. After each change
/// the result is read again and compared object by object with the original
/// (`ProjectFileEditCheck`); anything but the intended change is refused, with the reason, and
/// the bytes are left as they were: it never guesses inside a file Xcode must reopen.
///
/// The splices of one change are placed together on one reading and the result read once, and
/// the readings of what one change wrote serve the next: a run of changes to a large project
/// reads it twice a change (with positions, and by the check's own reader), not once a splice.
package struct ProjectFileEditor: Sendable {
    package private(set) var bytes: [UInt8]
    /// `bytes` read with positions; nil when they do not read.
    private var document: ProjectFileDocument?
    /// `bytes` read by the value-only reader, the check's "before"; nil when they do not read.
    private var value: PropertyListValue?
    /// How many times the whole file was read (either way): counted so a test can show a run of
    /// changes reads it a few times a change, not once a splice.
    private(set) var readings = 2

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        document = ProjectFileDocument(bytes: bytes)
        value = try? OpenStepPropertyList.parse(bytes)
    }

    package enum Refusal: Error, Sendable, Equatable {
        case noTarget(String)
        case noPackageReference(String)
        case shape(String)
        case notAPackageProduct(String, target: String)
        case plugin(String, target: String)
        case unreadable
        case unintended(String)

        package var reason: String {
            switch self {
            case .noTarget(let name): "the project has no target named '\(name)'"
            case .noPackageReference(let path): "the project references no local package at '\(path)'; add the package in Xcode first"
            case .shape(let what): "\(what), which Bulkhead does not edit; change it in Xcode"
            case .notAPackageProduct(let name, let target):
                "'\(name)' is not among the package products of target '\(target)'; a dependency on another target of the project is Xcode's to remove"
            case .plugin(let name, let target):
                "'\(name)' is a build-tool plugin target '\(target)' runs (plugin:\(name)), not a product it imports; remove it in Xcode if the build no longer needs it"
            case .unreadable: "the project file does not read as a property list with objects; open it in Xcode to repair it"
            case .unintended(let what): "\(what); the project file was left as it was, change it in Xcode"
            }
        }
    }

    // MARK: Add and remove

    /// Links `product` of the local package at `packagePath` (relative to the folder holding the
    /// `.xcodeproj`, as `XCLocalSwiftPackageReference.relativePath` spells it) to `target`.
    ///
    /// A project from before Xcode 15 holds a local package as a folder in its groups and names
    /// no package in its product dependencies: when no reference matches but a product
    /// dependency on one of `packageProducts` (the package's other products) names none, the new
    /// one names none either, as Xcode writes it there.
    package mutating func addProduct(_ product: String, packagePath: String, packageProducts: Set<String> = [], to target: String) throws(Refusal) {
        let original = try readDocument()
        let targetID = try Self.nativeTarget(named: target, in: original)
        let reference = original.entries(isa: "XCLocalSwiftPackageReference").first {
            Self.clean($0.value["relativePath"]?.value.string) == Self.clean(packagePath)
        }?.key
        let folderStyle = reference == nil && original.entries(isa: "XCSwiftPackageProductDependency").contains {
            $0.value["package"] == nil && $0.value["productName"]?.value.string.map(packageProducts.contains) == true
        }
        guard reference != nil || folderStyle else { throw .noPackageReference(packagePath) }
        guard original.list("packageProductDependencies", of: targetID) != nil else {
            throw .shape("target '\(target)' has no packageProductDependencies list")
        }
        let linked = original.identifiers("packageProductDependencies", of: targetID)
        // Already linked, or run as a plugin of the same name: a package names one product once.
        if linked.contains(where: { ((try? original.objects.productDependency($0)) ?? nil)?.productName == product }) { return }
        let phase = try Self.frameworksPhase(of: targetID, target: target, in: original)

        let productID = freshIdentifier("\(target)|\(product)|product")
        let buildFileID = freshIdentifier("\(target)|\(product)|buildFile")
        let name = Self.commentText(product)
        var productBody: [(key: String, value: [UInt8])] = [("isa", Array("XCSwiftPackageProductDependency".utf8))]
        if let reference {
            productBody.append(("package", Array(reference.utf8) + (original.comment(of: reference).map { [32] + ProjectFileDocument.commentOpen + $0 + ProjectFileDocument.commentClose } ?? [])))
        }
        productBody.append(("productName", Array(Self.quotedIfNeeded(product).utf8)))
        let buildFileBody: [(key: String, value: [UInt8])] = [
            ("isa", Array("PBXBuildFile".utf8)),
            ("productRef", Array("\(productID) /* \(name) */".utf8)),
        ]

        // Two lists of two objects and two new objects of two sections: places apart.
        let document = try applying([
            { document in
                document.list("packageProductDependencies", of: targetID).map { document.appending(Array("\(productID) /* \(name) */".utf8), to: $0) }
            },
            { document in
                document.list("files", of: phase).map { document.appending(Array("\(buildFileID) /* \(name) in Frameworks */".utf8), to: $0) }
            },
            {
                $0.inserting(object: productID, comment: Array(name.utf8), isa: "XCSwiftPackageProductDependency", body: productBody, defaultOneLine: false)
            },
            {
                $0.inserting(object: buildFileID, comment: Array("\(name) in Frameworks".utf8), isa: "PBXBuildFile", body: buildFileBody, defaultOneLine: true)
            },
        ], to: original)

        var check = ProjectFileEditCheck()
        check.intended[targetID] = Self.object(targetID, of: original, appending: productID, to: "packageProductDependencies")
        check.intended[phase] = Self.object(phase, of: original, appending: buildFileID, to: "files")
        var productObject: [String: PropertyListValue] = ["isa": .string("XCSwiftPackageProductDependency"), "productName": .string(product)]
        productObject["package"] = reference.map(PropertyListValue.string)
        check.intended[productID] = productObject
        check.intended[buildFileID] = ["isa": .string("PBXBuildFile"), "productRef": .string(productID)]
        try commit(document, checkedBy: check)
    }

    /// Unlinks `product` from `target`: its entry in `packageProductDependencies` and its build
    /// file in the frameworks phase, and the objects themselves when nothing else refers to them.
    package mutating func removeProduct(_ product: String, from target: String) throws(Refusal) {
        let original = try readDocument()
        let targetID = try Self.nativeTarget(named: target, in: original)
        // Only the objects Xcode writes for a product: anything else in the list is not the editor's to remove.
        let found = original.identifiers("packageProductDependencies", of: targetID).lazy.compactMap { id -> PBXProductDependency? in
            guard original.string("isa", of: id) == "XCSwiftPackageProductDependency" else { return nil }
            return (try? original.objects.productDependency(id)) ?? nil
        }.first { $0.productName == product }
        guard let found else { throw .notAPackageProduct(product, target: target) }
        // The reader counts it as a dependency, but the build runs it: not the editor's to drop.
        guard !found.isPlugin else { throw .plugin(product, target: target) }
        let productID = found.identifier
        let phase = try Self.frameworksPhase(of: targetID, target: target, in: original)
        let phaseFiles = original.identifiers("files", of: phase)
        let buildFiles = Set(phaseFiles.filter { original.string("isa", of: $0) == "PBXBuildFile" && original.string("productRef", of: $0) == productID })

        // An object goes when the edit removes every reference to it.
        let everything = original.root.value
        var removedObjects: [String] = []
        for buildFile in buildFiles.sorted() where everything.count(of: buildFile) == phaseFiles.count(where: { $0 == buildFile }) {
            removedObjects.append(buildFile)
        }
        let productReferencesRemoved = original.identifiers("packageProductDependencies", of: targetID).count(where: { $0 == productID })
            + removedObjects.reduce(0) { $0 + (original.object($1)?.value.count(of: productID) ?? 0) }
        if everything.count(of: productID) == productReferencesRemoved { removedObjects.append(productID) }

        var edits: [Edit] = []
        var together = true
        for (id, key, object) in [(productID, "packageProductDependencies", targetID)] + buildFiles.sorted().map({ ($0, "files", phase) }) {
            let occurrences = original.identifiers(key, of: object).count { $0 == id }
            // Two items of one list removed on one reading may share the comma between them:
            // such a list loses one item at a time, each placed on what the previous left.
            together = together && occurrences == 1
            let removal: Edit = { document in
                guard let list = document.list(key, of: object), let index = list.items?.firstIndex(where: { $0.value.string == id }) else { return [] }
                return document.removing(itemAt: index, of: list)
            }
            edits += Array(repeating: removal, count: occurrences)
        }
        for id in removedObjects { edits.append { $0.removing(object: id) } }
        var document = try applying(edits, to: original, together: together)
        // A section the edit emptied goes, as Xcode writes none; one empty before stays.
        for isa in ["PBXBuildFile", "XCSwiftPackageProductDependency"] where original.removingEmptySection(isa).isEmpty {
            try step(&document) { $0.removingEmptySection(isa) }
        }

        var check = ProjectFileEditCheck()
        check.intended[targetID] = Self.object(targetID, of: original, removing: [productID], from: "packageProductDependencies")
        check.intended[phase] = Self.object(phase, of: original, removing: buildFiles, from: "files")
        for id in removedObjects { check.intended[id] = .some(nil) }
        try commit(document, checkedBy: check)
    }

    // MARK: Steps

    /// The splices of one part of a change, placed on a reading of the file; nil when there
    /// is no place for them.
    private typealias Edit = (ProjectFileDocument) -> [ByteSplice]?

    /// `document` after `edits`: placed on it together and read once when `together` and no
    /// two of them overlap; else one at a time, each placed on what the previous one wrote.
    private mutating func applying(_ edits: [Edit], to document: ProjectFileDocument, together: Bool = true) throws(Refusal) -> ProjectFileDocument {
        if together {
            var splices: [ByteSplice] = []
            for edit in edits {
                guard let placed = edit(document) else { throw .unintended("the edit found no place to write") }
                splices += placed
            }
            if splices.isEmpty { return document }
            readings += 1
            if let edited = document.applying(splices) { return edited }
        }
        var document = document
        for edit in edits { try step(&document, edit) }
        return document
    }

    /// Applies the splices `edit` places on `document` and reads the result again.
    private mutating func step(_ document: inout ProjectFileDocument, _ edit: Edit) throws(Refusal) {
        guard let splices = edit(document) else { throw .unintended("the edit found no place to write") }
        guard !splices.isEmpty else { return }
        readings += 1
        guard let next = document.applying(splices) else { throw .unintended("the edit would leave the project file unreadable") }
        document = next
    }

    /// Keeps `document` when the check finds exactly the intended change, with both its
    /// readings for the next change.
    private mutating func commit(_ document: ProjectFileDocument, checkedBy check: ProjectFileEditCheck) throws(Refusal) {
        let edited = try? OpenStepPropertyList.parse(document.bytes)
        readings += 1
        if let problem = check.problem(before: value, after: edited) { throw .unintended(problem) }
        bytes = document.bytes
        self.document = document
        value = edited
    }

    // MARK: Reading

    private func readDocument() throws(Refusal) -> ProjectFileDocument {
        guard let document else { throw .unreadable }
        return document
    }

    /// The native target called `name` among the root project's targets: an aggregate or
    /// legacy target links nothing, so it is refused by what it is.
    private static func nativeTarget(named name: String, in document: ProjectFileDocument) throws(Refusal) -> String {
        guard let target = document.objects.target(named: name) else { throw .noTarget(name) }
        guard target.kind == .native else { throw .shape("target '\(name)' is \(target.kind.phrase)") }
        return target.identifier
    }

    private static func frameworksPhase(of targetID: String, target: String, in document: ProjectFileDocument) throws(Refusal) -> String {
        let phases = Set(document.identifiers("buildPhases", of: targetID).filter { document.string("isa", of: $0) == "PBXFrameworksBuildPhase" })
        guard phases.count == 1, let phase = phases.first, document.list("files", of: phase) != nil else {
            throw .shape("target '\(target)' has no single frameworks build phase with a files list")
        }
        // A phase two targets list links for both: an edit meant for one would change the other.
        // Any object listing it counts, whatever its isa says: what Xcode makes of an object this
        // editor does not know is not the editor's to guess.
        let sharing = (document.objectsNode.entries ?? [])
            .filter { $0.key != targetID && ($0.value["buildPhases"]?.value.items ?? []).contains { $0.value.string == phase } }
            .compactMap { $0.value["name"]?.value.string ?? $0.key }
        if let other = sharing.sorted().first {
            throw .shape("target '\(target)' shares its frameworks build phase with target '\(other)', and an edit would change both")
        }
        return phase
    }

    /// An object as the edit means it: `item` appended to its list `key`.
    private static func object(_ id: String, of document: ProjectFileDocument, appending item: String, to key: String) -> [String: PropertyListValue]? {
        guard var object = document.object(id)?.value.dictionary else { return nil }
        object[key] = .array((object[key]?.array ?? []) + [.string(item)])
        return object
    }

    /// An object as the edit means it: every one of `items` gone from its list `key`.
    private static func object(_ id: String, of document: ProjectFileDocument, removing items: Set<String>, from key: String) -> [String: PropertyListValue]? {
        guard var object = document.object(id)?.value.dictionary else { return nil }
        object[key] = .array((object[key]?.array ?? []).filter { $0.string.map(items.contains) != true })
        return object
    }

    // MARK: Writing

    /// A 24-digit identifier derived from `seed` and the file, so the same fix of the same file
    /// gives the same identifiers on every run, and never one the file already holds.
    private func freshIdentifier(_ seed: String) -> String {
        let lines = bytes.count { $0 == 10 } + 1
        var attempt = 0
        while true {
            let hex = StableHash.hex("\(seed)|\(attempt)|\(lines)")
                + StableHash.hex("\(attempt)|\(seed)", basis: 0x8422_2325_cbf2_9ce4)
            let id = String(hex.prefix(24)).uppercased()
            if bytes.firstRange(of: Array(id.utf8)) == nil { return id }
            attempt += 1
        }
    }

    /// A name inside `/* … */`: a `*/` in it would end the comment early.
    private static func commentText(_ name: String) -> String {
        var text = ""
        for character in name {
            if character == "/" && text.last == "*" { text += "_" }
            text.append(character.isNewline ? " " : character)
        }
        return text
    }

    private static func clean(_ path: String?) -> String? {
        guard let path else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." { parts.append(part) }
        return parts.joined(separator: "/")
    }

    /// Bare words as Xcode writes them; anything else quoted, with `"` and `\` escaped.
    private static func quotedIfNeeded(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "_./$".unicodeScalars.contains($0) }
        guard !bare else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": quoted += "\\" + String(scalar)
            case "\n": quoted += "\\n"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

private extension PropertyListValue {
    /// How many strings in this value (at any depth) are `text`: references to an object.
    func count(of text: String) -> Int {
        switch self {
        case .string(let string): string == text ? 1 : 0
        case .array(let values): values.reduce(0) { $0 + $1.count(of: text) }
        case .dictionary(let values): values.values.reduce(0) { $0 + $1.count(of: text) }
        }
    }
}
