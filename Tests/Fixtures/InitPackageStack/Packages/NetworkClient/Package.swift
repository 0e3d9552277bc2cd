// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "NetworkClient",
    products: [.library(name: "NetworkClient", targets: ["NetworkClient"])],
    dependencies: [
        .package(path: "../Models"),
    ],
    targets: [.target(name: "NetworkClient", dependencies: ["Models"])]
)
