// swift-tools-version:5.9
import PackageDescription

// Two libraries with automatic products: linked statically into whichever image declares them.
let package = Package(
    name: "Modules",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Logging", targets: ["Logging"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Logging"),
    ]
)
