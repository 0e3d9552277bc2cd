import FileAccess
import ImportScanning

/// A scanned file in the file cache's bytes (`CacheWriter`): its `#if` clause table, the imports
/// (each pointing at its innermost clause in the table), the scanner's issues, the directives and
/// the texts of import lines — all a `SourceScan` keeps of a file. The table is stored rather
/// than each import's clauses spelled out, so a restored file answers `isActive` from a table as
/// a freshly scanned one does (conditions parsed once, not per build asked), and an import
/// thousands of clauses deep costs the clauses once.
package enum CachedScan {
    /// The encoding, or nil for a scan the format cannot hold: imports whose clauses are not
    /// all nodes of one table (only a hand-made scan has those). Such a file is scanned every run.
    /// `inspection` is what the scan looked for beyond imports; its key is stored, so a run that
    /// asks for other identifiers or for declarations reads the file again.
    package static func encode(_ scan: ScanResult, lineTexts: [Int: String], inspection: SourceInspection = SourceInspection()) -> [UInt8]? {
        encode(scan, lineTexts: lineTexts, inspectionKey: inspection.key)
    }

    /// The encoding under the stored key of what the scan looked for, as `decode` gives it back.
    static func encode(_ scan: ScanResult, lineTexts: [Int: String], inspectionKey: String) -> [UInt8]? {
        var table: ConditionalClauseTable?
        for declaration in scan.imports {
            guard let (shared, _) = declaration.sharedClauses else {
                if declaration.conditionDepth > 0 { return nil }
                continue
            }
            if let table, table !== shared { return nil }
            table = shared
        }
        var writer = CacheWriter()
        // The file's clauses once, as a block (empty: none), so they can be read on their own.
        writer.block(table.map(encodeTable) ?? [])
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
            // The innermost enclosing clause's node + 1; 0 at file level.
            writer.integer((declaration.sharedClauses?.node ?? -1) + 1)
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
        writer.string(inspectionKey)
        writer.integer(scan.identifiers.count)
        for use in scan.identifiers {
            writer.string(use.identifier)
            position(use.position, &writer)
        }
        writer.integer(scan.declarations.count)
        for declaration in scan.declarations {
            writer.string(declaration.kind.rawValue)
            writer.string(declaration.name)
            for list in [declaration.modifiers, declaration.attributes, declaration.inheritance] { writer.strings(list) }
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
            guard let modifiers = reader.strings(), let attributes = reader.strings(), let inheritance = reader.strings(),
                  let at = position(&reader), let positionCount = reader.count() else { return nil }
            var declaration = TypeDeclaration(kind: kind, name: name, modifiers: modifiers, attributes: attributes, inheritance: inheritance, position: at)
            for _ in 0..<positionCount {
                guard let entry = position(&reader) else { return nil }
                declaration.inheritancePositions.append(entry)
            }
            declarations.append(declaration)
        }
        return (key, identifiers, declarations)
    }

    /// The scan again; nil when the bytes are not what `encode` writes. `conditions` holds the
    /// conditions this run parsed, so a condition many files write is parsed once.
    static func decode(_ bytes: [UInt8], conditions: inout ConditionMemo) -> (scan: ScanResult, lineTexts: [Int: String], inspectionKey: String)? {
        decode(bytes[...], conditions: &conditions)
    }

    /// `decode` of a stored entry read in place, a slice of the file cache's bytes.
    package static func decode(_ bytes: ArraySlice<UInt8>, conditions: inout ConditionMemo) -> (scan: ScanResult, lineTexts: [Int: String], inspectionKey: String)? {
        var reader = CacheReader(bytes)
        guard let tableBytes = reader.block() else { return nil }
        var table: ConditionalClauseTable?
        if !tableBytes.isEmpty {
            guard let restored = conditions.table(for: tableBytes) else { return nil }
            table = restored
        }
        guard let importCount = reader.count() else { return nil }
        var imports: [ImportDeclaration] = []
        imports.reserveCapacity(importCount)
        for _ in 0..<importCount {
            guard let pathCount = reader.count(), pathCount > 0, let module = reader.string() else { return nil }
            // Made from its first component: nearly every import names a module alone, and
            // reserving room for one cost as much as reading it.
            var path = [module]
            for _ in 1..<pathCount {
                guard let component = reader.string() else { return nil }
                path.append(component)
            }
            guard let kind = reader.optionalString(), let access = reader.optionalString(), let attributeCount = reader.count() else { return nil }
            var attributes: [ImportAttribute] = []
            for _ in 0..<attributeCount {
                guard let name = reader.string(), let arguments = reader.optionalString() else { return nil }
                attributes.append(ImportAttribute(name: name, arguments: arguments))
            }
            // Compared unsigned before any arithmetic: a stored 1<<63 is a malformed entry, not an overflow.
            guard let at = position(&reader), let nodePlusOne = reader.unsigned(), nodePlusOne <= UInt64(table?.nodes.count ?? 0) else { return nil }
            let node = Int(nodePlusOne) - 1
            imports.append(ImportDeclaration(path: path, kind: kind.flatMap(ImportKind.init(rawValue:)), accessLevel: access.flatMap(AccessLevel.init(rawValue:)),
                                             attributes: attributes, position: at, table: table, node: node))
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
        // Sized once: growing it line by line cost more than reading the lines.
        var lineTexts = [Int: String](minimumCapacity: lineCount)
        for _ in 0..<lineCount {
            guard let line = reader.integer(), let text = reader.string() else { return nil }
            lineTexts[line] = text
        }
        guard let inspection = decodeInspection(&reader), reader.isAtEnd else { return nil }
        return (ScanResult(imports: imports, issues: issues, directives: directives, identifiers: inspection.identifiers,
                           declarations: inspection.declarations), lineTexts, inspection.key)
    }

    /// A clause table: per chain its conditions, then per node its branch, chain, position and
    /// parent + 1.
    static func encodeTable(_ table: ConditionalClauseTable) -> [UInt8] {
        var writer = CacheWriter()
        writer.integer(table.chains.count)
        for chain in table.chains {
            writer.integer(chain.count)
            for condition in chain { writer.string(condition) }
        }
        writer.integer(table.nodes.count)
        for node in table.nodes {
            writer.integer(branchCodes.firstIndex(of: node.branch) ?? 0)
            writer.integer(node.chain)
            writer.integer(node.position)
            writer.integer(node.parent + 1)
        }
        return writer.bytes
    }

    /// The chains and nodes `encodeTable` wrote; each parent is checked to come before its node,
    /// the rest is checked by the table's initializer.
    static func decodeTable(_ bytes: [UInt8]) -> (chains: [[String]], nodes: [ConditionalClauseTable.Node])? {
        var reader = CacheReader(bytes)
        guard let chainCount = reader.count() else { return nil }
        var chains: [[String]] = []
        chains.reserveCapacity(chainCount)
        for _ in 0..<chainCount {
            guard let conditionCount = reader.count() else { return nil }
            var chain: [String] = []
            chain.reserveCapacity(conditionCount)
            for _ in 0..<conditionCount {
                guard let condition = reader.string() else { return nil }
                chain.append(condition)
            }
            chains.append(chain)
        }
        guard let nodeCount = reader.count() else { return nil }
        var nodes: [ConditionalClauseTable.Node] = []
        nodes.reserveCapacity(nodeCount)
        for index in 0..<nodeCount {
            // A parent comes before its child, so parent + 1 is at most the node's own index.
            guard let code = reader.integer(), branchCodes.indices.contains(code), let chain = reader.integer(),
                  let position = reader.integer(), let parentPlusOne = reader.unsigned(), parentPlusOne <= UInt64(index) else { return nil }
            nodes.append(ConditionalClauseTable.Node(branch: branchCodes[code], chain: chain, position: position, parent: Int(parentPlusOne) - 1))
        }
        guard reader.isAtEnd else { return nil }
        return (chains, nodes)
    }

    private static let branchCodes: [ConditionalClause.Branch] = [.if, .elseif, .else]

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
