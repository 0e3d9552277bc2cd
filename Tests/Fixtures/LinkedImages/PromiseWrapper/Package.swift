// swift-tools-version:5.9
import PackageDescription

// The fix for a library held twice: one `.dynamic` product whose only source re-exports it, linked
// by the app and by its framework instead of the library itself.
let package = Package(
    name: "PromiseWrapper",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "PromisesDynamic", type: .dynamic, targets: ["PromisesDynamic"]),
    ],
    dependencies: [
        .package(url: "https://github.com/mxcl/PromiseKit.git", from: "8.0.0"),
    ],
    targets: [
        .target(name: "PromisesDynamic", dependencies: [.product(name: "PromiseKit", package: "PromiseKit")]),
    ]
)
