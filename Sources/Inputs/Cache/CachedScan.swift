import ImportScanning

/// A scanned file in the file cache's bytes (`CacheWriter`): the imports with their `#if`
/// clauses spelled out, the scanner's issues, the directives and the texts of import lines —
/// all a `SourceScan` keeps of a file.
enum CachedScan {
    /// Deeper than this, a file's clauses are not spelled out per import (that would grow with
    /// depth × imports): such a file is scanned every run instead.
    static let deepestCachedNesting = 32

    /// `inspection` is what the scan looked for beyond imports; its key is stored, so a run that
    /// asks for other identifiers or for declarations reads the file again.
    static func encode(_ scan: ScanResult, lineTexts: [Int: String], inspection: SourceInspection = SourceInspection()) -> [UInt8]? {
        guard !scan.imports.contains(where: { $0.conditionDepth > deepestCachedNesting }) else { return nil }
        var writer = CacheWriter()
        writer.integer(scan.imports.count)
        for declaration in scan.imports {
            writer.integer(declaration.path.count)
            for component in declaration.path { writer.string(component) }
            writer.optionalString(declaration.kind?.rawValue)
            writer.optionalString(declaration.accessLevel?.rawValue)
            writer.integer(declaration.attributes.count)
            for attribute in declaration.attributes {
                writer.string(attribute.name)
                writer.optionalString(attribute.arguments)
            }
            position(declaration.position, &writer)
            let clauses = declaration.conditions
            writer.integer(clauses.count)
            for clause in clauses {
                writer.string(clause.branch.rawValue)
                writer.optionalString(clause.condition)
                let preceding = clause.precedingConditions
                writer.integer(preceding.count)
                for condition in preceding { writer.string(condition) }
            }
        }
        writer.integer(scan.issues.count)
        for issue in scan.issues {
            writer.string(issue.code.rawValue)
            writer.string(issue.severity.rawValue)
            writer.string(issue.message)
            position(issue.position, &writer)
        }
        writer.integer(scan.directives.count)
        for directive in scan.directives {
            writer.string(directive.text)
            position(directive.position, &writer)
            writer.integer(directive.isAloneOnItsLine ? 1 : 0)
        }
        writer.integer(lineTexts.count)
        for (line, text) in lineTexts.sorted(by: { $0.key < $1.key }) {
            writer.integer(line)
            writer.string(text)
        }
        writer.string(inspection.key)
        writer.integer(scan.identifiers.count)
        for use in scan.identifiers {
            writer.string(use.identifier)
            position(use.position, &writer)
        }
        writer.integer(scan.declarations.count)
        for declaration in scan.declarations {
            writer.string(declaration.kind.rawValue)
            writer.string(declaration.name)
            for list in [declaration.modifiers, declaration.attributes, declaration.inheritance] {
                writer.integer(list.count)
                for item in list { writer.string(item) }
            }
            position(declaration.position, &writer)
            writer.integer(declaration.inheritancePositions.count)
            for at in declaration.inheritancePositions { position(at, &writer) }
        }
        return writer.bytes
    }

    /// The identifier uses and declarations stored after a scan's lines, with the key of what was looked for.
    private static func decodeInspection(_ reader: inout CacheReader) -> (key: String, identifiers: [IdentifierOccurrence], declarations: [TypeDeclaration])? {
        guard let key = reader.string(), let useCount = reader.count() else { return nil }
        var identifiers: [IdentifierOccurrence] = []
        for _ in 0..<useCount {
            guard let identifier = reader.string(), let at = position(&reader) else { return nil }
            identifiers.append(IdentifierOccurrence(identifier: identifier, position: at))
        }
        guard let declarationCount = reader.count() else { return nil }
        var declarations: [TypeDeclaration] = []
        for _ in 0..<declarationCount {
            guard let kind = reader.string().flatMap(TypeDeclaration.Kind.init(rawValue:)), let name = reader.string() else { return nil }
            var lists: [[String]] = []
            for _ in 0..<3 {
                guard let count = reader.count() else { return nil }
                var list: [String] = []
                for _ in 0..<count {
                    guard let item = reader.string() else { return nil }
                    list.append(item)
                }
                lists.append(list)
            }
            guard let at = position(&reader), let positionCount = reader.count() else { return nil }
            var declaration = TypeDeclaration(kind: kind, name: name, modifiers: lists[0], attributes: lists[1], inheritance: lists[2], position: at)
            for _ in 0..<positionCount {
                guard let entry = position(&reader) else { return nil }
                declaration.inheritancePositions.append(entry)
            }
            declarations.append(declaration)
        }
        return (key, identifiers, declarations)
    }

    /// The scan again; nil when the bytes are not what `encode` writes.
    static func decode(_ bytes: [UInt8]) -> (scan: ScanResult, lineTexts: [Int: String], inspectionKey: String)? {
        var reader = CacheReader(bytes)
        guard let importCount = reader.count() else { return nil }
        var imports: [ImportDeclaration] = []
        imports.reserveCapacity(importCount)
        for _ in 0..<importCount {
            guard let pathCount = reader.count(), pathCount > 0 else { return nil }
            var path: [String] = []
            for _ in 0..<pathCount {
                guard let component = reader.string() else { return nil }
                path.append(component)
            }
            guard let kind = reader.optionalString(), let access = reader.optionalString(), let attributeCount = reader.count() else { return nil }
            var attributes: [ImportAttribute] = []
            for _ in 0..<attributeCount {
                guard let name = reader.string(), let arguments = reader.optionalString() else { return nil }
                attributes.append(ImportAttribute(name: name, arguments: arguments))
            }
            guard let at = position(&reader), let clauseCount = reader.count() else { return nil }
            var clauses: [ConditionalClause] = []
            for _ in 0..<clauseCount {
                guard let branch = reader.string().flatMap(ConditionalClause.Branch.init(rawValue:)),
                      let condition = reader.optionalString(), let precedingCount = reader.count() else { return nil }
                var preceding: [String] = []
                for _ in 0..<precedingCount {
                    guard let text = reader.string() else { return nil }
                    preceding.append(text)
                }
                clauses.append(ConditionalClause(branch: branch, condition: condition, precedingConditions: preceding))
            }
            imports.append(ImportDeclaration(path: path, kind: kind.flatMap(ImportKind.init(rawValue:)), accessLevel: access.flatMap(AccessLevel.init(rawValue:)),
                                             attributes: attributes, position: at, conditions: clauses))
        }
        guard let issueCount = reader.count() else { return nil }
        var issues: [ScanIssue] = []
        for _ in 0..<issueCount {
            guard let code = reader.string().flatMap(ScanIssue.Code.init(rawValue:)), let severity = reader.string().flatMap(ScanIssue.Severity.init(rawValue:)),
                  let message = reader.string(), let at = position(&reader) else { return nil }
            issues.append(ScanIssue(code: code, severity: severity, message: message, position: at))
        }
        guard let directiveCount = reader.count() else { return nil }
        var directives: [CommentDirective] = []
        for _ in 0..<directiveCount {
            guard let text = reader.string(), let at = position(&reader), let alone = reader.unsigned() else { return nil }
            directives.append(CommentDirective(text: text, position: at, isAloneOnItsLine: alone == 1))
        }
        guard let lineCount = reader.count() else { return nil }
        var lineTexts: [Int: String] = [:]
        for _ in 0..<lineCount {
            guard let line = reader.integer(), let text = reader.string() else { return nil }
            lineTexts[line] = text
        }
        guard let inspection = decodeInspection(&reader), reader.isAtEnd else { return nil }
        return (ScanResult(imports: imports, issues: issues, directives: directives, identifiers: inspection.identifiers,
                           declarations: inspection.declarations), lineTexts, inspection.key)
    }

    private static func position(_ position: SourcePosition, _ writer: inout CacheWriter) {
        writer.integer(position.offset)
        writer.integer(position.line)
        writer.integer(position.column)
    }

    private static func position(_ reader: inout CacheReader) -> SourcePosition? {
        guard let offset = reader.integer(), let line = reader.integer(), let column = reader.integer() else { return nil }
        return SourcePosition(offset: offset, line: line, column: column)
    }
}
