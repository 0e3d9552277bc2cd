/// A type declaration as the declaration scanner reads it from tokens: enough to check its shape
/// (Harmonize's "view models are final") without a syntax tree.
package struct TypeDeclaration: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    }

    package var kind: Kind
    /// The declared name; for an extension the extended type as written (`Foo.Bar`).
    package var name: String
    /// Modifiers before the keyword, in source order: `public`, `final`, `private(set)` as `private`.
    package var modifiers: [String]
    /// Attribute names before the keyword without `@` or arguments: `MainActor`, `available`.
    package var attributes: [String]
    /// The inheritance clause's entries with whitespace folded: `Sendable`, `@unchecked Sendable`.
    package var inheritance: [String]
    /// Where its keyword (`class`, `struct`, …) is.
    package var position: SourcePosition
    /// Where each inheritance entry starts, in the order of `inheritance`; empty when not known.
    package var inheritancePositions: [SourcePosition] = []

    package init(kind: Kind, name: String, modifiers: [String] = [], attributes: [String] = [],
                 inheritance: [String] = [], position: SourcePosition) {
        self.kind = kind
        self.name = name
        self.modifiers = modifiers
        self.attributes = attributes
        self.inheritance = inheritance
        self.position = position
    }

    /// Whether an entry of its inheritance clause is `@unchecked Sendable`.
    package var isUncheckedSendable: Bool { uncheckedSendableIndex != nil }

    /// Where its `@unchecked Sendable` entry starts; the keyword's position when not known.
    package var uncheckedSendablePosition: SourcePosition? {
        uncheckedSendableIndex.map { $0 < inheritancePositions.count ? inheritancePositions[$0] : position }
    }

    private var uncheckedSendableIndex: Int? {
        inheritance.firstIndex { $0 == "@unchecked Sendable" || $0 == "@unchecked Swift.Sendable" }
    }

    /// Whether it inherits `name` directly, with or without a module qualifier or attributes.
    package func inherits(_ name: String) -> Bool {
        inheritance.contains { entry in
            let plain = entry.split(separator: " ").last.map(String.init) ?? entry
            return plain == name || plain.hasSuffix(".\(name)")
        }
    }
}
