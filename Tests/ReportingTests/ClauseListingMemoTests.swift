import ImportScanning
import TestSupport
import Testing
@testable import Reporting

/// The text listing keeps what it shows of a file's `#if` clauses for later files whose clauses
/// are written alike; every file must list exactly as it does without the memo.
@Suite(.tags(.small)) struct ClauseListingMemoTests {
    /// Files whose clause tables are equal, nearly equal (same conditions, other clauses; same
    /// clauses, other conditions) and unlike, with clauses no build takes and clauses too deep to show.
    static let sources: [String] = [
        "#if canImport(UIKit)\nimport UIKit\n#elseif canImport(AppKit)\nimport AppKit\n#endif\n",
        "#if canImport(UIKit)\nimport UIKit\n#elseif canImport(AppKit)\nimport AppKit\n#endif\n",
        "#if canImport(UIKit)\n#elseif canImport(AppKit)\nimport AppKit\n#endif\n",
        "#if canImport(UIKit)\nimport UIKit\n#elseif canImport(AppKit)\n#else\nimport Other\n#endif\n",
        "#if false\nimport A\n#else\nimport B\n#endif\n",
        "#if false\n#else\nimport B\n#endif\n",
        "#if true\nimport A\n#else\nimport B\n#endif\n",
        "#if true\n#else\nimport B\n#endif\n",
        "#if false\nimport A\n#endif\n#if true\nimport B\n#endif\n",
        "#if true\nimport A\n#endif\n#if false\nimport B\n#endif\n",
        "#if DEBUG\n#if false\nimport A\n#endif\nimport B\n#endif\n",
        "#if DEBUG\n#if true\nimport A\n#endif\nimport B\n#endif\n",
        "#if os(iOS) && \u{1B}[31m\nimport Escaped\n#endif\n",
        String(repeating: "#if A\n", count: 20) + "import Deep\n" + String(repeating: "#endif\n", count: 20),
        String(repeating: "#if A\n", count: 20) + "import Deep\n" + String(repeating: "#endif\n", count: 20),
        String(repeating: "#if B\n", count: 20) + "import Deep\n#else\nimport Other\n" + String(repeating: "#endif\n", count: 20),
        "#if X\n" + (0..<300).map { "#elseif C\($0)\n" }.joined() + "import Late\n#endif\n",
        "#if X\n" + (0..<300).map { "#elseif C\($0)\n" }.joined() + "import Late\n#endif\n",
        "import Plain\n",
    ]

    @Test(arguments: [false, true])
    func everyFileListsAsWithoutTheMemo(colored: Bool) {
        let memo = ClauseListingMemo(environment: .unknown)
        // Twice over, so the second round reads every table from the memo.
        for round in 0..<2 {
            for (number, source) in Self.sources.enumerated() {
                let file = ScannedFile(displayPath: "F\(number).swift", target: "T", imports: ImportScanner.scan(source).imports)
                let plain = ImportListing.text(file, environment: .unknown, colored: colored)
                let remembered = ImportListing.text(file, environment: .unknown, colored: colored, memo: memo)
                #expect(remembered == plain, "round \(round), file \(number): \(String(decoding: remembered, as: UTF8.self))")
            }
        }
    }

    /// A memo made for another environment is not used: `#if DEBUG` is never active where
    /// `DEBUG` is not defined, and undecided where nothing is known.
    @Test func aMemoForAnotherEnvironmentIsNotUsed() {
        let release = BuildEnvironment(definedFlags: [])
        let memo = ClauseListingMemo(environment: release)
        let file = ScannedFile(displayPath: "F.swift", target: nil, imports: ImportScanner.scan("#if DEBUG\nimport A\n#endif\n").imports)
        let inRelease = String(decoding: ImportListing.text(file, environment: release, colored: false, memo: memo), as: UTF8.self)
        let unknown = String(decoding: ImportListing.text(file, environment: .unknown, colored: false, memo: memo), as: UTF8.self)
        #expect(inRelease == "F.swift:2:8  import A  #if DEBUG  (never active)\n")
        #expect(unknown == "F.swift:2:8  import A  #if DEBUG\n")
    }

    /// The same conditions with the import in another clause: a memo keyed by the conditions
    /// alone would call the `#else` import never active.
    @Test func theSameConditionsInOtherClausesAreNotConfused() {
        let memo = ClauseListingMemo(environment: .unknown)
        var lines: [String] = []
        for source in ["#if false\nimport A\n#else\nimport B\n#endif\n", "#if false\n#else\nimport B\n#endif\n"] {
            let file = ScannedFile(displayPath: "F.swift", target: nil, imports: ImportScanner.scan(source).imports)
            lines += String(decoding: ImportListing.text(file, environment: .unknown, colored: false, memo: memo), as: UTF8.self)
                .split(separator: "\n").map(String.init)
        }
        #expect(lines == [
            "F.swift:2:8  import A  #if false  (never active)",
            "F.swift:4:8  import B  #else (not false)",
            "F.swift:3:8  import B  #else (not false)",
        ])
    }
}
