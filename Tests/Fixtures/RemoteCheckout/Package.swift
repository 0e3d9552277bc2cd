// swift-tools-version:5.9
import PackageDescription

// Proves that a remote product's modules come from its checkout when one is there, found
// through Package.resolved (the pin's location names the folder, not the manifest's URL), and
// that without a checkout an import the declared product may provide is not called undeclared.
let package = Package(
    name: "RemoteCheckout",
    dependencies: [
        .package(url: "https://github.com/example/swift-tools-kit.git", from: "1.0.0"),
    ],
    targets: [
        // Imports both modules of the umbrella product it declares.
        .target(name: "Driver", dependencies: [.product(name: "ToolsKit-auto", package: "swift-tools-kit")]),
        // Names the ToolsBasic product, so the graph knows a ToolsBasic module even unchecked-out.
        .target(name: "Utility", dependencies: [.product(name: "ToolsBasic", package: "swift-tools-kit")]),
        // Imports ToolsBasic and declares nothing: undeclared either way.
        .target(name: "Options"),
    ]
)
