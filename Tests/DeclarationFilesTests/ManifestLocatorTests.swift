import TestSupport
import Testing
@testable import DeclarationFiles

@Suite(.tags(.small)) struct ManifestLocatorTests {
    static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription
    // "SearchFeature" in a comment is not a declaration.
    func featureTarget(_ name: String, consuming interfaces: [String]) -> Target {
        .target(name: name, dependencies: interfaces.map { .byName(name: $0) })
    }
    let package = Package(
        name: "Voyage",
        targets: [
            featureTarget("SearchFeature", consuming: ["BookingInterface"]),
            featureTarget("CheckoutFeature",
                          consuming: ["BookingInterface", "SearchFeature"]),
            .target(
                name: "AppComposition",
                dependencies: ["SearchFeature", "CheckoutFeature"]
            ),
        ]
    )
    """

    @Test func findsDeclarationsMadeThroughHelpersAndDirectly() {
        let locator = ManifestLocator(text: Self.manifest)
        #expect(locator.location(ofTarget: "SearchFeature") == (10, 23))
        #expect(locator.location(ofTarget: "AppComposition") == (14, 19))
    }

    @Test func prefersTheTargetDeclarationToProductsAndDependencies() {
        let locator = ManifestLocator(text: """
        let package = Package(
            name: "P",
            products: [.library(name: "Feature", targets: ["Feature"])],
            targets: [
                .target(name: "App", dependencies: [.target(name: "Feature")]),
                /*/ "Feature" in a comment */
                .target(name: "Feature", dependencies: ["Core"]),
                .target(name: "Core"),
            ]
        )
        """)
        #expect(locator.location(ofTarget: "Feature") == (7, 23))
        #expect(locator.location(ofDependency: "Core", inTarget: "Feature") == (7, 49))
    }

    @Test func findsADependencyInsideItsTargetsCallOnly() {
        let locator = ManifestLocator(text: Self.manifest)
        #expect(locator.location(ofDependency: "SearchFeature", inTarget: "CheckoutFeature") == (12, 55))
        #expect(locator.location(ofDependency: "CheckoutFeature", inTarget: "AppComposition") == (15, 45))
        // Not named in its call: the declaration itself.
        #expect(locator.location(ofDependency: "Networking", inTarget: "SearchFeature") == (10, 23))
        #expect(locator.location(ofTarget: "Unknown") == (1, 1))
    }

    /// Decoy declarations hidden where only the scanner's cursor knows they are not code: a nested
    /// comment (the first `*/` does not end it), a raw string (`"` inside does not end it), a
    /// multi-line string, and an interpolation's string.
    @Test func ignoresDecoysInNestedCommentsRawAndMultiLineStrings() {
        let locator = ManifestLocator(text: #"""
        let notes = #"a raw string: .target(name: "Feature", dependencies: ["Core"]) "#
        /* outer /* inner */ .target(name: "Feature", dependencies: ["Core"]) */
        let more = """
            .target(name: "Feature", dependencies: ["Core"])
            """
        let package = Package(
            name: "P",
            targets: [
                .target(name: "Feature", dependencies: ["Core"]),
                .target(name: #"Core"#),
            ]
        )
        """#)
        #expect(locator.location(ofTarget: "Feature") == (9, 23))
        #expect(locator.location(ofDependency: "Core", inTarget: "Feature") == (9, 49))
        #expect(locator.location(ofTarget: "Core") == (10, 23))
    }

    @Test func readsEscapesInLiteralsAndSkipsInterpolatedOnes() {
        let locator = ManifestLocator(text: #"""
        let prefix = "Fea"
        let package = Package(
            name: "P",
            targets: [
                .target(name: "\(prefix)ture", dependencies: ["Core"]),
                .target(name: "Fe\u{61}ture"),
            ]
        )
        """#)
        #expect(locator.location(ofTarget: "Feature") == (6, 23))
    }

    @Test func acceptsBytes() {
        let locator = ManifestLocator(bytes: Array(Self.manifest.utf8))
        #expect(locator.location(ofTarget: "AppComposition") == (14, 19))
    }
}
