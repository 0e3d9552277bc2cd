import ImportScanning

/// A scanned file as the file cache stores it: the imports (with their `#if` clauses spelled
/// out), the directives, the scanner's issues and the texts of import lines — all a `SourceScan`
/// keeps of a file — under short keys, since a large package stores thousands.
struct CachedScan: Codable, Sendable {
    struct Position: Codable, Sendable {
        var o: Int, l: Int, c: Int
        init(_ position: SourcePosition) { o = position.offset; l = position.line; c = position.column }
        var value: SourcePosition { SourcePosition(offset: o, line: l, column: c) }
    }

    struct Clause: Codable, Sendable {
        var b: String, c: String?, p: [String]?
    }

    struct Import: Codable, Sendable {
        var p: [String], k: String?, a: String?, t: [[String?]]?, at: Position, i: [Clause]?
    }

    struct Issue: Codable, Sendable {
        var c: String, s: String, m: String, at: Position
    }

    struct Directive: Codable, Sendable {
        var t: String, at: Position, alone: Bool
    }

    var imports: [Import]
    var issues: [Issue]?
    var directives: [Directive]?
    /// Line number → text, for the lines that hold imports.
    var lines: [String: String]?

    /// Deeper than this, a file's clauses are not spelled out per import (that would grow with
    /// depth × imports): such a file is scanned every run instead.
    static let deepestCachedNesting = 32

    init?(_ scan: ScanResult, lineTexts: [Int: String]) {
        guard !scan.imports.contains(where: { $0.conditionDepth > Self.deepestCachedNesting }) else { return nil }
        imports = scan.imports.map { declaration in
            let clauses = declaration.conditions.map { Clause(b: $0.branch.rawValue, c: $0.condition, p: $0.precedingConditions.isEmpty ? nil : $0.precedingConditions) }
            return Import(p: declaration.path, k: declaration.kind?.rawValue, a: declaration.accessLevel?.rawValue,
                          t: declaration.attributes.isEmpty ? nil : declaration.attributes.map { [$0.name, $0.arguments] },
                          at: Position(declaration.position), i: clauses.isEmpty ? nil : clauses)
        }
        issues = scan.issues.isEmpty ? nil : scan.issues.map { Issue(c: $0.code.rawValue, s: $0.severity.rawValue, m: $0.message, at: Position($0.position)) }
        directives = scan.directives.isEmpty ? nil : scan.directives.map { Directive(t: $0.text, at: Position($0.position), alone: $0.isAloneOnItsLine) }
        lines = lineTexts.isEmpty ? nil : Dictionary(uniqueKeysWithValues: lineTexts.map { (String($0.key), $0.value) })
    }

    /// The scan again; nil when something in the entry is not what this version writes.
    var restored: (scan: ScanResult, lineTexts: [Int: String])? {
        var declarations: [ImportDeclaration] = []
        for item in imports {
            guard !item.p.isEmpty else { return nil }
            var clauses: [ConditionalClause] = []
            for clause in item.i ?? [] {
                guard let branch = ConditionalClause.Branch(rawValue: clause.b) else { return nil }
                clauses.append(ConditionalClause(branch: branch, condition: clause.c, precedingConditions: clause.p ?? []))
            }
            let attributes = (item.t ?? []).compactMap { pair in pair.first.flatMap { $0 }.map { ImportAttribute(name: $0, arguments: pair.count > 1 ? pair[1] : nil) } }
            declarations.append(ImportDeclaration(path: item.p, kind: item.k.flatMap(ImportKind.init(rawValue:)), accessLevel: item.a.flatMap(AccessLevel.init(rawValue:)),
                                                  attributes: attributes, position: item.at.value, conditions: clauses))
        }
        var scanIssues: [ScanIssue] = []
        for issue in issues ?? [] {
            guard let code = ScanIssue.Code(rawValue: issue.c), let severity = ScanIssue.Severity(rawValue: issue.s) else { return nil }
            scanIssues.append(ScanIssue(code: code, severity: severity, message: issue.m, position: issue.at.value))
        }
        let scanDirectives = (directives ?? []).map { CommentDirective(text: $0.t, position: $0.at.value, isAloneOnItsLine: $0.alone) }
        var texts: [Int: String] = [:]
        for (line, text) in lines ?? [:] {
            guard let number = Int(line) else { return nil }
            texts[number] = text
        }
        return (ScanResult(imports: declarations, issues: scanIssues, directives: scanDirectives), texts)
    }
}
