// swift-tools-version: 6.0
import PackageDescription

// The app's local package: one core module, one analytics module, one feature with its
// interface. The app links AppModules; the widget extension links WidgetModules only.
let package = Package(
    name: "Modules",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AppModules", targets: ["Search", "SearchInterface"]),
        .library(name: "WidgetModules", targets: ["SearchInterface"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Analytics", targets: ["Analytics"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Analytics"),
        .target(name: "SearchInterface"),
        .target(name: "Search", dependencies: ["SearchInterface", "Networking"]),
        .testTarget(name: "SearchTests", dependencies: ["Search"]),
    ]
)
