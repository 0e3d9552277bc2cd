// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "StatusKit",
    products: [.library(name: "StatusKit", targets: ["StatusKit"])],
    dependencies: [
        .package(path: "../DesignSystem"),
        .package(path: "../Env"),
        .package(path: "../Models"),
        .package(path: "../NetworkClient"),
    ],
    targets: [.target(name: "StatusKit", dependencies: ["DesignSystem", "Env", "Models", "NetworkClient"])]
)
