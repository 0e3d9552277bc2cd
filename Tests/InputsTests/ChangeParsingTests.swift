import Foundation
import TestSupport
import Testing
@testable import Inputs

@Suite(.tags(.small)) struct ChangeParsingTests {
    @Test func readsNameStatusWithRenamesAndOddNames() {
        let output = "M\0Sources/A.swift\0R087\0Sources/Old Name.swift\0Sources/New\tName.swift\0D\0gone.swift\0A\0new.swift\0"
        #expect(GitRepository.parseNameStatus(output) == [
            FileChange(status: "M", path: "Sources/A.swift"),
            FileChange(status: "R", path: "Sources/New\tName.swift", previousPath: "Sources/Old Name.swift"),
            FileChange(status: "D", path: "gone.swift"),
            FileChange(status: "A", path: "new.swift"),
        ])
        #expect(GitRepository.parseNameStatus(output)[1].paths == ["Sources/Old Name.swift", "Sources/New\tName.swift"])
    }

    @Test func readsEveryPackageResolvedFormat() {
        let version2 = Data(#"{"pins":[{"identity":"kingfisher","kind":"remoteSourceControl","location":"u","state":{"revision":"a","version":"8.0.0"}}],"version":2}"#.utf8)
        let version1 = Data(#"{"object":{"pins":[{"package":"KingfisherName","repositoryURL":"https://github.com/onevcat/Kingfisher.git","state":{"branch":null,"revision":"a","version":"8.0.0"}}]},"version":1}"#.utf8)
        #expect(PackageResolved.pins(version2) == ["kingfisher": "a 8.0.0"])
        #expect(PackageResolved.pins(version1) == ["kingfisher": "a 8.0.0"])
        #expect(PackageResolved.pins(Data("nonsense".utf8)) == nil)
        let moved = Data(#"{"pins":[{"identity":"kingfisher","state":{"revision":"b","version":"8.0.1"}},{"identity":"nuke","state":{"revision":"c"}}],"version":3}"#.utf8)
        #expect(PackageResolved.changedIdentities(base: version2, head: moved) == ["kingfisher", "nuke"])
        #expect(PackageResolved.changedIdentities(base: nil, head: version2) == ["kingfisher"])
        #expect(PackageResolved.changedIdentities(base: Data("{".utf8), head: version2) == nil)
    }

    @Test func comparesManifestDumpsByTarget() throws {
        func dump(_ targets: String, products: String = "[]", platforms: String = "[]", dependencyPath: String = "/base/Core") -> Data {
            Data(#"{"name":"P","packageKind":{"root":["/somewhere"]},"platforms":\#(platforms),"products":\#(products),"dependencies":[{"fileSystem":[{"identity":"core","path":"\#(dependencyPath)"}]}],"targets":\#(targets)}"#.utf8)
        }
        let base = dump(#"[{"name":"A","type":"regular","settings":[]},{"name":"B","type":"regular","dependencies":[]}]"#)
        let head = dump(#"[{"name":"A","type":"regular","settings":[{"tool":"swift"}]},{"name":"B","type":"regular","dependencies":[]},{"name":"C","type":"test"}]"#,
                        dependencyPath: "/head/Core")
        let comparison = try #require(ManifestComparison.compare(base: base, baseFolder: "/base/P", head: head, headFolder: "/head/P"))
        #expect(comparison.targets == ["A": ["settings"], "C": ["added"]])
        #expect(comparison.dependencies.isEmpty, "the path dependency moved with its folder, so it did not change")
        #expect(comparison.packageWide.isEmpty, "packageKind names the folder and is ignored")
        let platforms = try #require(ManifestComparison.compare(base: base, baseFolder: "/base/P", head: dump(#"[{"name":"A","type":"regular","settings":[]},{"name":"B","type":"regular","dependencies":[]}]"#, platforms: #"[{"platformName":"ios"}]"#, dependencyPath: "/head/Core"), headFolder: "/head/P"))
        #expect(platforms.packageWide == ["platforms"])
    }
}
