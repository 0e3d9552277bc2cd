// swift-tools-version: 6.0
import PackageDescription

// The composition root: depends on both other packages, one product each.
let package = Package(
    name: "App",
    dependencies: [
        .package(path: "../Features"),
        .package(path: "../Core"),
    ],
    targets: [
        .executableTarget(name: "AppMain", dependencies: [
            .product(name: "Search", package: "Features"),
            .product(name: "Profile", package: "Features"),
            .product(name: "CoreKit", package: "Core"),
        ]),
    ]
)
