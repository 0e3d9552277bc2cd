// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Explore",
    products: [.library(name: "Explore", targets: ["Explore"])],
    dependencies: [
        .package(path: "../StatusKit"),
        .package(path: "../Timeline"),
        .package(path: "../Env"),
        .package(path: "../Models"),
    ],
    targets: [.target(name: "Explore", dependencies: ["StatusKit", "Timeline", "Env", "Models"])]
)
