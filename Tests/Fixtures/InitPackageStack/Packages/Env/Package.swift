// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Env",
    products: [.library(name: "Env", targets: ["Env"])],
    dependencies: [
        .package(path: "../Models"),
        .package(path: "../NetworkClient"),
    ],
    targets: [.target(name: "Env", dependencies: ["Models", "NetworkClient"])]
)
