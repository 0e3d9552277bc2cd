import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing

/// Changes to a selection and its report, through every pure step, with the evidence a reader
/// would have brought.
@Suite(.tags(.small)) struct ChangeAnalysisTests {
    typealias Fixture = SelectionFixture

    func analyse(_ changes: [FileChange], manifests: [String: ManifestEvidence] = [:], lockfiles: [String: LockfileEvidence] = [:]) -> ChangeAnalysis {
        ChangeAnalysis(changes: changes, placed: Fixture.classify(changes), manifests: manifests, lockfiles: lockfiles, graph: Fixture.graph)
    }

    @Test func joinsPlacementsInTheOrderOfTheChanges() {
        let analysis = analyse([
            FileChange(.modified, path: "README.md"),
            FileChange(.added, path: "Kit/Sources/Core/New.swift"),
            FileChange(.renamed(from: "Sources/Pictures/A.swift"), path: "Sources/Images/A.swift"),
            FileChange(.modified, path: "Package.swift"),
        ], manifests: ["Package.swift": .versions(base: Fixture.appDump(targets: Fixture.appTargets.replacingOccurrences(of: #""name":"Images""#, with: #""name":"Images","path":"Sources/Pictures""#)),
                                                  head: Fixture.appDump(targets: Fixture.appTargets))])
        #expect(analysis.everythingReasons.isEmpty)
        #expect(analysis.ignored == ["README.md", "Sources/Pictures/A.swift (gone with target Images, which Package.swift moved)"])
        #expect(analysis.seeds == [
            ChangeSeed(target: Fixture.id("Core", "kit"), file: "Kit/Sources/Core/New.swift", reason: "added"),
            ChangeSeed(target: Fixture.id("Images"), file: "Sources/Images/A.swift", reason: "moved here from Sources/Pictures/A.swift"),
            ChangeSeed(target: Fixture.id("Images"), file: "Package.swift", reason: "declaration changed: path"),
        ])
    }

    @Test func aManifestOrLockfileWithoutEvidenceHasNoBase() {
        let analysis = analyse([FileChange(.unknown, path: "Package.swift"), FileChange(.unknown, path: "Package.resolved")])
        #expect(analysis.everythingReasons == ["Package.swift changed and there is no --base to compare it with",
                                               "Package.resolved changed and there is no --base to compare it with"])
    }

    @Test func reasonsToRunEverythingAreKeptInOrder() {
        let analysis = analyse([FileChange(.modified, path: "Makefile"), FileChange(.modified, path: "Sources/App/main.swift"),
                                FileChange(.added, path: "AppDelegate.swift")])
        #expect(analysis.everythingReasons == ["Makefile is outside every target", "AppDelegate.swift is outside every target"])
        #expect(AffectedSelection.select(in: Fixture.graph, analysis: analysis).runsEverything)
    }

    @Test func aPinChangeReachesTheTestsOfItsUsersDependants() {
        let lockfiles: [String: LockfileEvidence] = ["Package.resolved": .versions(
            base: Data(#"{"pins":[{"identity":"kingfisher","state":{"revision":"a"}}],"version":2}"#.utf8),
            head: Data(#"{"pins":[{"identity":"kingfisher","state":{"revision":"b"}}],"version":2}"#.utf8))]
        let analysis = analyse([FileChange(.modified, path: "Package.resolved")], lockfiles: lockfiles)
        let selection = AffectedSelection.select(in: Fixture.graph, analysis: analysis)
        #expect(AffectedTestList(selection, graph: Fixture.graph).names == ["ImagesTests"])
    }
}
