import TestSupport
import Testing
@testable import ModuleGraph

@Suite(.tags(.small)) struct AffectedSelectionTests {
    static let graph = ModuleGraphTests.graph

    @Test func selectsTheTestsOfEveryDependantWithThePathThatReachedThem() {
        let seed = ChangeSeed(target: TargetID(package: "kit", name: "Core"), file: "Kit/Sources/Core/A.swift", reason: "changed")
        let selection = AffectedSelection.select(in: Self.graph, seeds: [seed], everythingReasons: [])
        #expect(!selection.runsEverything)
        #expect(selection.selected.map(\.test.name) == ["FeatureTests"])
        #expect(selection.selected.first?.path.map(\.name) == ["FeatureTests", "Feature", "Core"])
        #expect(selection.selected.first?.seed == seed)
        #expect(selection.affectedTargets.map(\.name).sorted() == ["App", "Core", "Feature", "FeatureInterface", "FeatureTests", "Utilities"])
    }

    @Test func aChangeNoTestReachesSelectsNothing() {
        let seed = ChangeSeed(target: TargetID(package: "app", name: "App"), file: "Sources/App/main.swift", reason: "changed")
        #expect(AffectedSelection.select(in: Self.graph, seeds: [seed], everythingReasons: []).selected.isEmpty)
    }

    @Test func anUnplacedChangeSelectsEveryTest() {
        let selection = AffectedSelection.select(in: Self.graph, seeds: [], everythingReasons: ["Makefile is outside every target"])
        #expect(selection.runsEverything)
        #expect(selection.selected.map(\.test.name) == ["FeatureTests"])
    }

    @Test func ownershipPicksTheDeepestFolder() {
        let ownership = TargetOwnership(folders: [
            (folder: "/repo/Sources/App", target: TargetID(package: "app", name: "App")),
            (folder: "/repo/Sources/App/Plugins", target: TargetID(package: "app", name: "Plugins")),
        ])
        #expect(ownership.owner(of: "/repo/Sources/App/Plugins/P.swift")?.name == "Plugins")
        #expect(ownership.owner(of: "/repo/Sources/App/Resources/x.png")?.name == "App")
        #expect(ownership.owner(of: "/repo/Sources/AppKit/A.swift") == nil)
    }
}
