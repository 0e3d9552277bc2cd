// swift-tools-version: 6.0
import PackageDescription

// One of three local packages wired by `.package(path:)`: Core has no dependencies.
let package = Package(
    name: "Core",
    products: [
        .library(name: "CoreKit", targets: ["Models", "Networking"]),
    ],
    targets: [
        .target(name: "Models"),
        .target(name: "Networking", dependencies: ["Models"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking"]),
    ]
)
