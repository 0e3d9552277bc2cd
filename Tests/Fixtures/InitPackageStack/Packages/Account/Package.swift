// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Account",
    products: [.library(name: "Account", targets: ["Account"])],
    dependencies: [
        .package(path: "../StatusKit"),
        .package(path: "../DesignSystem"),
        .package(path: "../Env"),
        .package(path: "../Models"),
        .package(path: "../NetworkClient"),
    ],
    targets: [.target(name: "Account", dependencies: ["StatusKit", "DesignSystem", "Env", "Models", "NetworkClient"])]
)
