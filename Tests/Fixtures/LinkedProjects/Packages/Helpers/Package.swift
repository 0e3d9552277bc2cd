// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Helpers",
    products: [.library(name: "Helpers", targets: ["Helpers"])],
    targets: [.target(name: "Helpers")]
)
