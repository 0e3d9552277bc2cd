@testable import ImportScanning

/// The import scanner on arbitrary bytes. Oracle: it never traps; scanning the same bytes twice
/// gives the same result (it keeps no state between files); every position it reports lies inside
/// the file, on a line and column that exist; and an inspecting scan finds the same imports and
/// issues as a plain one (the inspection only adds to what a scan reports); and the plain scan,
/// which skips through declaration bodies, gives exactly what reading them token by token gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let first = ImportScanner.scan(bytes)
    let second = ImportScanner.scan(bytes)
    precondition(first == second, "scanning the same bytes twice disagreed")
    precondition(ImportScanner.scan(bytes, skippingBodies: false) == first, "skipping bodies read them differently")

    let inspection = SourceInspection(identifiers: ["URLSession", "Bundle.main", "A.b.c"], declarations: true)
    let inspected = ImportScanner.scan(bytes, inspecting: inspection)
    precondition(inspected.imports == first.imports, "an inspecting scan found other imports")
    precondition(inspected.issues == first.issues, "an inspecting scan found other issues")

    let lines = lineCount(bytes)
    func check(_ position: SourcePosition, _ what: String) {
        precondition(position.offset >= 0 && position.offset <= size, "\(what) offset \(position.offset) outside 0...\(size)")
        precondition(position.line >= 1 && position.line <= lines, "\(what) line \(position.line) outside 1...\(lines)")
        precondition(position.column >= 1, "\(what) column \(position.column) below 1")
    }
    for declaration in inspected.imports {
        check(declaration.position, "import")
        precondition(!declaration.path.isEmpty, "an import without a module path")
        _ = declaration.conditions
    }
    for issue in inspected.issues { check(issue.position, "issue") }
    for directive in inspected.directives { check(directive.position, "directive") }
    for occurrence in inspected.identifiers { check(occurrence.position, "identifier") }
    for declaration in inspected.declarations {
        check(declaration.position, "declaration")
        for position in declaration.inheritancePositions { check(position, "inheritance") }
    }
    let offsets = inspected.imports.map(\.position.offset)
    precondition(offsets == offsets.sorted(), "imports out of source order")
    return 0
}

/// Lines as an editor counts them: one more than the line breaks (LF, CR LF, or a lone CR).
private func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var lines = 1
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A {
            lines += 1
        } else if bytes[index] == 0x0D {
            lines += 1
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        }
        index += 1
    }
    return lines
}
