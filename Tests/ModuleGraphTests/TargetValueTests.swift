import Testing
@testable import ModuleGraph

/// `Target` keeps its fields behind one shared reference; it must still behave as a value.
@Suite(.tags(.small)) struct TargetValueTests {
    static let original = Target(id: TargetID(package: "app", name: "Feature"), kind: .library, moduleName: "Feature", path: "Sources/Feature",
                                 sources: ["A.swift"], settings: [BuildSetting(tool: "swift", kind: "define", values: ["FLAG"])],
                                 dependencies: [DependencyEdge(.target(TargetID(package: "app", name: "Core")))], testHost: "App", platforms: ["ios"])

    @Test func aWrittenCopyLeavesTheOriginalAsItWas() {
        var copy = Self.original
        copy.sources.append("B.swift")
        copy.moduleName = "Renamed"
        copy.id.name = "Renamed"
        copy.dependencies.removeAll()
        copy.platforms += ["macos"]
        #expect(Self.original.sources == ["A.swift"])
        #expect(Self.original.moduleName == "Feature" && Self.original.name == "Feature")
        #expect(Self.original.dependencies.count == 1 && Self.original.platforms == ["ios"])
        #expect(copy.sources == ["A.swift", "B.swift"] && copy.name == "Renamed" && copy.dependencies.isEmpty)
        #expect(copy.platforms == ["ios", "macos"])
        #expect(copy != Self.original)
    }

    @Test func equalFieldsAreEqualAndHashAlikeWhateverTheirHistory() {
        var remade = Target(id: TargetID(package: "app", name: "Feature"), kind: .library, moduleName: "Feature", path: "Sources/Feature")
        remade.sources = ["A.swift"]
        remade.settings = Self.original.settings
        remade.dependencies = Self.original.dependencies
        remade.testHost = "App"
        remade.platforms = ["ios"]
        #expect(remade == Self.original)
        #expect(remade.hashValue == Self.original.hashValue)
        #expect(Set([remade, Self.original]).count == 1)
        var changedBack = Self.original
        changedBack.path = "Elsewhere"
        #expect(changedBack != Self.original)
        changedBack.path = "Sources/Feature"
        #expect(changedBack == Self.original)
    }

    @Test func aCopyWrittenOnAnotherThreadLeavesTheSharedOneAlone() async {
        let shared = Self.original
        let written = await withTaskGroup(of: Target.self) { group in
            for index in 0..<8 {
                group.addTask {
                    var mine = shared
                    for step in 0..<200 { mine.sources.append("\(index)-\(step).swift") }
                    return mine
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(shared == Self.original)
        #expect(written.allSatisfy { $0.sources.count == 201 && $0.sources.first == "A.swift" })
    }
}
