import TestSupport
import Testing
@testable import ImportScanning

/// What each import records beyond its module: conditions, attributes, access, kind, and the
/// positions of what it reports.
@Suite(.tags(.small)) struct ImportDetailTests {
    @Test func recordsTheConditionStackWithBranches() throws {
        let result = ImportScanner.scan("""
        #if os(iOS)
        #if DEBUG
        import A
        #elseif canImport(B) // comment dropped
        import B
        #else
        import C
        #endif
        #endif
        """)
        #expect(result.issues.isEmpty)
        let c = try #require(result.imports.last)
        #expect(c.conditions.count == 2)
        #expect(c.conditions[0] == ConditionalClause(branch: .if, condition: "os(iOS)"))
        #expect(c.conditions[1] == ConditionalClause(branch: .else, condition: nil, precedingConditions: ["DEBUG", "canImport(B)"]))
        let b = result.imports[1]
        #expect(b.conditions[1] == ConditionalClause(branch: .elseif, condition: "canImport(B)", precedingConditions: ["DEBUG"]))
    }

    @Test(arguments: [
        ("#if false\nimport A\n#endif", false),
        ("#if !true\nimport A\n#endif", false),
        ("#if DEBUG && false\nimport A\n#endif", false),
        ("#if DEBUG || false\nimport A\n#endif", true),
        ("#if true\n#else\nimport A\n#endif", false),
        ("#if true\n#elseif os(iOS)\nimport A\n#endif", false),
        ("#if false\n#else\nimport A\n#endif", true),
        ("#if os(iOS)\n#elseif false\n#else\nimport A\n#endif", true),
        ("#if false\n#if true\nimport A\n#endif\n#endif", false),
        ("#if (false)\nimport A\n#endif", false),
        ("#if canImport(UIKit)\nimport A\n#endif", true),
    ])
    func decidesWhetherAClauseCanEverBeTaken(source: String, canBeActive: Bool) throws {
        let declaration = try #require(ImportScanner.scan(source).imports.first)
        #expect(BuildEnvironment.unknown.mayCompile(declaration) == canBeActive)
    }

    @Test func foldsWhitespaceAndDropsCommentsInConditions() throws {
        let declaration = try #require(ImportScanner.scan("#if   os(iOS)  /* x */ &&\t(DEBUG ||\n   TESTING)   // y\nimport A\n#endif").imports.first)
        #expect(declaration.conditions.first?.condition == "os(iOS) && (DEBUG || TESTING)")
    }

    @Test func keepsAttributeArgumentsAndAccessTogether() throws {
        let declaration = try #require(ImportScanner.scan("@_spi(Internal)\n@available(*, deprecated, message: \"use (B)\")\npackage import class A.B.C\n").imports.first)
        #expect(declaration.attributes == [
            ImportAttribute(name: "_spi", arguments: "Internal"),
            ImportAttribute(name: "available", arguments: "*, deprecated, message: \"use (B)\""),
        ])
        #expect(declaration.accessLevel == .package)
        #expect(declaration.kind == .class)
        #expect(declaration.path == ["A", "B", "C"])
        #expect(declaration.module == "A")
    }

    @Test func countsColumnsInUTF8BytesAsTheCompilerDoes() throws {
        // "é" is 2 bytes and "🚀" 4: `/*é*/ ` is 7 bytes, `/*🚀*/ ` 9, `import ` 7, so `A` is
        // the 24th byte of the line.
        let declaration = try #require(ImportScanner.scan("/*é*/ /*🚀*/ import A").imports.first)
        #expect(declaration.position.line == 1)
        #expect(declaration.position.column == 24)
    }

    @Test func countsTheByteOrderMarkInTheFirstLinesColumns() throws {
        // swiftc reports `import Nope` after a BOM at column 11: the BOM's 3 bytes count.
        let declaration = try #require(ImportScanner.scan("\u{FEFF}import Nope").imports.first)
        #expect(declaration.position.column == 11)
    }

    @Test func evaluatesConditionsInAKnownEnvironment() {
        let environment = BuildEnvironment(
            platformConditions: ["os": ["iOS"], "canImport": ["UIKit"]], definedFlags: ["DEBUG"],
            languageVersion: [6, 0], compilerVersion: [6, 3])
        #expect(environment.evaluate("os(iOS) && DEBUG") == true)
        #expect(environment.evaluate("os(macOS) || !canImport(UIKit)") == false)
        // A submodule or a version of a module that is there is not known from its name.
        #expect(environment.evaluate("canImport(UIKit.UIView, _version: 2)") == nil)
        #expect(environment.evaluate("swift(>=5.9) && compiler(<7)") == true)
        #expect(environment.evaluate("swift(>=6.1)") == false)
        #expect(environment.evaluate("arch(arm64)") == nil)
        // An experimental feature not enabled is off in a 6.3 compiler; another's is not tabled.
        #expect(environment.evaluate("hasFeature(Embedded)") == false)
        var other = environment
        other.compilerVersion = [6, 1]
        #expect(other.evaluate("hasFeature(Embedded)") == nil)
        #expect(environment.evaluate("os(iOS) &&") == nil)
        #expect(BuildEnvironment.unknown.evaluate("DEBUG || true") == true)
        #expect(BuildEnvironment.unknown.evaluate("DEBUG && false") == false)
        #expect(BuildEnvironment.unknown.evaluate("DEBUG") == nil)
    }
}

@Suite(.tags(.small)) struct CommentDirectiveTests {
    @Test func recordsBulkheadCommentsOnlyInLineComments() {
        let result = ImportScanner.scan("""
        import A // bulkhead:ignore undeclared-import - migrating
        // bulkhead:ignore layer-dependency - legacy bridge, see ADR-12
        import B
        let s = "// bulkhead:ignore not-a-comment"
        /* bulkhead:ignore in a block comment */
        //bulkhead:ignore   spaced\t
        // not bulkhead:ignore
        """)
        #expect(result.directives.map(\.text) == [
            "ignore undeclared-import - migrating",
            "ignore layer-dependency - legacy bridge, see ADR-12",
            "ignore   spaced",
        ])
        #expect(result.directives.map { [$0.position.line, $0.position.column] } == [[1, 10], [2, 1], [6, 1]])
        #expect(result.imports.map(\.module) == ["A", "B"])
    }
}
