// swift-tools-version:5.9
import PackageDescription

// Loads; depends on Broken, whose manifest does not compile: that dependency stays unresolved.
let package = Package(
    name: "App",
    dependencies: [
        .package(path: "../Broken"),
    ],
    targets: [
        .target(name: "AppCore"),
        .target(name: "AppFeature", dependencies: [
            .product(name: "BrokenKit", package: "Broken"),
        ]),
    ]
)
