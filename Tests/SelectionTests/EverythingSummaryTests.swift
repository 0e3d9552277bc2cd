import Selection
import Testing

/// Why every test runs, said once with the files that forced it (issue 26 item 5, issue 32).
@Suite(.tags(.small)) struct EverythingSummaryTests {
    typealias Fixture = SelectionFixture

    static func analysis(_ paths: [String]) -> ChangeAnalysis {
        let changes = paths.map { FileChange(.modified, path: $0) }
        return ChangeAnalysis(changes: changes, placed: Fixture.classify(changes), manifests: [:], lockfiles: [:], graph: Fixture.graph)
    }

    @Test func aLoneFileIsOneReason() {
        let summary = EverythingSummary(Self.analysis(["Gemfile", "Sources/Feature/Feature.swift"]))
        #expect(summary.line == "Gemfile is outside every target")
        #expect(summary.explanation == ["  Gemfile is outside every target"])
    }

    /// A rename out of the repository's tooling names both sides; a file listed twice once.
    @Test func severalFilesAreNamedTogetherOnce() {
        let changes = [FileChange(.renamed(from: "fastlane/Fastfile"), path: "fastlane/Deploy"), FileChange(.modified, path: "Gemfile"),
                       FileChange(.modified, path: "Gemfile"), FileChange(.unknown, path: "Package.swift")]
        let analysis = ChangeAnalysis(changes: changes, placed: Fixture.classify(changes), manifests: [:], lockfiles: [:], graph: Fixture.graph)
        let summary = EverythingSummary(analysis)
        #expect(summary.line == "3 files are outside every target: fastlane/Fastfile, fastlane/Deploy, Gemfile; Package.swift changed and there is no --base to compare it with")
        #expect(summary.explanation == ["  3 files are outside every target:", "    fastlane/Fastfile", "    fastlane/Deploy", "    Gemfile",
                                        "  Package.swift changed and there is no --base to compare it with"])
    }

    @Test func theLineNamesTheFirstFilesAndCountsTheRest() {
        let paths = (1...8).map { "scripts/step\($0).sh" }
        #expect(EverythingSummary(Self.analysis(paths)).line
            == "8 files are outside every target: scripts/step1.sh, scripts/step2.sh, scripts/step3.sh, scripts/step4.sh, scripts/step5.sh and 3 more (--explain lists them)")
    }
}
