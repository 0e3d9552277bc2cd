import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing

@Suite(.tags(.small)) struct PinImpactTests {
    func resolved(_ pins: [(String, String)]) -> Data {
        let entries = pins.map { #"{"identity":"\#($0.0)","kind":"remoteSourceControl","state":{"revision":"\#($0.1)"}}"# }
        return Data(#"{"pins":[\#(entries.joined(separator: ","))],"version":2}"#.utf8)
    }

    func impact(base: Data?, head: Data?) -> ChangeImpact {
        PinImpact.of(.versions(base: base, head: head), path: "Package.resolved", graph: SelectionFixture.graph)
    }

    @Test func aMovedPinSelectsTheUsersOfThatPackage() {
        let result = impact(base: resolved([("kingfisher", "a")]), head: resolved([("kingfisher", "b")]))
        #expect(result == .seeds([ChangeSeed(target: SelectionFixture.id("Images"), file: "Package.resolved", reason: "pin of kingfisher changed (uses Kingfisher)")]))
    }

    @Test func anUnchangedPinSelectsNothing() {
        let pins = resolved([("kingfisher", "a")])
        #expect(impact(base: pins, head: pins) == .seeds([]))
        // Formatting is not a change: the same pins written another way.
        let reformatted = Data(#"{ "version" : 2, "pins" : [ { "state" : { "revision" : "a" }, "identity" : "kingfisher" } ] }"#.utf8)
        #expect(impact(base: pins, head: reformatted) == .seeds([]))
    }

    @Test func aMovedPinNoTargetNamesSelectsEveryUserOfARemoteProduct() {
        let result = impact(base: resolved([("kingfisher", "a"), ("swift-syntax", "1")]), head: resolved([("kingfisher", "a"), ("swift-syntax", "2")]))
        #expect(result == .seeds([ChangeSeed(target: SelectionFixture.id("Images"), file: "Package.resolved",
                                             reason: "pin of an indirect dependency changed (through Kingfisher of kingfisher)")],
                                 notes: ["Package.resolved: pins of indirect dependencies moved: swift-syntax"]))
    }

    /// Many moved pins and many users: the list is said once, in a note, not on every test's line.
    @Test func theMovedIndirectPinsAreListedOnceInTheExplanation() {
        let moved = (1...18).map { "pkg\($0)" }
        let result = impact(base: resolved(moved.map { ($0, "a") }), head: resolved(moved.map { ($0, "b") }))
        let analysis: ChangeAnalysis
        switch result {
        case .seeds(let seeds, let notes): analysis = ChangeAnalysis(seeds: seeds, notes: notes)
        case .everything: Issue.record("expected seeds, got \(result)"); return
        }
        let text = AffectedExplanation.text(AffectedSelection.select(in: SelectionFixture.graph, analysis: analysis), analysis: analysis, graph: SelectionFixture.graph)
        #expect(text.components(separatedBy: "pkg17").count - 1 == 1)
        #expect(text.contains("note: Package.resolved: pins of indirect dependencies moved: pkg1, pkg10, pkg11"))
        #expect(text.contains("ImagesTests: Package.resolved (pin of an indirect dependency changed (through Kingfisher of kingfisher)) — ImagesTests → Images"))
    }

    @Test func aNewLockfileMovesEveryPinInIt() {
        #expect(PackageResolved.changedIdentities(base: nil, head: resolved([("kingfisher", "a")])) == ["kingfisher"])
    }

    @Test func anUnreadableLockfileOrNoBaseRunsEverything() {
        #expect(impact(base: Data("{".utf8), head: resolved([])) == .everything(reason: "Package.resolved changed and could not be read as a Package.resolved"))
        #expect(PinImpact.of(.noBase, path: "Package.resolved", graph: SelectionFixture.graph)
                == .everything(reason: "Package.resolved changed and there is no --base to compare it with"))
    }

    @Test func readsEveryPackageResolvedFormat() {
        let version2 = Data(#"{"pins":[{"identity":"kingfisher","kind":"remoteSourceControl","location":"u","state":{"revision":"a","version":"8.0.0"}}],"version":2}"#.utf8)
        let version1 = Data(#"{"object":{"pins":[{"package":"KingfisherName","repositoryURL":"https://github.com/onevcat/Kingfisher.git","state":{"branch":null,"revision":"a","version":"8.0.0"}}]},"version":1}"#.utf8)
        #expect(PackageResolved.pins(version2) == ["kingfisher": "a 8.0.0"])
        #expect(PackageResolved.pins(version1) == ["kingfisher": "a 8.0.0"])
        #expect(PackageResolved.pins(Data("nonsense".utf8)) == nil)
        let moved = Data(#"{"pins":[{"identity":"kingfisher","state":{"revision":"b","version":"8.0.1"}},{"identity":"nuke","state":{"revision":"c"}}],"version":3}"#.utf8)
        #expect(PackageResolved.changedIdentities(base: version2, head: moved) == ["kingfisher", "nuke"])
        #expect(PackageResolved.changedIdentities(base: Data("{".utf8), head: version2) == nil)
    }
}
