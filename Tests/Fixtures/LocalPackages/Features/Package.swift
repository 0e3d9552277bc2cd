// swift-tools-version: 6.0
import PackageDescription

// Features uses Core through its product; the Search target's dependency on Networking crosses
// packages. Its Legacy-Bridge target exists only on iOS builds of Search.
let package = Package(
    name: "Features",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Search", targets: ["Search"]),
        .library(name: "Profile", targets: ["Profile"]),
    ],
    dependencies: [
        .package(path: "../Core"),
    ],
    targets: [
        .target(name: "Search", dependencies: [
            .product(name: "CoreKit", package: "Core"),
            .target(name: "Legacy-Bridge", condition: .when(platforms: [.iOS])),
        ]),
        .target(name: "Profile", dependencies: [.product(name: "CoreKit", package: "Core")]),
        .target(name: "Legacy-Bridge"),
        .testTarget(name: "SearchTests", dependencies: ["Search"]),
    ]
)
