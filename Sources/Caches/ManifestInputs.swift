import FileAccess
import Foundation
import ImportScanning

/// What a manifest may read besides its own text, found in its tokens with the scanner's lexer
/// (so a comment or a string that mentions `FileManager` is not a use): the environment
/// variables it names, whether it reads the whole environment, and whether it names anything
/// outside `ManifestVocabulary` — then what it reads cannot be known and it is never cached.
///
/// An allow-list, not a list of known readers: a deny-list missed
/// `URL(fileURLWithPath: #filePath)...appendingPathComponent("lean.flag").checkResourceIsReachable()`,
/// and the cache answered for a file that had appeared since. Names the manifest declares itself
/// (its `let`s, `func`s and their parameters, closure parameters) are allowed too: they can only
/// be built from allowed names — where the use resolves to the declaration (`ManifestDeclarations`),
/// never a bare `FileManager` because an enum declares a case of that name.
package struct ManifestInputs: Sendable, Equatable {
    /// Variables read as `Context.environment["NAME"]` or
    /// `ProcessInfo.processInfo.environment["NAME"]`.
    var environmentVariables: Set<String> = []
    /// The environment is read some other way (a stored `environment`, a variable name that is not
    /// a literal): the whole environment is then part of the key.
    var readsWholeEnvironment = false
    /// The first name the manifest uses that is not known to read only what the key covers, with
    /// its line; nil when there is none and the manifest may be cached.
    var unlistedName: String?

    var isCacheable: Bool { unlistedName == nil }

    /// Whether every manifest of the package in `folder` (absolute) may be cached. One that
    /// cannot be read is SwiftPM's to report, and no cache can answer for it.
    package static func areCacheable(packageAt folder: String) -> Bool {
        FileSystem.manifests(in: folder).allSatisfy { path in
            FileManager.default.contents(atPath: path).map { ManifestInputs(manifest: Array($0)).isCacheable } ?? true
        }
    }

    /// What a manifest was found to read, as `ManifestInputsMemo` stored it.
    init(environmentVariables: Set<String>, readsWholeEnvironment: Bool, unlistedName: String?) {
        self.environmentVariables = environmentVariables
        self.readsWholeEnvironment = readsWholeEnvironment
        self.unlistedName = unlistedName
    }

    init(manifest: [UInt8]) {
        let tokens = SourceToken.tokenize(manifest)
        let declared = ManifestDeclarations(tokens, bytes: manifest)
        for (index, token) in tokens.enumerated() {
            let allowed: Bool
            switch token.kind {
            case .identifier:
                guard let name = token.text else { continue }
                allowed = isAllowed(name, at: index, in: tokens, bytes: manifest, declared: declared)
            case .other where byte(at: token.position.offset, in: manifest) == UInt8(ascii: "#"):
                let name = poundName(at: token.position.offset, in: manifest)
                allowed = name.isEmpty || ManifestVocabulary.poundExpressions.contains(name)
                if !allowed { unlistedName = "#\(name) (line \(token.position.line))" }
            default:
                continue
            }
            if !allowed {
                if unlistedName == nil, let name = token.text { unlistedName = "\(name) (line \(token.position.line))" }
                return
            }
        }
    }

    private mutating func isAllowed(_ name: String, at index: Int, in tokens: [SourceToken], bytes: [UInt8], declared: ManifestDeclarations) -> Bool {
        let previous = index > 0 ? tokens[index - 1] : nil
        if name.hasPrefix("$") { return true }                      // `$0`: a closure's own argument
        if let previous, previous.kind == .identifier, previous.text == "import" { return true }
        if let previous, previous.kind == .other, byte(at: previous.position.offset, in: bytes) == UInt8(ascii: "@") { return true }
        if let previous, previous.kind == .other, byte(at: previous.position.offset, in: bytes) == UInt8(ascii: "."),
           index >= 2, tokens[index - 2].kind == .identifier, tokens[index - 2].text == "import" { return true }
        switch name {
        case "environment":
            return readEnvironment(at: index, in: tokens, bytes: bytes)
        case "ProcessInfo":
            // Only as `ProcessInfo.processInfo.environment`; its other members read the machine.
            return follows(index, ["processInfo", "environment"], in: tokens, bytes: bytes)
        case "processInfo":
            return follows(index, ["environment"], in: tokens, bytes: bytes)
        default:
            break
        }
        if Self.isLabel(at: index, in: tokens, bytes: bytes) {
            // A label says which function runs (`String(contentsOfFile:)`): a declared name
            // allows it only for the manifest's own functions and types.
            let callee = Self.callee(ofArgumentAt: index, in: tokens)
            if ManifestVocabulary.extendingLabels.contains(name) { return callee.map(ManifestVocabulary.extendingMethods.contains) ?? false }
            if let callee {
                // The manifest's own function, or its own type's memberwise initializer.
                if declared.names.contains(callee), !ManifestVocabulary.all.contains(callee) {
                    return declared.labels.contains(name) || declared.names.contains(name) || ManifestVocabulary.all.contains(name)
                }
                return ManifestVocabulary.all.contains(name)
            }
        }
        if ManifestVocabulary.all.contains(name) { return true }
        // The manifest's own name only where it resolves to its declaration: a member after a
        // dot (`.x`, `Names.x`, `value.x`), anything else where its scope holds the use.
        if Self.isMemberAccess(at: index, in: tokens, bytes: bytes) {
            return declared.members.contains(name) && !ManifestVocabulary.readingMembers.contains(name)
        }
        return declared.reachesBare(name, at: index)
    }

    /// Whether the identifier at `index` follows `.`, `?.` or `!.`: a member, not a name looked up
    /// in scope.
    private static func isMemberAccess(at index: Int, in tokens: [SourceToken], bytes: [UInt8]) -> Bool {
        guard index > 0, tokens[index - 1].kind == .other else { return false }
        let previous = tokens[index - 1]
        let start = previous.position.offset, end = min(previous.end, bytes.count)
        guard start < end else { return false }
        let text = bytes[start..<end]
        return text.elementsEqual(".".utf8) || text.elementsEqual("?.".utf8) || text.elementsEqual("!.".utf8)
    }

    /// `environment` after `Context.` or `processInfo.` subscripted with a literal names one
    /// variable; any other use keys the whole environment.
    private mutating func readEnvironment(at index: Int, in tokens: [SourceToken], bytes: [UInt8]) -> Bool {
        let owner = index >= 2 && tokens[index - 1].kind == .other ? tokens[index - 2].text : nil
        if owner == "Context" || owner == "processInfo", index + 3 < tokens.count, tokens[index + 1].kind == .openBracket,
           tokens[index + 2].kind == .stringLiteral, let variable = tokens[index + 2].text, tokens[index + 3].kind == .closeBracket {
            environmentVariables.insert(variable)
        } else {
            readsWholeEnvironment = true
        }
        return true
    }

    /// Whether `.member` follows the token at `index` for each of `members` in turn.
    private func follows(_ index: Int, _ members: [String], in tokens: [SourceToken], bytes: [UInt8]) -> Bool {
        var position = index
        for member in members {
            guard position + 2 < tokens.count, byte(at: tokens[position + 1].position.offset, in: bytes) == UInt8(ascii: "."),
                  tokens[position + 2].text == member, tokens[position + 2].kind == .identifier else { return false }
            position += 2
        }
        return true
    }

    /// An argument label: an identifier right after `(` or `,` and before `:`.
    private static func isLabel(at index: Int, in tokens: [SourceToken], bytes: [UInt8]) -> Bool {
        guard index > 0, index + 1 < tokens.count, tokens[index + 1].kind == .colon else { return false }
        return tokens[index - 1].kind == .openParenthesis || tokens[index - 1].is(",", in: bytes)
    }

    /// The name before the `(` that opens the argument list holding `index`, found by walking back
    /// over the arguments before it with their brackets balanced (at most 10,000 tokens); nil
    /// when there is none or it is unclear.
    static func callee(ofArgumentAt index: Int, in tokens: [SourceToken]) -> String? {
        var depth = 0
        var position = index - 1
        while position > 0 && index - position < 10_000 {
            switch tokens[position].kind {
            case .closeParenthesis, .closeBracket: depth += 1
            case .openBracket: depth -= 1
            case .openParenthesis:
                if depth == 0 { return tokens[position - 1].kind == .identifier ? tokens[position - 1].text : nil }
                depth -= 1
            default: break
            }
            guard depth >= 0 else { return nil }
            position -= 1
        }
        return nil
    }
}

private func byte(at offset: Int, in bytes: [UInt8]) -> UInt8? {
    bytes.indices.contains(offset) ? bytes[offset] : nil
}

/// The identifier after a `#` at `offset` (`filePath` for `#filePath`); empty for a raw string's `#`.
private func poundName(at offset: Int, in bytes: [UInt8]) -> String {
    var end = offset + 1
    while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z"))
            || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) {
        end += 1
    }
    return String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
}
