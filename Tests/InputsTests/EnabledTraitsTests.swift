import Testing
@testable import PackageLoading

/// Which traits each package builds with (`swift build -v` of SwiftPM 6.3 showed each answer).
@Suite(.tags(.small)) struct EnabledTraitsTests {
    static let library: [ManifestDump.DeclaredTrait] = [
        .init(name: "default", enabledTraits: ["Fast"]), .init(name: "Fast", enabledTraits: []),
        .init(name: "Full", enabledTraits: ["Logging"]), .init(name: "Logging", enabledTraits: []), .init(name: "Unused", enabledTraits: []),
    ]
    static let app: [ManifestDump.DeclaredTrait] = [
        .init(name: "default", enabledTraits: ["Verbose"]), .init(name: "Verbose", enabledTraits: []), .init(name: "Quiet", enabledTraits: []),
    ]

    @Test func aPackageNobodyDependsOnBuildsWithItsDefaults() {
        let enabled = EnabledTraits.resolve([.init(identity: "lib", declared: Self.library, requests: [])])
        #expect(enabled["lib"] == ["Fast"])
    }

    /// The dependent's request replaces the defaults; a trait brings the traits it enables; a
    /// request under a trait of the dependent's that is off is not made.
    @Test func aDependencyBuildsWithWhatItsDependentsAskFor() {
        let requests: [ManifestDump.TraitRequest] = [.init(name: "Full", condition: nil), .init(name: "Unused", condition: ["Quiet"])]
        let enabled = EnabledTraits.resolve([
            .init(identity: "lib", declared: Self.library, requests: []),
            .init(identity: "app", declared: Self.app, requests: [("lib", requests)]),
        ])
        #expect(enabled["app"] == ["Verbose"])
        #expect(enabled["lib"] == ["Full", "Logging"])
    }

    /// A dependent that names no traits asks for the defaults; dependents' asks are united;
    /// `traits: []` asks for none.
    @Test func dependentsAsksAreUnited() {
        let enabled = EnabledTraits.resolve([
            .init(identity: "lib", declared: Self.library, requests: []),
            .init(identity: "a", declared: [], requests: [("lib", nil)]),
            .init(identity: "b", declared: [], requests: [("lib", [.init(name: "Unused", condition: nil)])]),
            .init(identity: "c", declared: [], requests: [("other", [])]),
            .init(identity: "other", declared: Self.library, requests: []),
        ])
        #expect(enabled["lib"] == ["Fast", "Unused"])
        #expect(enabled["other"] == [])
    }

    /// Packages on a cycle (which SwiftPM refuses) take their defaults; nothing loops.
    @Test func aCycleEndsWithTheDefaults() {
        let enabled = EnabledTraits.resolve([
            .init(identity: "x", declared: Self.library, requests: [("y", [])]),
            .init(identity: "y", declared: Self.app, requests: [("x", [])]),
        ])
        #expect(enabled["x"] == ["Fast"])
        #expect(enabled["y"] == ["Verbose"])
    }

    @Test func aConditionHoldsWhenAnyOfItsTraitsIsOn() {
        #expect(EnabledTraits.holds(nil, enabled: []))
        #expect(EnabledTraits.holds(["A", "B"], enabled: ["B"]))
        #expect(!EnabledTraits.holds(["A"], enabled: ["B"]))
    }
}
