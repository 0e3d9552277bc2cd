import Diagnostics
import TestSupport
import Testing
@testable import Reporting

/// The format → reporter mapping: one list, in `Reporting`, that a new reporter joins with one line.
@Suite(.tags(.small)) struct ReportersTests {
    @Test func theStandardFormatsInTheOrderHelpListsThem() {
        #expect(Reporters.standard.formats.map(\.rawValue) == ["text", "xcode", "json", "sarif", "github", "junit", "checkstyle", "gitlab"])
        #expect(ReportFormat.allCases == Reporters.standard.formats)
    }

    @Test(arguments: Reporters.standard.formats)
    func eachFormatFindsTheReporterThatWritesIt(format: ReportFormat) throws {
        #expect(try Reporters.standard.reporter(for: format).format == format)
    }

    @Test func onlyTextIsForPeople() {
        let forPeople = Reporters.standard.all.filter { !$0.isForMachines }.map(\.format)
        #expect(forPeople == [.text])
        #expect(!ReportFormat.text.isForMachines)
        #expect(ReportFormat.junit.isForMachines)
    }

    @Test func anUnknownFormatIsAnErrorNamingTheKnownOnes() {
        #expect(throws: ReportError.unknownFormat("tap", known: ["text", "xcode", "json", "sarif", "github", "junit", "checkstyle", "gitlab"])) {
            try Reporters.standard.reporter(for: ReportFormat(rawValue: "tap"))
        }
    }

    @Test func aNewReporterIsOneFileAndOneLine() throws {
        let reporters = Reporters(Reporters.standard.all + [RuleCountReporter()])

        #expect(reporters.formats.last == .ruleCount)
        let report = ReporterSnapshotTests.report()
        #expect(try reporters.reporter(for: .ruleCount).render(report)
            == "layer-dependency 2\nstale-baseline-entry 1\nundeclared-import 1\nunreadable-file 1\nunused-suppression 1\n")
        // The standard list is unchanged, and still answers for its own formats.
        #expect(throws: ReportError.self) { try Reporters.standard.reporter(for: .ruleCount) }
        #expect(try reporters.reporter(for: .json).render(report) == Reporters.standard.reporter(for: .json).render(report))
    }

    @Test func theFirstReporterOfAFormatAnswersForIt() throws {
        let reporters = Reporters([RuleCountReporter(), RenamedTextReporter()])
        #expect(reporters.formats == [.ruleCount])
        #expect(try reporters.reporter(for: .ruleCount) is RuleCountReporter)
    }

    /// A second reporter claiming an existing format.
    private struct RenamedTextReporter: Reporter {
        let format = ReportFormat.ruleCount
        func render(_ report: Report) -> String { "" }
    }
}
