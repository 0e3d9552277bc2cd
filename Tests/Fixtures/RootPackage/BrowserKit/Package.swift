// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "BrowserKit",
    products: [
        .library(name: "BrowserCore", targets: ["BrowserCore"]),
        .library(name: "BrowserUI", targets: ["BrowserUI"]),
    ],
    targets: [
        .target(name: "BrowserCore"),
        .target(name: "BrowserUI", dependencies: ["BrowserCore"]),
        .testTarget(name: "BrowserCoreTests", dependencies: ["BrowserCore"]),
    ]
)
