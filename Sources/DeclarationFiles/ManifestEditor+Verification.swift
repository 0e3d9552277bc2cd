extension ManifestEditor {
    enum Change {
        case add(String)
        /// The name and the index of the element removed.
        case remove(String, Int)
        /// The name and the index of the element removed, which another element still names.
        case removeDuplicate(String, Int)
    }

    /// `edited` when reading it again shows exactly `change` to `target`'s list and nothing
    /// else: the same declaration, every token outside the list the same, the list's elements
    /// the old ones with the one added (at the end) or removed. Otherwise a refusal.
    static func verified(_ edited: [UInt8], original: ManifestTokens, list: DependencyList, change: Change,
                         target: String) throws(Refusal) -> [UInt8] {
        let manifest = ManifestTokens(bytes: edited)
        let reread: DependencyList
        do {
            reread = try DependencyList.read(target, in: manifest)
        } catch {
            throw .notExact(target, "the edited manifest no longer reads: \(error.reason)")
        }
        guard let elements = reread.elements else { throw .notExact(target, "the list is missing") }
        let before = original.tokens.indices.map(original.signature)
        let after = manifest.tokens.indices.map(manifest.signature)
        let actual = elements.items.map(manifest.signatures)
        var expected: [[TokenSignature]]
        // Where the list starts and ends in the original, and the tokens it must replace.
        let prefixCount: Int
        let suffixStart: Int
        if let old = list.elements {
            expected = old.items.map(original.signatures)
            prefixCount = list.open
            suffixStart = old.close + 1
        } else {
            expected = []
            prefixCount = list.declaration.arguments.items[list.anchor].upperBound + 1
            suffixStart = prefixCount
            // `, dependencies: [` between the anchor and the rest.
            guard reread.open == prefixCount + 3, manifest.isPunctuation(prefixCount, ","),
                  manifest.isIdentifier(prefixCount + 1, "dependencies"), manifest.tokens[prefixCount + 2].kind == .colon
            else { throw .notExact(target, "the new argument is not where it was meant to go") }
        }
        switch change {
        case .add(let spelling):
            let added = ManifestTokens(bytes: Array(spelling.utf8))
            expected.append(added.tokens.indices.map(added.signature))
        case .remove(let name, let index):
            expected.remove(at: index)
            if elements.items.contains(where: { DependencyList.names(of: $0, in: manifest).contains(name) }) {
                throw .notExact(target, "\(name) is still listed")
            }
        case .removeDuplicate(let name, let index):
            expected.remove(at: index)
            if !elements.items.contains(where: { DependencyList.names(of: $0, in: manifest).contains(name) }) {
                throw .notExact(target, "no element names \(name) any more")
            }
        }
        guard actual == expected else { throw .notExact(target, "the list's elements are not the intended ones") }
        guard reread.declaration.dot == list.declaration.dot, reread.open == (list.elements == nil ? prefixCount + 3 : prefixCount),
              after.count - (elements.close + 1) == before.count - suffixStart,
              after[..<prefixCount].elementsEqual(before[..<prefixCount]),
              after[(elements.close + 1)...].elementsEqual(before[suffixStart...])
        else { throw .notExact(target, "tokens outside the list changed") }
        return edited
    }
}
