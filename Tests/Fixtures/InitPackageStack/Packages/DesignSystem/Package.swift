// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "DesignSystem",
    products: [.library(name: "DesignSystem", targets: ["DesignSystem"])],
    dependencies: [
        .package(path: "../Env"),
        .package(path: "../Models"),
    ],
    targets: [.target(name: "DesignSystem", dependencies: ["Env", "Models"])]
)
