import ImportScanning

/// What a manifest may read besides its own text, found in its tokens with the scanner's lexer
/// (so a comment or a string that mentions `environment` is not a read): the environment
/// variables it names, and whether it reads the environment, the file system or other processes
/// in a way that cannot be named.
struct ManifestInputs: Sendable, Equatable {
    /// Variables read as `Context.environment["NAME"]` or
    /// `ProcessInfo.processInfo.environment["NAME"]`.
    var environmentVariables: Set<String> = []
    /// The environment is read some other way (`getenv`, a stored `environment`, a variable name
    /// that is not a literal): the whole environment is then part of the result.
    var readsWholeEnvironment = false
    /// The manifest reads files or runs programs (`FileManager`, `Process`, `contentsOf…`, …):
    /// its result can change while its inputs do not, so it is never cached.
    var readsOutsideWorld = false

    /// Identifiers that read files or run programs from a manifest.
    static let outsideWorldIdentifiers: Set<String> = [
        "FileManager", "Process", "fopen", "open", "opendir",
        "popen", "posix_spawn", "FileHandle", "NSString", "NSData", "Data", "Bundle", "enumerator",
    ]
    /// Argument labels that read a file when a type is made from them (`String(contentsOfFile:)`,
    /// `.init(contentsOf:)`), but not when a collection is extended with them
    /// (`package.targets.append(contentsOf: [...])`, which most large manifests write).
    static let readingLabels: Set<String> = ["contentsOf", "contentsOfFile", "contentsOfDirectory"]
    static let environmentIdentifiers: Set<String> = ["getenv", "secure_getenv", "environ", "setenv", "unsetenv"]

    /// Whether the label at `index` is an argument of a method called by a lowercase name
    /// (`append(contentsOf:`): the name before the `(` that opens its argument list, found by
    /// walking back over the arguments before it (their brackets balanced, at most 10,000
    /// tokens). A type (`String(`), `init(` or anything unclear counts as reading.
    private static func isMethodArgument(at index: Int, in tokens: [SourceToken]) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .colon else { return false }
        var depth = 0
        var position = index - 1
        while position > 0 && index - position < 10_000 {
            switch tokens[position].kind {
            case .closeParenthesis, .closeBracket: depth += 1
            case .openBracket: depth -= 1
            case .openParenthesis:
                if depth == 0 {
                    guard tokens[position - 1].kind == .identifier, let callee = tokens[position - 1].text,
                          let first = callee.unicodeScalars.first else { return false }
                    return callee != "init" && first.properties.isLowercase
                }
                depth -= 1
            default: break
            }
            guard depth >= 0 else { return false }
            position -= 1
        }
        return false
    }

    init(manifest: [UInt8]) {
        let tokens = SourceToken.tokenize(manifest)
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            guard let name = token.text else { continue }
            if Self.outsideWorldIdentifiers.contains(name) { readsOutsideWorld = true }
            if Self.readingLabels.contains(name), !Self.isMethodArgument(at: index, in: tokens) { readsOutsideWorld = true }
            if Self.environmentIdentifiers.contains(name) { readsWholeEnvironment = true }
            guard name == "environment" else { continue }
            // `Context.environment[` or `processInfo.environment[`, then a literal and `]`.
            let owner = index >= 2 && tokens[index - 1].kind == .other ? tokens[index - 2].text : nil
            let isKnownOwner = owner == "Context" || (owner == "processInfo" && index >= 4 && tokens[index - 4].text == "ProcessInfo")
            if isKnownOwner, index + 3 < tokens.count, tokens[index + 1].kind == .openBracket,
               tokens[index + 2].kind == .stringLiteral, let variable = tokens[index + 2].text,
               tokens[index + 3].kind == .closeBracket {
                environmentVariables.insert(variable)
            } else {
                readsWholeEnvironment = true
            }
        }
    }
}
