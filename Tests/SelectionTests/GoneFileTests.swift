import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing

/// Files that disappeared, or that are no code: which a manifest change speaks for, which
/// Bulkhead's own files explain, and which are outside every target (issue 17, items 3–5).
@Suite(.tags(.small)) struct GoneFileTests {
    typealias Fixture = SelectionFixture

    /// Today's app manifest, and the same with a dependency added to Images (swift-nio's repro:
    /// one target gains a dependency in the commit that deletes a script).
    let before = Fixture.appDump(targets: Fixture.appTargets)
    let withDependency = Fixture.appDump(targets: Fixture.appTargets.replacingOccurrences(
        of: #"{"product":["Kingfisher","kingfisher",null,null]}"#, with: #"{"product":["Kingfisher","kingfisher",null,null]},{"byName":["FeatureInterface",null]}"#))

    func analyse(_ changes: [FileChange], base: ManifestVersion, head: ManifestVersion, layout: RepositoryLayout = Fixture.layout) -> ChangeAnalysis {
        let placed = PathClassifier(graph: Fixture.graph, layout: layout, ignores: []).classify(changes)
        return ChangeAnalysis(changes: changes, placed: placed, manifests: ["Package.swift": .versions(base: base, head: head)], lockfiles: [:], graph: Fixture.graph)
    }

    @Test func aDeletedScriptBesideARootManifestChangeRunsEverything() {
        #expect(withDependency != before)
        let analysis = analyse([FileChange(.modified, path: "Package.swift"), FileChange(.deleted, path: "scripts/bench-alloc-counter.sh")],
                               base: before, head: withDependency)
        #expect(analysis.everythingReasons == ["scripts/bench-alloc-counter.sh is outside every target"])
        #expect(analysis.ignored.isEmpty)
        #expect(AffectedSelection.select(in: Fixture.graph, analysis: analysis).runsEverything)
    }

    @Test func theSameScriptDeletedAloneRunsEverythingToo() {
        let analysis = analyse([FileChange(.deleted, path: "scripts/bench-alloc-counter.sh")], base: before, head: before)
        #expect(analysis.everythingReasons == ["scripts/bench-alloc-counter.sh is outside every target"])
    }

    @Test func aFileOfATargetTheManifestRemovedLeftWithIt() {
        let base = Fixture.appDump(targets: String(Fixture.appTargets.dropLast()) + #",{"name":"Pictures","type":"regular","dependencies":[]}]"#)
        let analysis = analyse([FileChange(.modified, path: "Package.swift"), FileChange(.deleted, path: "Sources/Pictures/Cache.swift"),
                                FileChange(.deleted, path: "Sources/Gallery/Old.swift")], base: base, head: before)
        #expect(analysis.ignored == ["Sources/Pictures/Cache.swift (gone with target Pictures, which Package.swift removed)"])
        // A file in a folder no base target had is not explained by the manifest.
        #expect(analysis.everythingReasons == ["Sources/Gallery/Old.swift is outside every target"])
    }

    @Test func aFileOfATargetTheManifestMovedLeftWithIt() {
        let base = Fixture.appDump(targets: Fixture.appTargets.replacingOccurrences(of: #""name":"Images""#, with: #""name":"Images","path":"Legacy/Images""#))
        let analysis = analyse([FileChange(.modified, path: "Package.swift"),
                                FileChange(.renamed(from: "Legacy/Images/Cache.swift"), path: "Sources/Images/Cache.swift")], base: base, head: before)
        #expect(analysis.everythingReasons.isEmpty)
        #expect(analysis.ignored == ["Legacy/Images/Cache.swift (gone with target Images, which Package.swift moved)"])
        #expect(Set(analysis.seeds.map(\.target)) == [Fixture.id("Images")])
    }

    @Test func aFileThatStillExistsIsNeverGone() {
        let analysis = analyse([FileChange(.modified, path: "Package.swift"), FileChange(.modified, path: "scripts/bench.sh")], base: before, head: withDependency)
        #expect(analysis.everythingReasons == ["scripts/bench.sh is outside every target"])
    }

    /// swift-nio's `Benchmarks/` package is not loaded: editing its manifest and editing its
    /// sources agree (every test runs), and the reason says what the manifest is.
    @Test func aPackageNotLoadedRunsEverythingWhetherItsManifestOrItsSourcesChange() {
        let manifest = analyse([FileChange(.modified, path: "Benchmarks/Package.swift")], base: before, head: before)
        #expect(manifest.everythingReasons == ["Benchmarks/Package.swift is the manifest of a package Bulkhead did not load, outside every target"])
        #expect(manifest.ignored.isEmpty)
        let source = analyse([FileChange(.modified, path: "Benchmarks/Benchmarks/Alloc/main.swift")], base: before, head: before)
        #expect(source.everythingReasons == ["Benchmarks/Benchmarks/Alloc/main.swift is outside every target"])
    }

    @Test func aRemovedPackageNoOneLoadsSelectsNothing() {
        let analysis = analyse([FileChange(.deleted, path: "Old/Package.swift"), FileChange(.deleted, path: "Old/Sources/A/A.swift")], base: before, head: before)
        #expect(analysis.everythingReasons.isEmpty)
        #expect(analysis.ignored == ["Old/Package.swift (its package was removed)", "Old/Sources/A/A.swift (gone with its package: Old/Package.swift was removed)"])
    }

    @Test func bulkheadsConfigurationAndBaselineSelectNothingAndSaySo() {
        let layout = RepositoryLayout(top: "/repo", packageFolders: Fixture.layout.packageFolders, bulkheadFiles: [
            "/repo/bulkhead.json": "Bulkhead's configuration", "/repo/bulkhead-baseline.json": "Bulkhead's baseline",
        ])
        let analysis = analyse([FileChange(.added, path: "bulkhead.json"), FileChange(.modified, path: "bulkhead-baseline.json")],
                               base: before, head: before, layout: layout)
        let selection = AffectedSelection.select(in: Fixture.graph, analysis: analysis)
        #expect(!selection.runsEverything && selection.selected.isEmpty)
        #expect(AffectedExplanation.text(selection, analysis: analysis, graph: Fixture.graph) == """
            No test is affected.
            ignored: bulkhead.json: Bulkhead's configuration, no code
            ignored: bulkhead-baseline.json: Bulkhead's baseline, no code

            """)
    }
}
