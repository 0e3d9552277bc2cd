#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the import declarations of one Swift source file the way the compiler's lexer would:
/// comments, every string literal form, regex literals, `#if` clauses and declaration prefixes are
/// understood, so an `import` inside a string or a comment is never reported and
/// `import A; import B` yields both.
///
/// The scanner reads bytes, never throws and never allocates per line; only reported imports and
/// issues become `String`s.
package enum ImportScanner {
    /// Scans the UTF-8 bytes of one source file.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ScanResult {
        scan(bytes, skippingBodies: true)
    }

    /// Scans with declaration bodies skipped sixteen bytes a turn (the import scan) or read token
    /// by token as an inspecting scan reads them; the results are the same, which tests and the
    /// fuzz harness check.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, skippingBodies: Bool) -> ScanResult {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return ScanResult() }
        guard var events = validation(of: bytes) else { return ScanResult.resolving(binaryEvents(bytes), in: bytes) }
        let capacity = ScanCursor<IgnoredTokens>.stretchCapacity
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: capacity) { room in
            var cursor = ScanCursor(base: base, count: bytes.count, tokens: IgnoredTokens(), stretches: skippingBodies ? room.baseAddress : nil)
            cursor.run()
            events.append(contentsOf: cursor.events)
            return ScanResult.resolving(events, in: bytes, clauses: cursor.clauseTable())
        }
    }

    /// Scans the UTF-8 bytes of one source file and, in the same pass, finds what `request` asks
    /// for: uses of identifier chains and type declarations. With an empty request this is `scan`.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, inspecting request: SourceInspection) -> ScanResult {
        guard !request.isEmpty else { return scan(bytes) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return ScanResult() }
        guard var events = validation(of: bytes) else { return ScanResult.resolving(binaryEvents(bytes), in: bytes) }
        var cursor = ScanCursor(base: base, count: bytes.count, tokens: InspectionTokens(base: base, request: request))
        cursor.run()
        events.append(contentsOf: cursor.events)
        var result = ScanResult.resolving(events, in: bytes, clauses: cursor.clauseTable())
        result.resolveInspection(cursor.tokens, request: request, in: bytes)
        return result
    }

    package static func scan(_ text: String, inspecting request: SourceInspection) -> ScanResult {
        Array(text.utf8).withUnsafeBufferPointer { scan($0, inspecting: request) }
    }

    private static func binaryEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> [ScanEvent] {
        let offset = SourceTextValidation.check(bytes)?.firstNULOffset ?? 0
        return [.issue(.binaryFile, .error, "file looks binary (NUL byte in its first 8 KiB); not scanned", offset)]
    }

    /// The issues of the file's text before any token, or nil when it looks binary and is not scanned.
    private static func validation(of bytes: UnsafeBufferPointer<UInt8>) -> [ScanEvent]? {
        var events: [ScanEvent] = []
        if let content = SourceTextValidation.check(bytes) {
            if content.looksBinary { return nil }
            if let offset = content.firstNULOffset {
                events.append(.issue(.nulByte, .warning, "NUL byte in source; read as whitespace, as the compiler does", offset))
            }
            if let offset = content.firstInvalidUTF8Offset {
                events.append(.issue(.invalidUTF8, .error, "invalid UTF-8 in source; the compiler rejects this file", offset))
            }
        }
        return events
    }

    /// Scans a byte array; a convenience for tests and small inputs.
    package static func scan(_ bytes: [UInt8]) -> ScanResult {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// Scans source text.
    package static func scan(_ text: String) -> ScanResult {
        scan(Array(text.utf8))
    }
}

/// What the cursor records while it runs: offsets only. Lines, columns and strings are made
/// afterwards, for these few events, by `ScanResult.resolving`.
enum ScanEvent {
    case importDeclaration(PendingImport)
    case issue(ScanIssue.Code, ScanIssue.Severity, String, Int)
    /// A `// bulkhead:` comment; the text after the colon.
    case directive(commentOffset: Int, text: Range<Int>, isAlone: Bool)

    var offset: Int {
        switch self {
        case .importDeclaration(let pending): pending.moduleOffset
        case .issue(_, _, _, let offset): offset
        case .directive(let offset, _, _): offset
        }
    }
}

/// An import found by the cursor, before strings and positions are made.
struct PendingImport {
    /// Byte ranges of the path components, backticks excluded.
    var components: [Range<Int>]
    var kind: ImportKind?
    var accessLevel: AccessLevel?
    var attributes: [ImportAttribute]
    var moduleOffset: Int
    /// The innermost enclosing clause's node in the file's clause table; -1 at file level.
    var clauseNode: Int
}

extension ScanResult {
    /// Turns the inspection's offsets into identifier uses and declarations, in one forward pass.
    /// Declarations the request's filter does not keep are dropped before anything else is made
    /// of them: only their name becomes a string.
    mutating func resolveInspection(_ tokens: InspectionTokens, request: SourceInspection, in bytes: UnsafeBufferPointer<UInt8>) {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var kept: [(pending: InspectionTokens.PendingDeclaration, name: String)] = []
        for pending in tokens.declarations {
            if let filter = request.declarationFilter, !filter.keeps(pending, in: bytes) { continue }
            kept.append((pending, pending.name.count == 1 ? text(pending.name[0]) : pending.name.map(text).joined(separator: ".")))
        }
        var offsets = tokens.hits.map(\.offset) + kept.map(\.pending.keyword)
            + kept.flatMap { $0.pending.inheritance.compactMap(\.first?.lowerBound) }
        offsets.sort()
        var lines = LineCounter(bytes: bytes)
        var positions: [Int: SourcePosition] = [:]
        for offset in offsets where positions[offset] == nil { positions[offset] = lines.position(of: offset) }
        for hit in tokens.hits {
            guard let position = positions[hit.offset] else { continue }
            identifiers.append(IdentifierOccurrence(identifier: request.identifiers[hit.query], position: position))
        }
        identifiers.sort { ($0.position.offset, $0.identifier) < ($1.position.offset, $1.identifier) }
        for (pending, name) in kept {
            guard let position = positions[pending.keyword] else { continue }
            let inheritance = pending.inheritance.compactMap { entry -> String? in
                guard let first = entry.first else { return nil }
                var words = text(first)
                var previousEnd = first.upperBound
                for range in entry.dropFirst() {
                    if range.lowerBound > previousEnd { words += " " }
                    words += text(range)
                    previousEnd = range.upperBound
                }
                return words
            }
            var declaration = TypeDeclaration(
                kind: pending.kind, name: name,
                modifiers: pending.modifiers.map(text), attributes: pending.attributes.map(text),
                inheritance: inheritance, position: position)
            declaration.inheritancePositions = pending.inheritance.compactMap { $0.first.flatMap { positions[$0.lowerBound] } }
            declarations.append(declaration)
        }
    }

    /// Turns offsets into lines and columns in one forward pass over the bytes.
    static func resolving(_ events: [ScanEvent], in bytes: UnsafeBufferPointer<UInt8>, clauses: ConditionalClauseTable? = nil) -> ScanResult {
        var lines = LineCounter(bytes: bytes)
        var result = ScanResult()
        // Mostly in order already (an unterminated literal is reported where it opened, after
        // what followed it was read); sorted, stably, only when not.
        let inOrder = events.indices.dropFirst().allSatisfy { events[$0 - 1].offset <= events[$0].offset }
        let ordered = inOrder ? events : events.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        for event in ordered {
            let position = lines.position(of: event.offset)
            switch event {
            case .importDeclaration(let pending):
                let path = pending.components.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
                result.imports.append(ImportDeclaration(
                    path: path, kind: pending.kind, accessLevel: pending.accessLevel,
                    attributes: pending.attributes, position: position, table: clauses, node: pending.clauseNode))
            case .issue(let code, let severity, let message, _):
                result.issues.append(ScanIssue(code: code, severity: severity, message: message, position: position))
            case .directive(_, let text, let isAlone):
                let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
                result.directives.append(CommentDirective(text: body, position: position, isAloneOnItsLine: isAlone))
            }
        }
        return result
    }
}

/// Counts lines forward as offsets ascend. `\n`, `\r\n` and a lone `\r` each end a line, as in
/// the compiler.
struct LineCounter {
    let bytes: UnsafeBufferPointer<UInt8>
    private var scanned = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func position(of offset: Int) -> SourcePosition {
        let target = min(offset, bytes.count)
        // A long way with no carriage return in it (declarations reach the end of a file, imports
        // rarely do): jump from line feed to line feed with memchr rather than testing each byte.
        if let base = bytes.baseAddress, target - scanned > 64, memchr(base + scanned, Int32(ByteClass.carriageReturn), target - scanned) == nil {
            while scanned < target, let found = memchr(base + scanned, Int32(ByteClass.lineFeed), target - scanned) {
                scanned = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base + 1
                line += 1
                lineStart = scanned
            }
            scanned = target
        }
        while scanned < target {
            let byte = bytes[scanned]
            scanned += 1
            if byte == ByteClass.lineFeed || (byte == ByteClass.carriageReturn && (scanned == bytes.count || bytes[scanned] != ByteClass.lineFeed)) {
                line += 1
                lineStart = scanned
            }
        }
        return SourcePosition(offset: offset, line: line, column: offset - lineStart + 1)
    }
}
