import ImportScanning

/// The names a manifest declares itself, each with where Swift's lookup finds that declaration,
/// so a declared name allows a use only where the use resolves to it. Allowing a declared name
/// wherever it is spelled let `enum Names { case FileManager; case fileExists }` pass the
/// allow-list while the manifest called `FileManager.default.fileExists(atPath:)`: a bare
/// `FileManager` there is Foundation's, since an enum case is reached only as `.FileManager` or
/// `Names.FileManager`, and the cache answered for a file that had appeared since.
///
/// Where a declaration is found, as Swift 6.3 resolves names in a manifest (checked with swiftc):
/// - a member of the manifest's own type (an enum case, a property, a method, a nested type):
///   after a `.` anywhere, bare only inside that type's braces;
/// - a parameter: inside its function's or closure's body; a `for` pattern: inside the loop;
///   a binding of an `if`/`while` condition: in its body; of a `guard`: after its `else` block;
///   of a `case` pattern: up to the next `case` of the switch;
/// - any other local declaration: from it to the end of its block (a local function or type in
///   the whole block);
/// - a top-level declaration: the whole file. A top-level type, `let` or `var` shadows another
///   module's name entirely. A top-level function does not: Swift merges its overloads with
///   the imported ones and the argument types choose, which tokens cannot tell — a manifest
///   declaring `func getenv(_: Int)` and calling `getenv("HOME")` reaches Glibc's. Helpers are
///   what large manifests are made of, so they are trusted rather than every such manifest
///   asked every run.
struct ManifestDeclarations {
    /// Every declared name, wherever it is found (the label checks ask this).
    private(set) var names: Set<String> = []
    /// The argument labels of the manifest's own functions.
    private(set) var labels: Set<String> = []
    /// Names declared as members of the manifest's own types, reached after a `.`.
    private(set) var members: Set<String> = []
    /// Token ranges in which a bare use of a name resolves to one of its declarations.
    private var bareScopes: [String: [Range<Int>]] = [:]
    /// The parameter names' own tokens, which come before the body they are reached in.
    private var parameterSites: Set<Int> = []

    private let tokens: [SourceToken]
    private let bytes: [UInt8]
    private let blocks: Blocks

    /// Keywords whose name opens a type's braces.
    fileprivate static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "extension", "protocol"]
    private static let namedDeclarations: Set<String> = ["func", "struct", "enum", "class", "actor", "typealias", "protocol"]

    init(_ tokens: [SourceToken], bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
        blocks = Blocks(tokens, bytes: bytes)
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            guard let keyword = token.text, index + 1 < tokens.count else { continue }
            let next = tokens[index + 1]
            switch keyword {
            case "let", "var":
                if next.kind == .identifier, let name = next.text {
                    declareBinding(name, at: index)
                } else if next.kind == .openParenthesis {
                    // `let (a, b) = ...`
                    for name in patternNames(from: index + 1) { declareBinding(name, at: index) }
                }
            case "case":
                // An enum's case; a switch's `case x:` names an existing value, declaring nothing.
                if next.kind == .identifier, let name = next.text, blocks.isTypeBody(blocks.enclosing[index]) {
                    declare(name, scopes: [blocks.range(of: blocks.enclosing[index])], member: true)
                }
            case "for":
                let loopNames = next.kind == .openParenthesis ? patternNames(from: index + 1) : next.kind == .identifier ? [next.text].compactMap { $0 } : []
                let body = blocks.nextBlock(after: index)
                for name in loopNames where !ManifestVocabulary.keywords.contains(name) {
                    declare(name, scopes: body.map { [index..<$0.upperBound] } ?? [], member: false)
                }
            case "in":
                closureParameters(before: index)
            case _ where Self.namedDeclarations.contains(keyword):
                guard next.kind == .identifier, let name = next.text, !ManifestVocabulary.keywords.contains(name) else { continue }
                let enclosing = blocks.enclosing[index]
                if blocks.isTypeBody(enclosing) {
                    declare(name, scopes: [blocks.range(of: enclosing)], member: true)
                } else {
                    // Top-level: the file; local functions and types: their whole block.
                    declare(name, scopes: [blocks.range(of: enclosing)], member: false)
                }
                if keyword == "func", index + 2 < tokens.count, tokens[index + 2].kind == .openParenthesis {
                    parameters(from: index + 2)
                }
            default:
                break
            }
        }
    }

    /// Whether a bare `name` at token `index` resolves to one of the manifest's declarations.
    func reachesBare(_ name: String, at index: Int) -> Bool {
        parameterSites.contains(index) || bareScopes[name]?.contains { $0.contains(index) } ?? false
    }

    private mutating func declare(_ name: String, scopes: [Range<Int>], member: Bool) {
        names.insert(name)
        if member { members.insert(name) }
        bareScopes[name, default: []].append(contentsOf: scopes.filter { !$0.isEmpty })
    }

    /// A `let` or `var` at `index`: a member in a type's braces, else scoped by the statement it
    /// is part of.
    private mutating func declareBinding(_ name: String, at index: Int) {
        let enclosing = blocks.enclosing[index]
        if blocks.isTypeBody(enclosing) {
            declare(name, scopes: [blocks.range(of: enclosing)], member: true)
            return
        }
        let block = blocks.range(of: enclosing)
        switch statement(holding: index) {
        case "if", "while", "catch":
            // The condition's later clauses and the body; not an `else` branch, not after it.
            declare(name, scopes: blocks.nextBlock(after: index).map { [index..<$0.upperBound] } ?? [], member: false)
        case "guard":
            // Not inside its own `else` block, where the name is still another module's.
            guard let otherwise = blocks.nextBlock(after: index) else { return }
            declare(name, scopes: [index..<otherwise.lowerBound, otherwise.upperBound..<block.upperBound], member: false)
        case "case":
            declare(name, scopes: [index..<blocks.nextCase(after: index, in: enclosing)], member: false)
        default:
            // A top-level binding is a global, reachable from functions declared before it.
            declare(name, scopes: [enclosing < 0 ? block : index..<block.upperBound], member: false)
        }
    }

    /// The keyword that opens the statement holding the binding at `index` when it is a
    /// condition's (`if`, `while`, `guard`, `catch`) or a switch case's; nil for a plain one.
    /// Walks back over the statement's tokens, outside any brackets it sits in, to a brace or `;`.
    private func statement(holding index: Int) -> String? {
        var depth = 0
        var sawCase = false
        var position = index - 1
        while position >= 0 {
            let token = tokens[position]
            switch token.kind {
            case .closeParenthesis, .closeBracket:
                depth += 1
            case .openParenthesis, .openBracket:
                depth = max(0, depth - 1)
            case .other where depth == 0 && (token.is("{", in: bytes) || token.is("}", in: bytes) || token.is(";", in: bytes)):
                return sawCase ? "case" : nil
            case .identifier where depth == 0:
                switch token.text {
                case "if", "while", "guard", "catch": return token.text
                case "for": return nil
                case "case": sawCase = true
                case "let", "var", "func", "return", "import": if !sawCase { return nil }
                default: break
                }
            default:
                break
            }
            position -= 1
        }
        return sawCase ? "case" : nil
    }

    /// A function's parameters: `label name: Type` or `name: Type`, each after `(` or `,`,
    /// reachable inside the function's body.
    private mutating func parameters(from open: Int) {
        var depth = 0
        var position = open
        var found: [String] = []
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .openParenthesis, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth -= 1
            default: break
            }
            if depth == 0 { break }
            if depth == 1, token.kind == .identifier, let first = token.text, position + 1 < tokens.count,
               tokens[position - 1].kind == .openParenthesis || tokens[position - 1].is(",", in: bytes) {
                let next = tokens[position + 1]
                if next.kind == .colon {
                    labels.insert(first)
                    found.append(first)
                    parameterSites.insert(position)
                } else if next.kind == .identifier, let second = next.text, position + 2 < tokens.count, tokens[position + 2].kind == .colon {
                    labels.insert(first)
                    names.insert(first)
                    found.append(second)
                    parameterSites.formUnion([position, position + 1])
                    position += 1
                }
            }
            position += 1
        }
        let body = blocks.nextBlock(after: position)
        for name in found { declare(name, scopes: body.map { [$0] } ?? [], member: false) }
    }

    /// The names of a tuple pattern, up to its closing parenthesis.
    private func patternNames(from open: Int) -> [String] {
        var found: [String] = []
        var position = open + 1
        while position < tokens.count, tokens[position].kind != .closeParenthesis {
            if tokens[position].kind == .identifier, let name = tokens[position].text { found.append(name) }
            position += 1
        }
        return found
    }

    /// `{ a, b in` or `{ (a: String, b) in`: back to the `{`, each identifier that starts a
    /// parameter (after `{`, `(` or `,`; a type after `:` does not), reachable inside those
    /// braces. Anything else on the way (`for x in`, an expression) means this `in` closes no
    /// parameter list.
    private mutating func closureParameters(before index: Int) {
        var found: [String] = []
        var position = index - 1
        while position > 0, index - position < 64 {
            let token = tokens[position]
            if token.is("{", in: bytes) {
                for name in found { declare(name, scopes: [blocks.range(of: position)], member: false) }
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

/// The manifest's braces: which block holds each token, where each block ends, and which blocks
/// are a type's body. Unbalanced braces (a manifest that does not compile) end at the file's end.
private struct Blocks {
    /// For each token, the index of the `{` of the innermost block holding it; -1 at top level.
    private(set) var enclosing: [Int]
    /// The index of each `{`'s matching `}` (the token count when there is none).
    private var closing: [Int: Int] = [:]
    private var typeBodies: Set<Int> = []
    private let tokens: [SourceToken]
    private let bytes: [UInt8]

    init(_ tokens: [SourceToken], bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
        enclosing = Array(repeating: -1, count: tokens.count)
        var open: [Int] = []
        // After `struct Name`, `enum Name`, ...: the next `{` opens a type's body.
        var typeBodyPending = false
        for (index, token) in tokens.enumerated() {
            enclosing[index] = open.last ?? -1
            if token.kind == .identifier, let keyword = token.text, ManifestDeclarations.typeKeywords.contains(keyword),
               index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
               let name = tokens[index + 1].text, !ManifestVocabulary.keywords.contains(name) {
                typeBodyPending = true
            } else if token.is("{", in: bytes) {
                if typeBodyPending { typeBodies.insert(index) }
                typeBodyPending = false
                open.append(index)
            } else if token.is("}", in: bytes) {
                typeBodyPending = false
                if let opening = open.popLast() { closing[opening] = index }
            }
        }
        for opening in open { closing[opening] = tokens.count }
    }

    func isTypeBody(_ brace: Int) -> Bool { typeBodies.contains(brace) }

    /// The tokens of the block opened at `brace`, braces included; the whole file for -1.
    func range(of brace: Int) -> Range<Int> {
        brace < 0 ? 0..<tokens.count : brace..<((closing[brace] ?? tokens.count) + 1)
    }

    /// The first block that opens after `index` outside any brackets, before the statement ends
    /// (a `}` or `;`): a condition's, loop's or function's body.
    func nextBlock(after index: Int) -> Range<Int>? {
        var depth = 0
        var position = index + 1
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .openParenthesis, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth -= 1
            default: break
            }
            if depth < 0 { return nil }
            if depth == 0 {
                if token.is("{", in: bytes) { return range(of: position) }
                if token.is("}", in: bytes) || token.is(";", in: bytes) { return nil }
            }
            position += 1
        }
        return nil
    }

    /// Where the switch case holding `index` ends: the next `case` or `default` of the block
    /// `brace`, or its end.
    func nextCase(after index: Int, in brace: Int) -> Int {
        let end = range(of: brace).upperBound
        var position = index + 1
        while position < end {
            if enclosing[position] == brace, tokens[position].kind == .identifier,
               tokens[position].text == "case" || tokens[position].text == "default" {
                return position
            }
            position += 1
        }
        return end
    }
}

extension SourceToken {
    /// Whether this is the one-character `other` token `character` (`,`, `{`, `.`).
    func `is`(_ character: Unicode.Scalar, in bytes: [UInt8]) -> Bool {
        kind == .other && bytes.indices.contains(position.offset) && bytes[position.offset] == UInt8(ascii: character)
            && end == position.offset + 1
    }
}
