// swift-tools-version:5.9
import PackageDescription

// A stand-in for a checked-out remote package: one umbrella product over two modules.
let package = Package(
    name: "swift-tools-kit",
    products: [
        .library(name: "ToolsKit-auto", targets: ["ToolsBasic", "ToolsUtility"]),
        .library(name: "ToolsBasic", targets: ["ToolsBasic"]),
    ],
    targets: [
        .target(name: "ToolsBasic"),
        .target(name: "ToolsUtility", dependencies: ["ToolsBasic"]),
    ]
)
