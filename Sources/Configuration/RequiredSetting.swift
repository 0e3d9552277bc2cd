import Formats

/// A setting every target of a layer must carry, written as the manifest writes it:
/// `enableUpcomingFeature("InternalImportsByDefault")`, `swiftLanguageMode(.v6)`,
/// `defaultIsolation(MainActor.self)` — the leading dot, the quotes, `.v` and `.self` optional, so
/// `swiftLanguageMode(6)` reads the same. Compared with the kind and values of the dump's
/// `BuildSetting`s, which spell `swiftLanguageMode` `6` and `defaultIsolation` `MainActor`.
package struct RequiredSetting: Sendable, Hashable {
    /// `enableUpcomingFeature`, `swiftLanguageMode`, `defaultIsolation`, `define`, …
    package var kind: String
    /// The argument as the dump spells it: `InternalImportsByDefault`, `6`, `MainActor`.
    package var value: String

    package init(kind: String, value: String) {
        self.kind = kind
        self.value = value
    }

    /// Reads `kind(argument)`; nil when the text is not of that shape.
    package init?(parsing text: String) {
        var text = Substring(text.trimmingBlanks())
        if text.hasPrefix(".") { text = text.dropFirst() }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let kind = text[..<open]
        var argument = text[text.index(after: open)..<text.index(before: text.endIndex)]
        argument = Substring(argument.trimmingBlanks())
        if argument.hasPrefix("\""), argument.hasSuffix("\""), argument.count >= 2 { argument = argument.dropFirst().dropLast() }
        if argument.hasPrefix(".v") { argument = argument.dropFirst(2) }
        if argument.hasSuffix(".self") { argument = argument.dropLast(5) }
        guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter || $0.isNumber }), !argument.isEmpty else { return nil }
        // `.v4_2` is `4.2` in the dump.
        self.init(kind: String(kind), value: kind == "swiftLanguageMode" ? Self.replacing("_", with: ".", in: argument) : String(argument))
    }

    /// The line to add to the target's `swiftSettings:`.
    package var manifestSpelling: String {
        switch kind {
        case "swiftLanguageMode": ".swiftLanguageMode(.v\(Self.replacing(".", with: "_", in: value)))"
        case "defaultIsolation": ".defaultIsolation(\(value).self)"
        default: ".\(kind)(\"\(value)\")"
        }
    }

    /// `text` with every `old` made `new`, in the standard library: Foundation's
    /// `replacingOccurrences` cost half a millisecond on its first call on Linux, and the rule
    /// catalog's examples parse settings in every check.
    private static func replacing(_ old: Character, with new: Character, in text: some StringProtocol) -> String {
        String(text.map { $0 == old ? new : $0 })
    }

    /// As a configuration writes it, for messages.
    package var description: String { "\(kind)(\(value))" }
}
