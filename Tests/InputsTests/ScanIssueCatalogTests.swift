import ImportScanning
import PackageLoading
import TestSupport
import Testing

/// The scanner's catalog entries, declared in PackageLoading, agree with the scanner: each code is
/// reported, at the entry's severity, for a source that has its problem.
@Suite(.tags(.small)) struct ScanIssueCatalogTests {
    /// A source with the problem; the switch makes a new code bring one.
    static func source(with code: ScanIssue.Code) -> [UInt8] {
        switch code {
        case .binaryFile: [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00] + Array("import A\n".utf8)
        case .nulByte: Array("import A\n".utf8) + Array(repeating: 0x20, count: 9000) + [0] + Array("\n".utf8)
        case .invalidUTF8: Array("import A\n// ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        case .unterminatedString: Array("let s = \"abc\n".utf8)
        case .unterminatedComment: Array("/* /* */\nimport A\n".utf8)
        case .unterminatedRegex: Array("let r = #/abc\n".utf8)
        case .unterminatedConditional: Array("#if DEBUG\nimport A\n".utf8)
        case .unbalancedDirective: Array("#endif\n".utf8)
        case .conditionTooDeep: Array(("#if " + String(repeating: "(", count: 300) + "A" + String(repeating: ")", count: 300) + "\n#endif\n").utf8)
        case .rejectedCondition: Array("#if !!DEBUG\nimport A\n#endif\n".utf8)
        case .malformedImport: Array("import\n".utf8)
        case .importNotAtFileScope: Array("func f() {\n  import A\n}\n".utf8)
        }
    }

    @Test(arguments: ScanIssue.Code.allCases)
    func theScannerReportsTheCodeAtItsEntrysSeverity(_ code: ScanIssue.Code) throws {
        let issues = ImportScanner.scan(Self.source(with: code)).issues
        let issue = try #require(issues.first { $0.code == code }, "no \(code.rawValue) in \(issues.map(\.code.rawValue))")
        let diagnostic = SourceProblem.diagnostic(for: issue, in: "Sources/App/App.swift")
        #expect(diagnostic.code == code.entry.id)
        #expect(diagnostic.severity == code.entry.defaultSeverity)
        #expect(code.entry.family == .scanner && !code.entry.isBaselinable && !code.entry.isSuppressible)
    }

    @Test func sourceProblemsAreReportedUnderTheirEntries() {
        let misnamed = SourceProblem.readFailure("Sources/App/Caf\u{FFFD}.swift", .notFound)
        #expect(misnamed.diagnostic.code == SourceProblem.Code.invalidFileName.entry.id && !misnamed.isUnreadable)
        #expect(misnamed.diagnostic.severity == SourceProblem.Code.invalidFileName.entry.defaultSeverity)
        let unreadable = SourceProblem.unreadable("Sources/App/App.swift", reason: "permission denied")
        #expect(unreadable.code == SourceProblem.Code.unreadableFile.entry.id)
        #expect(unreadable.severity == SourceProblem.Code.unreadableFile.entry.defaultSeverity)
        #expect(SourceProblem.codes.map(\.id) == SourceProblem.Code.allCases.map(\.rawValue) + ScanIssue.Code.allCases.map(\.rawValue))
    }
}
