import Foundation
import Formats

/// Edits a `project.pbxproj` as text, in the file's own style, for `check --fix`: links a
/// product of a local package the project already references to a target (an
/// `XCSwiftPackageProductDependency` in its `packageProductDependencies` and a `PBXBuildFile` in
/// its frameworks build phase), or unlinks one. It reads objects by Xcode's layout (two tabs, an
/// identifier, `= {`, ending on the same line or at a `\t\t};` line) and refuses, with the
/// reason, anything it cannot read exactly: it never guesses inside a file Xcode must reopen.
package struct ProjectFileEditor: Sendable {
    private var lines: [String]

    package init(bytes: [UInt8]) {
        lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    package var bytes: [UInt8] { Array(lines.joined(separator: "\n").utf8) }

    package enum Refusal: Error, Sendable, Equatable {
        case noTarget(String)
        case noPackageReference(String)
        case shape(String)
        case notAPackageProduct(String, target: String)

        package var reason: String {
            switch self {
            case .noTarget(let name): "the project has no native target named '\(name)'"
            case .noPackageReference(let path): "the project references no local package at '\(path)'; add the package in Xcode first"
            case .shape(let what): "\(what), which Bulkhead does not edit; change it in Xcode"
            case .notAPackageProduct(let name, let target):
                "'\(name)' is not among the package products of target '\(target)'; a dependency on another target of the project is Xcode's to remove"
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
        let targetID = try nativeTarget(named: target)
        let reference = objects(isa: "XCLocalSwiftPackageReference").first {
            Self.clean(value("relativePath", of: $0)) == Self.clean(packagePath)
        }
        let folderStyle = reference == nil && objects(isa: "XCSwiftPackageProductDependency").contains {
            value("package", of: $0) == nil && value("productName", of: $0).map(Self.unquoted).map(packageProducts.contains) == true
        }
        guard reference != nil || folderStyle else { throw .noPackageReference(packagePath) }
        guard let listed = list("packageProductDependencies", of: targetID) else {
            throw .shape("target '\(target)' has no packageProductDependencies list")
        }
        if listed.items.contains(where: { value("productName", of: $0).map(Self.unquoted) == product }) { return }
        let phase = try frameworksPhase(of: targetID, target: target)
        guard let productSection = section("XCSwiftPackageProductDependency"), section("PBXBuildFile") != nil else {
            throw .shape("the project has no XCSwiftPackageProductDependency or PBXBuildFile section to add to")
        }
        let productID = freshIdentifier("\(target)|\(product)|product")
        let buildFileID = freshIdentifier("\(target)|\(product)|buildFile")
        let name = Self.quotedIfNeeded(product)
        let packageEntry = reference.map { reference in "package = \(reference)\(comment(of: reference).map { " /* \($0) */" } ?? "");" }
        // Mimic the section: Xcode writes these objects over several lines; a hand-made file may not.
        let multiLine = objects(in: productSection).first.map { !lines[$0.lowerBound].hasSuffix("};") } ?? true
        let productObject = multiLine
            ? ["\t\t\(productID) /* \(product) */ = {", "\t\t\tisa = XCSwiftPackageProductDependency;"]
                + (packageEntry.map { ["\t\t\t\($0)"] } ?? []) + ["\t\t\tproductName = \(name);", "\t\t};"]
            : ["\t\t\(productID) /* \(product) */ = {isa = XCSwiftPackageProductDependency; \(packageEntry.map { $0 + " " } ?? "")productName = \(name); };"]
        let buildFile = "\t\t\(buildFileID) /* \(product) in Frameworks */ = {isa = PBXBuildFile; productRef = \(productID) /* \(product) */; };"
        // Lists first (they hold the later lines), then objects, each insert keeping earlier indexes right.
        let edits: [(Int, [String])] = [
            try insertion(of: "\(productID) /* \(product) */", into: "packageProductDependencies", of: targetID),
            try insertion(of: "\(buildFileID) /* \(product) in Frameworks */", into: "files", of: phase),
            (objectInsertionLine(for: productID, isa: "XCSwiftPackageProductDependency"), productObject),
            (objectInsertionLine(for: buildFileID, isa: "PBXBuildFile"), [buildFile]),
        ]
        apply(edits)
    }

    /// Unlinks `product` from `target`: its entry in `packageProductDependencies` and its build
    /// file in the frameworks phase, and the objects themselves when nothing else refers to them.
    package mutating func removeProduct(_ product: String, from target: String) throws(Refusal) {
        let targetID = try nativeTarget(named: target)
        guard let productID = list("packageProductDependencies", of: targetID)?.items
            .first(where: { value("productName", of: $0).map(Self.unquoted) == product }) else {
            throw .notAPackageProduct(product, target: target)
        }
        let phase = try frameworksPhase(of: targetID, target: target)
        let buildFiles = (list("files", of: phase)?.items ?? []).filter { value("productRef", of: $0) == productID }
        try removeItem(productID, from: "packageProductDependencies", of: targetID)
        for buildFile in buildFiles {
            try removeItem(buildFile, from: "files", of: phase)
            removeObjectIfUnreferenced(buildFile)
        }
        removeObjectIfUnreferenced(productID)
    }

    // MARK: Reading

    private func nativeTarget(named name: String) throws(Refusal) -> String {
        let matches = objects(isa: "PBXNativeTarget").filter { value("name", of: $0).map(Self.unquoted) == name }
        guard matches.count == 1, let only = matches.first else { throw .noTarget(name) }
        return only
    }

    private func frameworksPhase(of targetID: String, target: String) throws(Refusal) -> String {
        let phases = (list("buildPhases", of: targetID)?.items ?? []).filter { value("isa", of: $0) == "PBXFrameworksBuildPhase" }
        guard phases.count == 1, let phase = phases.first, list("files", of: phase) != nil else {
            throw .shape("target '\(target)' has no single frameworks build phase with a files list")
        }
        return phase
    }

    /// The lines between `/* Begin ISA section */` and its end, exclusive.
    private func section(_ isa: String) -> Range<Int>? {
        guard let begin = lines.firstIndex(of: "/* Begin \(isa) section */"),
              let end = lines[begin...].firstIndex(of: "/* End \(isa) section */") else { return nil }
        return (begin + 1)..<end
    }

    /// Objects of a section as line ranges.
    private func objects(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            guard identifier(startingObjectAt: index) != nil else { index += 1; continue }
            if lines[index].hasSuffix("};") {
                result.append(index..<(index + 1))
                index += 1
            } else if let end = lines[index..<range.upperBound].firstIndex(of: "\t\t};") {
                result.append(index..<(end + 1))
                index = end + 1
            } else {
                break
            }
        }
        return result
    }

    private func objects(isa: String) -> [String] {
        guard let range = section(isa) else { return [] }
        return objects(in: range).compactMap { identifier(startingObjectAt: $0.lowerBound) }
    }

    /// `ID` of a line `\t\tID /* comment */ = {…`, nil for any other line.
    private func identifier(startingObjectAt index: Int) -> String? {
        let line = lines[index]
        guard line.hasPrefix("\t\t"), !line.hasPrefix("\t\t\t"), line.contains(" = {") else { return nil }
        let identifier = line.dropFirst(2).prefix { $0 != " " && $0 != "=" }
        return identifier.isEmpty ? nil : String(identifier)
    }

    private func objectRange(_ id: String) -> Range<Int>? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("\t\t\(id) ") && $0.contains(" = {") }) else { return nil }
        if lines[start].hasSuffix("};") { return start..<(start + 1) }
        return lines[start...].firstIndex(of: "\t\t};").map { start..<($0 + 1) }
    }

    /// The comment after an object's identifier on its first line.
    private func comment(of id: String) -> String? {
        guard let range = objectRange(id), let open = lines[range.lowerBound].range(of: "/* "),
              let close = lines[range.lowerBound].range(of: " */", range: open.upperBound..<lines[range.lowerBound].endIndex) else { return nil }
        return String(lines[range.lowerBound][open.upperBound..<close.lowerBound])
    }

    /// The first word of `key = value;` in an object, at its own level (a key preceded by a
    /// tab, a space or `{`, so `name` does not match `productName`).
    private func value(_ key: String, of id: String) -> String? {
        guard let range = objectRange(id) else { return nil }
        let text = lines[range].joined(separator: "\n")
        var searchStart = text.startIndex
        while let found = text.range(of: "\(key) = ", range: searchStart..<text.endIndex) {
            searchStart = found.upperBound
            if found.lowerBound > text.startIndex, !" \t{".contains(text[text.index(before: found.lowerBound)]) { continue }
            let rest = text[found.upperBound...]
            if rest.hasPrefix("\"") {
                guard let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
                return String(rest[rest.startIndex...close])
            }
            let word = rest.prefix { $0 != ";" && $0 != " " && $0 != "\n" }
            return word.isEmpty ? nil : String(word)
        }
        return nil
    }

    /// A list `key = (…);` of an object: its identifiers, and where it is.
    private struct ListPlace {
        var items: [String]
        /// The line of `key = (`; for a list over several lines, the line of its `);`.
        var line: Int
        var closingLine: Int?
    }

    private func list(_ key: String, of id: String) -> ListPlace? {
        guard let range = objectRange(id) else { return nil }
        for index in range {
            guard let open = lines[index].range(of: "\(key) = (") else { continue }
            if let close = lines[index].range(of: ");", range: open.upperBound..<lines[index].endIndex) {
                return ListPlace(items: Self.identifiers(lines[index][open.upperBound..<close.lowerBound]), line: index, closingLine: nil)
            }
            guard let closing = lines[(index + 1)..<range.upperBound].firstIndex(where: { $0.trimmingWhitespace == ");" }) else { return nil }
            let items = lines[(index + 1)..<closing].flatMap { Self.identifiers($0[...]) }
            return ListPlace(items: items, line: index, closingLine: closing)
        }
        return nil
    }

    /// `A /* x */, B /* y */,` → `[A, B]`.
    private static func identifiers(_ text: Substring) -> [String] {
        text.split(separator: ",").compactMap { item in
            let word = item.trimmingWhitespace.prefix { $0 != " " }
            return word.isEmpty ? nil : String(word)
        }
    }

    // MARK: Writing

    /// The edit that appends `item` to a list, as Xcode appends: a line of its own, indented as
    /// the list's items, or `item, ` before the `)` of a list on one line.
    private func insertion(of item: String, into key: String, of id: String) throws(Refusal) -> (Int, [String]) {
        guard let place = list(key, of: id) else { throw .shape("'\(key)' of \(id) is not a list") }
        if let closing = place.closingLine {
            let indent = String(lines[closing].prefix { $0 == "\t" }) + "\t"
            return (closing, ["\(indent)\(item),"])
        }
        // One line: replace it whole.
        var line = lines[place.line]
        guard let open = line.range(of: "\(key) = ("), let close = line.range(of: ");", range: open.upperBound..<line.endIndex) else {
            throw .shape("'\(key)' of \(id) is not a list")
        }
        let inside = line[open.upperBound..<close.lowerBound]
        let replacement = inside.trimmingWhitespace.isEmpty ? "\(item), " : "\(inside)\(item), "
        line.replaceSubrange(open.upperBound..<close.lowerBound, with: replacement)
        return (-place.line - 1, [line])  // a negative index replaces that line
    }

    /// Applies inserts (before a line) and replacements (a negative index, `-line - 1`) from the
    /// bottom of the file up, so each index is still right when its turn comes.
    private mutating func apply(_ edits: [(Int, [String])]) {
        let ordered = edits.sorted { Self.lineOf($0.0) > Self.lineOf($1.0) || (Self.lineOf($0.0) == Self.lineOf($1.0) && $0.0 < $1.0) }
        for (index, newLines) in ordered {
            if index < 0 { lines[-index - 1] = newLines.first ?? lines[-index - 1] } else { lines.insert(contentsOf: newLines, at: index) }
        }
    }

    private static func lineOf(_ index: Int) -> Int { index < 0 ? -index - 1 : index }

    /// Where an object with identifier `id` goes in its section: Xcode sorts each section by identifier.
    private func objectInsertionLine(for id: String, isa: String) -> Int {
        guard let range = section(isa) else { return 0 }
        let after = objects(in: range).first { (identifier(startingObjectAt: $0.lowerBound) ?? "") > id }
        return after?.lowerBound ?? range.upperBound
    }

    private mutating func removeItem(_ item: String, from key: String, of id: String) throws(Refusal) {
        guard let place = list(key, of: id) else { throw .shape("'\(key)' of \(id) is not a list") }
        if let closing = place.closingLine {
            if let index = lines[(place.line + 1)..<closing].firstIndex(where: { $0.trimmingWhitespace.hasPrefix(item + " ") || $0.trimmingWhitespace.hasPrefix(item + ",") }) {
                lines.remove(at: index)
            }
            return
        }
        var line = lines[place.line]
        guard let start = line.range(of: item) else { return }
        guard let comma = line.range(of: ",", range: start.upperBound..<line.endIndex) else { throw .shape("'\(key)' of \(id) is not a list") }
        var end = comma.upperBound
        if end < line.endIndex, line[end] == " " { end = line.index(after: end) }
        line.removeSubrange(start.lowerBound..<end)
        lines[place.line] = line
    }

    /// Removes an object that no other line mentions.
    private mutating func removeObjectIfUnreferenced(_ id: String) {
        guard let range = objectRange(id) else { return }
        let elsewhere = lines.indices.contains { !range.contains($0) && lines[$0].contains(id) }
        if !elsewhere { lines.removeSubrange(range) }
    }

    /// A 24-digit identifier derived from `seed` and the file, so the same fix of the same file
    /// gives the same identifiers on every run, and never one the file already holds.
    private func freshIdentifier(_ seed: String) -> String {
        var attempt = 0
        while true {
            let hex = StableHash.hex("\(seed)|\(attempt)|\(lines.count)")
                + StableHash.hex("\(attempt)|\(seed)", basis: 0x8422_2325_cbf2_9ce4)
            let id = String(hex.prefix(24)).uppercased()
            if !lines.contains(where: { $0.contains(id) }) { return id }
            attempt += 1
        }
    }

    /// 64-bit FNV-1a as 16 hex digits.
    private static func unquoted(_ text: String) -> String {
        text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }

    private static func clean(_ path: String?) -> String? {
        guard let path else { return nil }
        var parts: [Substring] = []
        for part in unquoted(path).split(separator: "/") where part != "." { parts.append(part) }
        return parts.joined(separator: "/")
    }

    /// Bare words as Xcode writes them; anything else quoted.
    private static func quotedIfNeeded(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "_./$".unicodeScalars.contains($0) }
        return bare ? text : "\"" + text.replacingEscapes() + "\""
    }
}

private extension StringProtocol {
    var trimmingWhitespace: Substring {
        let text = self[...]
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return start < end ? Substring(text[start..<end]) : ""
    }
}

private extension String {
    func replacingEscapes() -> String {
        var result = ""
        for character in self {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
