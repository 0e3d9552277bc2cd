import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing

@Suite(.tags(.small)) struct AffectedReportTests {
    typealias Fixture = SelectionFixture
    let graph = Fixture.graph

    func selection(_ changes: [FileChange]) -> (AffectedSelection, ChangeAnalysis) {
        let analysis = ChangeAnalysis(changes: changes, placed: Fixture.classify(changes), manifests: [:], lockfiles: [:], graph: graph)
        return (AffectedSelection.select(in: graph, analysis: analysis), analysis)
    }

    @Test func theJSONReportIsVersionedSortedAndCarriesTheReasons() throws {
        let (selected, analysis) = selection([FileChange(.modified, path: "Kit/Sources/Core/Core.swift"), FileChange(.modified, path: "docs/a.md")])
        let json = try AffectedReport(selection: selected, analysis: analysis, graph: graph, base: "origin/main").json()
        #expect(json == """
        {
          "affectedTargets" : [
            "App",
            "Core",
            "CoreTests",
            "Feature",
            "FeatureTests",
            "Utilities"
          ],
          "base" : "origin/main",
          "changedFiles" : [
            "Kit/Sources/Core/Core.swift",
            "docs/a.md"
          ],
          "command" : "affected",
          "everythingReasons" : [

          ],
          "ignoredFiles" : [
            "docs/a.md"
          ],
          "notes" : [

          ],
          "runEverything" : false,
          "tests" : [
            {
              "file" : "Kit/Sources/Core/Core.swift",
              "path" : [
                "CoreTests",
                "Core"
              ],
              "reason" : "changed",
              "target" : "CoreTests"
            },
            {
              "file" : "Kit/Sources/Core/Core.swift",
              "path" : [
                "FeatureTests",
                "Feature",
                "Core"
              ],
              "reason" : "changed",
              "target" : "FeatureTests"
            }
          ],
          "tool" : "bulkhead",
          "version" : 1
        }

        """)
    }

    @Test func runningEverythingIsSaidInTheReportAndTheExplanation() throws {
        let (selected, analysis) = selection([FileChange(.added, path: "AppDelegate.swift")])
        let report = AffectedReport(selection: selected, analysis: analysis, graph: graph, base: nil)
        #expect(report.runEverything && report.everythingReasons == ["AppDelegate.swift is outside every target"])
        #expect(report.tests.map(\.target) == ["CoreTests", "FeatureTests", "ImagesTests"])
        #expect(report.tests.allSatisfy { $0.file == nil && $0.reason == nil })
        #expect(!(try report.json()).contains("\"base\""))
        #expect(AffectedExplanation.text(selected, analysis: analysis, graph: graph) == "Every test runs:\n  AppDelegate.swift is outside every target\n")
    }

    @Test func theExplanationGivesEachTestItsChangeAndPath() {
        let (selected, analysis) = selection([FileChange(.modified, path: "README.md"), FileChange(.renamed(from: "Sources/Feature/A.swift"), path: "Sources/Images/A.swift")])
        #expect(AffectedExplanation.text(selected, analysis: analysis, graph: graph) == """
        ignored: README.md
        FeatureTests: Sources/Feature/A.swift (moved away to Sources/Images/A.swift) — FeatureTests → Feature
        ImagesTests: Sources/Images/A.swift (moved here from Sources/Feature/A.swift) — ImagesTests → Images

        """)
        let (none, nothing) = selection([FileChange(.modified, path: "README.md")])
        #expect(AffectedExplanation.text(none, analysis: nothing, graph: graph) == "No test is affected.\nignored: README.md\n")
    }

    @Test func testToolsGetNamesAndAnEscapedFilter() {
        let (selected, _) = selection([FileChange(.modified, path: "Kit/Sources/Core/Core.swift")])
        let list = AffectedTestList(selected, graph: graph)
        #expect(list.names == ["CoreTests", "FeatureTests"])
        #expect(list.xcodebuildArguments == ["-only-testing:CoreTests", "-only-testing:FeatureTests"])
        #expect(list.swiftTestArguments == ["--filter", "^(CoreTests|FeatureTests)\\."])
        let (none, _) = selection([FileChange(.modified, path: "README.md")])
        #expect(AffectedTestList(none, graph: graph).swiftTestArguments == [])
    }
}
