import TestSupport
import Testing
@testable import ImportScanning

@Suite(.tags(.small)) struct ImportScannerExampleTests {
    @Test(arguments: ScannerExamples.positive + ScannerExamples.fileStart + ScannerExamples.rejectedByCompiler)
    func findsExactlyTheMarkedImports(_ example: ScannerExample) {
        let marked = MarkedSource(example.source)
        let result = ImportScanner.scan(marked.text)
        #expect(result.imports.map(ExpectedImport.rendering) == example.expected)
        let positions = result.imports.map { [$0.position.line, $0.position.column] }
        #expect(positions == marked.expectedPositions.map { [$0.line, $0.column] })
        if !ScannerExamples.rejectedByCompiler.contains(where: { $0.name == example.name }) {
            #expect(result.issues.isEmpty, "unexpected issues: \(result.issues)")
        }
    }

    @Test(arguments: ScannerExamples.positive.filter(\.commentWrappable))
    func findsNothingInsideABlockComment(_ example: ScannerExample) {
        let source = "/*\n" + MarkedSource(example.source).text + "\n*/\n"
        let result = ImportScanner.scan(source)
        #expect(result.imports.isEmpty)
        #expect(result.issues.isEmpty, "unexpected issues: \(result.issues)")
    }

    @Test(arguments: ScannerExamples.positive + ScannerExamples.fileStart)
    func findsNothingInsideAStringLiteral(_ example: ScannerExample) {
        // A raw string deep enough that no example can close it early.
        let delimiter = String(repeating: "#", count: 12)
        let source = "let text = \(delimiter)\"\"\"\n" + MarkedSource(example.source).text + "\n\"\"\"\(delimiter)\nlet after = 1\n"
        let result = ImportScanner.scan(source)
        #expect(result.imports.isEmpty)
        #expect(result.issues.isEmpty, "unexpected issues: \(result.issues)")
    }

    @Test(arguments: ScannerExamples.positive)
    func shiftsOnlyLinesBehindAMultiByteprefix(_ example: ScannerExample) {
        let prefix = "// ünïcödé ✈️ 名前\nlet π = \"🚀\" /* ü */\n"
        let marked = MarkedSource(example.source)
        let result = ImportScanner.scan(prefix + marked.text)
        #expect(result.imports.map(ExpectedImport.rendering) == example.expected)
        let positions = result.imports.map { [$0.position.line, $0.position.column] }
        #expect(positions == marked.expectedPositions.map { [$0.line + 2, $0.column] })
    }
}
