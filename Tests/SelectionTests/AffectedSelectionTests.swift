import ModuleGraph
import Selection
import TestSupport
import Testing

@Suite(.tags(.small)) struct AffectedSelectionTests {
    let graph = SelectionFixture.graph
    func id(_ name: String, _ package: String = "app") -> TargetID { SelectionFixture.id(name, package) }

    @Test func selectsTheTestsOfEveryDependantWithThePathThatReachedThem() {
        let seed = ChangeSeed(target: id("Core", "kit"), file: "Kit/Sources/Core/A.swift", reason: "changed")
        let selection = AffectedSelection.select(in: graph, seeds: [seed], everythingReasons: [])
        #expect(!selection.runsEverything)
        #expect(selection.selected.map(\.test.name) == ["FeatureTests", "CoreTests"])
        #expect(selection.selected.first?.path.map(\.name) == ["FeatureTests", "Feature", "Core"])
        #expect(selection.selected.allSatisfy { $0.seed == seed })
        #expect(selection.affectedTargets.map(\.name).sorted() == ["App", "Core", "CoreTests", "Feature", "FeatureTests", "Utilities"])
    }

    @Test func aChangeNoTestReachesSelectsNothing() {
        let seed = ChangeSeed(target: id("App"), file: "Sources/App/main.swift", reason: "changed")
        let selection = AffectedSelection.select(in: graph, seeds: [seed], everythingReasons: [])
        #expect(selection.selected.isEmpty)
        #expect(selection.affectedTargets == [id("App")])
    }

    @Test func aSeedOnATargetTheGraphDoesNotHaveSelectsNothing() {
        let seed = ChangeSeed(target: id("Removed"), file: "Sources/Removed/A.swift", reason: "deleted")
        #expect(AffectedSelection.select(in: graph, seeds: [seed], everythingReasons: []).affectedTargets.isEmpty)
    }

    @Test func theFirstSeedInSortedOrderExplainsATestReachedTwice() {
        let seeds = [ChangeSeed(target: id("FeatureInterface"), file: "b.swift", reason: "changed"),
                     ChangeSeed(target: id("Feature"), file: "a.swift", reason: "changed")]
        let selection = AffectedSelection.select(in: graph, seeds: seeds, everythingReasons: [])
        #expect(selection.selected.map(\.test.name) == ["FeatureTests"])
        #expect(selection.selected.first?.seed?.file == "a.swift")
        #expect(selection.selected.first?.path.map(\.name) == ["FeatureTests", "Feature"])
    }

    @Test func anUnplacedChangeSelectsEveryTestAndSaysWhy() {
        let selection = AffectedSelection.select(in: graph, seeds: [], everythingReasons: ["Makefile is outside every target"])
        #expect(selection.runsEverything)
        #expect(selection.everythingReasons == ["Makefile is outside every target"])
        #expect(selection.selected.map(\.test.name) == ["FeatureTests", "ImagesTests", "CoreTests"])
        #expect(selection.selected.allSatisfy { $0.seed == nil })
        #expect(selection.affectedTargets.count == graph.targets.count)
    }
}
