// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Timeline",
    products: [.library(name: "Timeline", targets: ["Timeline"])],
    dependencies: [
        .package(path: "../StatusKit"),
        .package(path: "../DesignSystem"),
        .package(path: "../Env"),
        .package(path: "../Models"),
    ],
    targets: [.target(name: "Timeline", dependencies: ["StatusKit", "DesignSystem", "Env", "Models"])]
)
