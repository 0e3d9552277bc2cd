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
/// be built from allowed names.
struct ManifestInputs: Sendable, Equatable {
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
    static func areCacheable(packageAt folder: String) -> Bool {
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
        let declared = DeclaredNames(tokens, bytes: manifest)
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

    private mutating func isAllowed(_ name: String, at index: Int, in tokens: [SourceToken], bytes: [UInt8], declared: DeclaredNames) -> Bool {
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
        return ManifestVocabulary.all.contains(name) || declared.names.contains(name)
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

private extension SourceToken {
    /// Whether this is the one-character `other` token `character` (`,`, `{`, `.`).
    func `is`(_ character: Unicode.Scalar, in bytes: [UInt8]) -> Bool {
        kind == .other && byte(at: position.offset, in: bytes) == UInt8(ascii: character)
    }
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

/// The names a manifest declares itself, and the argument labels of its own functions.
private struct DeclaredNames {
    var names: Set<String> = []
    var labels: Set<String> = []

    private static let declaring: Set<String> = ["let", "var", "func", "struct", "enum", "class", "actor", "typealias", "case", "for", "protocol"]

    init(_ tokens: [SourceToken], bytes: [UInt8]) {
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            guard let keyword = token.text, index + 1 < tokens.count else { continue }
            if Self.declaring.contains(keyword) {
                let next = tokens[index + 1]
                if next.kind == .identifier, let name = next.text {
                    names.insert(name)
                    if keyword == "func", index + 2 < tokens.count, tokens[index + 2].kind == .openParenthesis {
                        parameters(from: index + 2, in: tokens, bytes: bytes)
                    }
                } else if next.kind == .openParenthesis, keyword != "func" {
                    // `let (a, b) = ...`, `for (name, value) in ...`
                    pattern(from: index + 1, in: tokens)
                }
            } else if keyword == "in" {
                closureParameters(before: index, in: tokens, bytes: bytes)
            }
        }
    }

    /// A function's parameters: `label name: Type` or `name: Type`, each after `(` or `,`.
    private mutating func parameters(from open: Int, in tokens: [SourceToken], bytes: [UInt8]) {
        var depth = 0
        var position = open
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .openParenthesis, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth -= 1
            default: break
            }
            if depth == 0 { return }
            if depth == 1, token.kind == .identifier, let first = token.text, position + 1 < tokens.count,
               tokens[position - 1].kind == .openParenthesis || tokens[position - 1].is(",", in: bytes) {
                let next = tokens[position + 1]
                if next.kind == .colon {
                    labels.insert(first)
                    names.insert(first)
                } else if next.kind == .identifier, let second = next.text, position + 2 < tokens.count, tokens[position + 2].kind == .colon {
                    labels.insert(first)
                    names.formUnion([first, second])
                    position += 1
                }
            }
            position += 1
        }
    }

    /// The names of a tuple pattern, up to its closing parenthesis.
    private mutating func pattern(from open: Int, in tokens: [SourceToken]) {
        var position = open + 1
        while position < tokens.count, tokens[position].kind != .closeParenthesis {
            if tokens[position].kind == .identifier, let name = tokens[position].text { names.insert(name) }
            position += 1
        }
    }

    /// `{ a, b in` or `{ (a: String, b) in`: back to the `{`, each identifier that starts a
    /// parameter (after `{`, `(` or `,`; a type after `:` does not). Anything else on the way
    /// (`for x in`, an expression) means this `in` closes no parameter list.
    private mutating func closureParameters(before index: Int, in tokens: [SourceToken], bytes: [UInt8]) {
        var found: [String] = []
        var position = index - 1
        while position > 0, index - position < 64 {
            let token = tokens[position]
            if token.is("{", in: bytes) {
                names.formUnion(found)
                return
            }
            switch token.kind {
            case .identifier:
                let before = tokens[position - 1]
                if before.kind == .openParenthesis || before.is(",", in: bytes) || before.is("{", in: bytes), let name = token.text {
                    found.append(name)
                }
            case .openParenthesis, .closeParenthesis, .openBracket, .closeBracket, .colon:
                break
            case .other where token.is(",", in: bytes):
                break
            default:
                return
            }
            position -= 1
        }
    }
}
