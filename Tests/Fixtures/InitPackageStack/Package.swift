// swift-tools-version:5.9
// Danger's manifest at the repository's root: a tool's, not the repository's code.
import PackageDescription

let package = Package(
    name: "Danger",
    products: [.library(name: "DangerDeps", type: .dynamic, targets: ["DangerDependencies"])],
    targets: [.target(name: "DangerDependencies", path: "Danger")]
)
