// swift-tools-version: 6.0
import PackageDescription

// `#if` decided per platform and configuration: an iOS-only package whose sources import
// undeclared modules under `#if os(macOS)`, `#if DEBUG`, a `.define` that holds on iOS only, and
// a `canImport` of a module nobody knows.
let package = Package(
    name: "PlatformConditions",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    targets: [
        .target(name: "App", dependencies: ["Core"]),
        .target(name: "Settings", dependencies: ["Core"], swiftSettings: [.define("INTERNAL_MENU", .when(platforms: [.iOS]))]),
        .target(name: "Core"),
        .target(name: "MacOnly"),
        .target(name: "FeatureTesting"),
    ]
)
