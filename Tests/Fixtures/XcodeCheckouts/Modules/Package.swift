// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Modules",
    products: [.library(name: "Feature", targets: ["Feature"])],
    dependencies: [.package(url: "https://github.com/example/swift-kit.git", from: "1.0.0")],
    targets: [
        .target(name: "Feature", dependencies: [.product(name: "Kit", package: "swift-kit")]),
        .target(name: "Plain"),
    ]
)
