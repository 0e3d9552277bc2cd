// swift-tools-version:5.9
import PackageDescription

// Does not compile: `dependencies:` takes a list, not a number.
let package = Package(
    name: "Broken",
    products: [
        .library(name: "BrokenKit", targets: ["BrokenKit"]),
    ],
    targets: [
        .target(name: "BrokenKit", dependencies: 42),
    ]
)
