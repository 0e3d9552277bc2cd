// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "swift-kit",
    products: [.library(name: "Kit", targets: ["Kit", "KitCore"])],
    targets: [.target(name: "Kit", dependencies: ["KitCore"]), .target(name: "KitCore")]
)
