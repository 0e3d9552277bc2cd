// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Account",
    products: [.library(name: "AccountKit", targets: ["AccountKit"])],
    dependencies: [
        .package(path: "../../BrowserKit"),
    ],
    targets: [
        .target(name: "AccountKit", dependencies: [
            .product(name: "BrowserCore", package: "BrowserKit"),
            .product(name: "BrowserUI", package: "BrowserKit"),
        ]),
        .testTarget(name: "AccountKitTests", dependencies: ["AccountKit"]),
    ]
)
