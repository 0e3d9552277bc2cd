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
        "FileManager", "Process", "contentsOf", "contentsOfFile", "contentsOfDirectory", "fopen", "open", "opendir",
        "popen", "posix_spawn", "FileHandle", "NSString", "NSData", "Data", "Bundle", "enumerator",
    ]
    static let environmentIdentifiers: Set<String> = ["getenv", "secure_getenv", "environ", "setenv", "unsetenv"]

    init(manifest: [UInt8]) {
        let tokens = SourceToken.tokenize(manifest)
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            guard let name = token.text else { continue }
            if Self.outsideWorldIdentifiers.contains(name) { readsOutsideWorld = true }
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
