// swift-tools-version:5.9
import PackageDescription

// Networking's product is forced static; Logging's is automatic. Both are linked statically into
// whichever image declares them.
let package = Package(
    name: "Modules",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Networking", type: .static, targets: ["Networking"]),
        .library(name: "Logging", targets: ["Logging"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Logging"),
    ]
)
