import TestSupport
import Testing
@testable import ImportScanning

/// Clauses are stored once per file and shared by every import they enclose; the answers and
/// the public shape (`conditions`, `precedingConditions`, `written`) are as if each import had
/// its own copy.
@Suite(.tags(.small)) struct ClauseSharingTests {
    static func chain(_ count: Int, importInEvery: Bool = true) -> String {
        var text = "#if C0\nimport M0\n"
        for index in 1..<count {
            text += "#elseif C\(index)\n" + (importInEvery || index == count - 1 ? "import M\(index)\n" : "")
        }
        return text + "#else\nimport Last\n#endif\n"
    }

    @Test func aLongElseifChainKeepsEveryPrecedingCondition() {
        let result = ImportScanner.scan(Self.chain(2_000))
        #expect(result.imports.count == 2_001)
        let last = result.imports[1_999].conditions[0]
        #expect(last.branch == .elseif)
        #expect(last.condition == "C1999")
        #expect(last.precedingConditionCount == 1_999)
        #expect(last.precedingConditions.first == "C0" && last.precedingConditions.last == "C1998")
        let final = result.imports[2_000].conditions[0]
        #expect(final == ConditionalClause(branch: .else, condition: nil, precedingConditions: (0..<2_000).map { "C\($0)" }))
    }

    @Test func theInnermostClausesAreShownAndAllAreCounted() {
        let depth = 40
        let text = (0..<depth).map { "#if A\($0)\n" }.joined() + "import Deep\n" + String(repeating: "#endif\n", count: depth)
        let declaration = ImportScanner.scan(text).imports[0]
        #expect(declaration.conditionDepth == depth)
        let shown = declaration.innermostConditions(limit: ConditionalClause.shownClauseLimit)
        #expect(shown.map(\.condition) == (depth - ConditionalClause.shownClauseLimit..<depth).map { "A\($0)" })
        #expect(shown == Array(declaration.conditions.suffix(ConditionalClause.shownClauseLimit)))
    }

    @Test func writtenSummarisesALongChain() {
        let clause = ImportScanner.scan(Self.chain(50)).imports[49].conditions[0]
        #expect(clause.written == "#elseif C49 (not C0, not C1, not C2, not C3, not C4, not C5, not C6, not C7, and 41 more earlier conditions)")
        let short = ImportScanner.scan(Self.chain(3)).imports[2].conditions[0]
        #expect(short.written == "#elseif C2 (not C0, not C1)")
    }

    static let environments: [(flags: [String], expected: [Bool?])] = [
        ([], [false, false, false, true]),
        (["C1"], [false, true, false, false]),
        (["C0", "C1"], [true, false, false, false]),
    ]

    @Test(arguments: environments)
    func sharedAnswersMatchTheClauseByClauseAnswers(flags: [String], expected: [Bool?]) {
        let environment = BuildEnvironment(definedFlags: Set(flags))
        let result = ImportScanner.scan(Self.chain(3))
        #expect(result.imports.map { $0.isActive(in: environment) } == expected)
        #expect(result.imports.map { $0.isActive(in: .unknown) } == [nil, nil, nil, nil])
        // The same clauses rebuilt by hand (no shared table) give the same answers.
        let copies = result.imports.map { declaration in
            ImportDeclaration(path: declaration.path, position: declaration.position, conditions: declaration.conditions.map {
                ConditionalClause(branch: $0.branch, condition: $0.condition, precedingConditions: $0.precedingConditions)
            })
        }
        #expect(copies.map { $0.isActive(in: environment) } == expected)
        #expect(copies == result.imports)
    }

    @Test func nestedClausesAreSharedAndDecidedFromOutsideIn() {
        let source = "#if A\n#if B\nimport X\n#elseif C\nimport Y\n#endif\nimport Z\n#else\nimport W\n#endif\n"
        let result = ImportScanner.scan(source)
        #expect(result.imports.map { $0.conditions.map(\.written) } == [
            ["#if A", "#if B"], ["#if A", "#elseif C (not B)"], ["#if A"], ["#else (not A)"],
        ])
        let environment = BuildEnvironment(definedFlags: ["A", "C"])
        #expect(result.imports.map { $0.isActive(in: environment) } == [false, true, true, false])
        #expect(result.imports.map { $0.isActive(in: .unknown) } == [nil, nil, nil, nil])
        #expect(result.imports.map { $0.isActive(in: environment) } == [false, true, true, false])
    }

    @Test func deepNestingTimesManyImportsStaysSmall() {
        var source = ""
        for depth in 0..<200 { source += "#if D\(depth)\n" }
        source += String(repeating: "import M\n", count: 20_000)
        source += String(repeating: "#endif\n", count: 200)
        let result = ImportScanner.scan(source)
        #expect(result.imports.count == 20_000)
        #expect(result.imports[19_999].conditions.count == 200)
        #expect(result.imports[19_999].conditions[199].condition == "D199")
        #expect(result.imports[0].isActive(in: BuildEnvironment(definedFlags: [])) == false)
    }
}
