import ImportScanning

/// Edits the `dependencies:` list of one target declaration in a manifest's bytes, only where it
/// can place the edit exactly, and refuses with the reason anywhere else.
///
/// It reads the scanner's tokens, so every literal form (raw strings with any number of `#`,
/// multi-line, interpolated) and every comment is read as the compiler reads it. The declaration
/// must be one the package provably reaches (see `TargetDeclaration`), never a helper list.
/// Elements are found by name when they are a string literal, `.target(name:)`,
/// `.byName(name:)` or `.product(name:package:)` with literal arguments; other elements are kept
/// as they are. Each list keeps its style: inline or one element a line, trailing comma or not,
/// its indentation and its line breaks (CRLF files get CRLF).
///
/// Comments stay where they are, with one rule for what an element owns: the trivia on the same
/// line after an element and before its comma (or the line's end) belongs to it and goes with
/// it; a line holding only an element (its comma and same-line comments too) goes whole.
/// Comments on lines of their own stay.
///
/// After every edit the result is read again with the same tokenizer; unless every token outside
/// the list is unchanged and the list holds exactly the old elements plus (or minus) the one
/// edited, the edit is refused and the bytes stay as they were.
package struct ManifestEditor: Sendable {
    package private(set) var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why a fix was not applied.
    package enum Refusal: Error, Sendable, Equatable {
        case targetNotFound(String)
        case notALiteralList(String)
        case dependencyNotListed(String)
        /// Only one element of the literal list names it: no other stays when it goes.
        case listedOnce(String)
        /// No single top-level `Package(…)` call, so no declaration is provably the package's.
        case packageNotFound
        /// `targets:` is neither a literal list nor the name of a `let` literal list.
        case targetsNotALiteralList
        case declaredTwice(String)
        /// A `.target(name:)` call exists, but not in a list the package provably reads.
        case declaredOutsideTargets(String)
        case alreadyListed(String)
        /// The list's layout leaves no exact place for the edit (target, what is in the way).
        case cannotPlace(String, String)
        /// The re-read of the edited bytes did not show exactly the intended change.
        case notExact(String, String)

        package var reason: String {
            switch self {
            case .targetNotFound(let target):
                "no `.target(name: \"\(target)\", …)` declaration with a literal name was found among the package's targets (a helper function may build it); edit it by hand"
            case .notALiteralList(let target): "the dependencies of \(target) are not a literal list Bulkhead can edit exactly"
            case .dependencyNotListed(let name): "\(name) is not an element of the literal list (it may come from a product or a helper)"
            case .listedOnce(let name):
                "\(name) is named by only one plain element of the literal list (the other declaration may have a condition or come from a helper); remove it by hand"
            case .packageNotFound: "the manifest has no single top-level `Package(…)` call whose targets Bulkhead can follow"
            case .targetsNotALiteralList:
                "the package's `targets:` is not a literal list (or a `let` holding one), so no declaration is provably the package's"
            case .declaredTwice(let target): "\(target) is declared more than once among the package's targets"
            case .declaredOutsideTargets(let target):
                "\(target) is declared outside the package's `targets:` list (in a helper or a list Bulkhead cannot follow); edit it by hand"
            case .alreadyListed(let spelling): "\(spelling) is already in the list"
            case .cannotPlace(let target, let obstacle): "the dependencies of \(target) leave no exact place for the edit (\(obstacle))"
            case .notExact(let target, let detail):
                "the edit of \(target)'s dependencies did not read back as exactly the intended change (\(detail)); nothing was written"
            }
        }
    }

    /// Adds `spelling` to the end of `target`'s list, in the list's style: inline lists get
    /// `, X`; one element a line gets a new line with the last element's indentation. A
    /// declaration without the argument gets `dependencies: [X]` after its name (a plugin's
    /// after its capability).
    package mutating func add(_ spelling: String, to target: String) throws(Refusal) {
        let manifest = ManifestTokens(bytes: bytes)
        let list = try DependencyList.read(target, in: manifest)
        let splices: [Splice]
        if let elements = list.elements {
            let added = ManifestTokens(bytes: Array(spelling.utf8))
            let addedTokens = added.tokens.indices.map(added.signature)
            if elements.items.contains(where: { manifest.signatures($0) == addedTokens }) { throw .alreadyListed(spelling) }
            splices = try Self.addition(of: spelling, to: elements, open: list.open, target: target, in: manifest)
        } else {
            splices = try Self.insertion(of: "dependencies: [\(spelling)]", after: list.anchor, of: list.declaration.arguments,
                                         target: target, in: manifest)
        }
        bytes = try Self.verified(Splice.apply(splices, to: bytes), original: manifest, list: list, change: .add(spelling), target: target)
    }

    /// Removes the element naming `name` from `target`'s list, with its comma and the trivia it
    /// owns; a line left empty goes too.
    package mutating func remove(_ name: String, from target: String) throws(Refusal) {
        try remove(name, from: target, keepingAnother: false)
    }

    /// Removes every element naming `name` in `target`'s list but the last, each as `remove`
    /// does: one dependency declared two or more times over keeps one declaration, in one run
    /// (three equal elements once took three runs of `--fix`). Each removal is verified on its
    /// own; a refusal of any leaves the list as it was.
    package mutating func removeDuplicate(_ name: String, from target: String) throws(Refusal) {
        let original = bytes
        do {
            try remove(name, from: target, keepingAnother: true)
            // Each pass removes one element of a finite list: the loop ends.
            while true {
                do { try remove(name, from: target, keepingAnother: true) } catch .listedOnce(_) { break }
            }
        } catch {
            bytes = original
            throw error
        }
    }

    private mutating func remove(_ name: String, from target: String, keepingAnother: Bool) throws(Refusal) {
        let manifest = ManifestTokens(bytes: bytes)
        let list = try DependencyList.read(target, in: manifest)
        guard let elements = list.elements,
              let index = elements.items.firstIndex(where: { DependencyList.names(of: $0, in: manifest).contains(name) })
        else { throw .dependencyNotListed(name) }
        if keepingAnother, !elements.items[(index + 1)...].contains(where: { DependencyList.names(of: $0, in: manifest).contains(name) }) {
            throw .listedOnce(name)
        }
        let splices = try Self.removal(of: index, from: elements, open: list.open, target: target, in: manifest)
        bytes = try Self.verified(Splice.apply(splices, to: bytes), original: manifest, list: list,
                                  change: keepingAnother ? .removeDuplicate(name, index) : .remove(name, index), target: target)
    }

    // MARK: Placing

    private static func addition(of spelling: String, to elements: ManifestTokens.Items, open: Int, target: String,
                                 in manifest: ManifestTokens) throws(Refusal) -> [Splice] {
        guard elements.items.isEmpty else {
            return try insertion(of: spelling, after: elements.items.count - 1, of: elements, target: target, in: manifest)
        }
        let inside = manifest.end(open)..<manifest.start(elements.close)
        if !manifest.hasLineBreak(inside) {
            // `[]`, `[ ]`: the element alone; `[/* keep empty */]`: after the comment.
            if manifest.isBlank(inside) { return [Splice(inside, spelling)] }
            let comments = manifest.endOfSameLineComments(from: inside.lowerBound, before: inside.upperBound)
            return [Splice(comments..<comments, (comments > inside.lowerBound ? " " : "") + spelling)]
        }
        // A list open over lines: a line of its own before the `]`, one level deeper.
        guard manifest.beginsLine(elements.close) else { throw .cannotPlace(target, "the empty list's `]` shares a line with a comment") }
        let lineStart = manifest.startOfLine(at: inside.upperBound)
        let indentation = manifest.indentation(ofLineAt: inside.upperBound)
        let step = indentation.contains("\t") ? "\t" : "    "
        return [Splice(lineStart..<lineStart, indentation + step + spelling + manifest.lineBreak)]
    }

    /// `text` as a new item after item `index` of a list or of a call's arguments, in their style.
    private static func insertion(of text: String, after index: Int, of items: ManifestTokens.Items, target: String,
                                  in manifest: ManifestTokens) throws(Refusal) -> [Splice] {
        let item = items.items[index]
        let itemEnd = manifest.end(item.upperBound)
        let comma = index < items.commas.count ? items.commas[index] : nil
        let next = comma.map { $0 + 1 } ?? items.close
        let nextStart = manifest.start(next)
        guard manifest.hasLineBreak(itemEnd..<nextStart) else {
            if let comma { return [Splice(manifest.end(comma)..<manifest.end(comma), " " + text + ",")] }
            let owned = manifest.endOfSameLineComments(from: itemEnd, before: nextStart)
            return [Splice(owned..<owned, ", " + text)]
        }
        // One item a line: a new line like the item's (or the next one's, when the item shares
        // its line with the opening).
        let indentation = manifest.beginsLine(item.lowerBound) || !manifest.beginsLine(next)
            ? manifest.indentation(ofLineAt: manifest.start(item.lowerBound))
            : manifest.indentation(ofLineAt: nextStart)
        let afterItem = comma.map(manifest.end) ?? itemEnd
        let owned = manifest.endOfSameLineComments(from: afterItem, before: nextStart)
        let lineFeed = manifest.lineFeed(after: owned)
        guard lineFeed < nextStart, manifest.isBlank(owned..<lineFeed) else {
            throw .cannotPlace(target, "a comment spans the line after the last element")
        }
        // The new line goes after the item's line break, which stays as it was: the new one
        // ends in the file's own break even when the item's line ends in another.
        let at = lineFeed + 1
        if comma != nil { return [Splice(at..<at, indentation + text + "," + manifest.lineBreak)] }
        // The comma goes right after the item, before any comment it owns.
        return [Splice(itemEnd..<itemEnd, ","), Splice(at..<at, indentation + text + manifest.lineBreak)]
    }

    private static func removal(of index: Int, from elements: ManifestTokens.Items, open: Int, target: String,
                                in manifest: ManifestTokens) throws(Refusal) -> [Splice] {
        let item = elements.items[index]
        let start = manifest.start(item.lowerBound)
        let end = manifest.end(item.upperBound)
        let lineStart = manifest.startOfLine(at: start)
        let firstOnLine = manifest.isBlank(lineStart..<start)
        if index < elements.commas.count {
            let comma = elements.commas[index]
            let owned = manifest.endOfSameLineComments(from: end, before: manifest.start(comma))
            guard manifest.isBlank(owned..<manifest.start(comma)) else {
                throw .cannotPlace(target, "a line break between an element and its comma")
            }
            let nextStart = manifest.start(comma + 1)
            let afterComma = manifest.endOfSameLineComments(from: manifest.end(comma), before: nextStart)
            let lineFeed = manifest.lineFeed(after: afterComma)
            if firstOnLine, lineFeed < nextStart, manifest.isBlank(afterComma..<lineFeed) {
                return [Splice(lineStart..<(lineFeed + 1), "")]
            }
            var stop = manifest.end(comma)
            while stop < nextStart, manifest.bytes[stop] == UInt8(ascii: " ") || manifest.bytes[stop] == UInt8(ascii: "\t") { stop += 1 }
            return [Splice(start..<stop, "")]
        }
        // The last element without a trailing comma: the comma before it goes instead.
        let closeStart = manifest.start(elements.close)
        let owned = manifest.endOfSameLineComments(from: end, before: closeStart)
        let lineFeed = manifest.lineFeed(after: owned)
        var splices: [Splice] = []
        if index > 0 {
            let previous = elements.commas[index - 1]
            splices.append(Splice(manifest.start(previous)..<manifest.end(previous), ""))
        }
        if firstOnLine, lineFeed < closeStart, manifest.isBlank(owned..<lineFeed) {
            splices.append(Splice(lineStart..<(lineFeed + 1), ""))
        } else {
            let floor = index > 0 ? manifest.end(elements.commas[index - 1]) : manifest.end(open)
            var from = start
            while from > floor, manifest.bytes[from - 1] == UInt8(ascii: " ") || manifest.bytes[from - 1] == UInt8(ascii: "\t") { from -= 1 }
            splices.append(Splice(from..<owned, ""))
        }
        return splices
    }
}
