import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing

@Suite(.tags(.small)) struct ManifestImpactTests {
    typealias Fixture = SelectionFixture
    let now = Fixture.appDump(targets: Fixture.appTargets)

    /// The seeds a change of the app's manifest from `base` to today plants, as "Target: reason".
    func seeds(from base: ManifestVersion, to head: ManifestVersion? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let impact = ManifestImpact.of(.versions(base: base, head: head ?? now), package: "app", path: "Package.swift", graph: Fixture.graph)
        guard case .seeds(let seeds, _) = impact else {
            Issue.record("expected seeds, got \(impact)", sourceLocation: sourceLocation)
            return []
        }
        #expect(seeds.allSatisfy { $0.file == "Package.swift" }, sourceLocation: sourceLocation)
        return seeds.map { "\($0.target.name): \($0.reason)" }
    }

    func targets(_ text: String, replacing old: String, with new: String) -> String {
        text.replacingOccurrences(of: old, with: new)
    }

    @Test func anUnchangedManifestEvaluatedElsewhereChangesNothing() {
        #expect(seeds(from: Fixture.appDump(targets: Fixture.appTargets, kitPath: "/tmp/scratch/repo/Kit", in: "/tmp/scratch/repo")) == [])
    }

    @Test func aChangedDependencyListChangesThatTargetOnly() {
        let base = Fixture.appDump(targets: targets(Fixture.appTargets, replacing: #"[{"byName":["FeatureInterface",null]},{"product""#,
                                                    with: #"[{"product""#))
        #expect(seeds(from: base) == ["Feature: declaration changed: dependencies"])
    }

    @Test func anAddedTargetIsChanged() {
        let base = Fixture.appDump(targets: targets(Fixture.appTargets, replacing: #"{"name":"FeatureInterface","type":"regular","dependencies":[]},"#, with: ""))
        #expect(seeds(from: base) == ["FeatureInterface: declaration changed: added"])
    }

    @Test func aRemovedTargetChangesTheTargetsThatNamedIt() {
        // At the base, App also used Legacy; today Legacy is gone and App no longer names it.
        let base = Fixture.appDump(targets: targets(Fixture.appTargets, replacing: #""executable","dependencies":[{"byName":["Feature",null]}]},"#,
                                                    with: #""executable","dependencies":[{"byName":["Feature",null]},{"byName":["Legacy",null]}]},{"name":"Legacy","type":"regular"},"#))
        #expect(seeds(from: base) == ["App: declaration changed: dependencies"])
    }

    @Test func aRenamedTargetIsAddedAndItsUsersChanged() {
        let base = Fixture.appDump(targets: Fixture.appTargets.replacingOccurrences(of: "\"Images\"", with: "\"Pictures\""))
        #expect(seeds(from: base) == ["Images: declaration changed: added", "ImagesTests: declaration changed: dependencies"])
    }

    @Test func aPackageWideChangeChangesEveryTargetOfThePackage() {
        let base = Fixture.appDump(targets: Fixture.appTargets, platforms: #"[{"platformName":"ios","version":"16.0"}]"#)
        #expect(seeds(from: base).sorted() == ["App", "Feature", "FeatureInterface", "FeatureTests", "Images", "ImagesTests"].map { "\($0): package settings changed: platforms" })
    }

    @Test func aChangedProductChangesItsUsersInOtherPackages() {
        let kitTargets = #"[{"name":"Core","type":"regular"},{"name":"Utilities","type":"regular"},{"name":"CoreTests","type":"test"}]"#
        func kit(_ productTargets: String) -> ManifestVersion {
            ManifestVersion(dump: Data(#"{"name":"Kit","products":[{"name":"KitProduct","targets":\#(productTargets)}],"targets":\#(kitTargets)}"#.utf8), folder: "/repo/Kit")
        }
        let impact = ManifestImpact.of(.versions(base: kit(#"["Core"]"#), head: kit(#"["Core","Utilities"]"#)), package: "kit", path: "Kit/Package.swift", graph: Fixture.graph)
        #expect(impact == .seeds([ChangeSeed(target: Fixture.id("Feature"), file: "Kit/Package.swift", reason: "product KitProduct changed")]))
    }

    @Test func aChangedRequirementChangesThePackagesOwnUsersOfIt() {
        let base = Fixture.appDump(targets: Fixture.appTargets)
        let head = ManifestVersion(dump: Data(String(decoding: now.dump, as: UTF8.self).replacingOccurrences(of: "8.0.0", with: "8.1.0").utf8), folder: "/repo")
        #expect(seeds(from: base, to: head) == ["Images: requirement of kingfisher changed"])
        // A path dependency that moved with its folder did not change; one that moved elsewhere did.
        #expect(seeds(from: Fixture.appDump(targets: Fixture.appTargets, kitPath: "/elsewhere/Kit")) == ["Feature: requirement of kit changed"])
    }

    @Test func aNewPackageChangesEveryTargetOfIt() {
        let impact = ManifestImpact.of(.addedSinceBase, package: "kit", path: "Kit/Package.swift", graph: Fixture.graph)
        #expect(impact == .seeds(["Core", "CoreTests", "Utilities"].map { ChangeSeed(target: Fixture.id($0, "kit"), file: "Kit/Package.swift", reason: "package added") }))
    }

    @Test(arguments: [
        (ManifestEvidence.noBase, "Package.swift changed and there is no --base to compare it with"),
        (.headUnreadable, "Package.swift changed and its current manifest could not be read"),
        (.baseNotShown(reason: "fatal: bad object"), "Package.swift changed and git could not show it at the base: fatal: bad object"),
        (.noScratchFolder, "Package.swift changed and no scratch folder could be made to evaluate its base"),
        (.baseNotEvaluated, "Package.swift changed and its version at the base could not be evaluated"),
        (.versions(base: ManifestVersion(dump: Data("not json".utf8), folder: "/b"), head: Fixture.appDump(targets: "[]")),
         "Package.swift changed and its version at the base could not be evaluated"),
    ])
    func aManifestThatCannotBeComparedRunsEverything(evidence: ManifestEvidence, reason: String) {
        #expect(ManifestImpact.of(evidence, package: "app", path: "Package.swift", graph: Fixture.graph) == .everything(reason: reason))
    }
}
