// swift-tools-version: 6.0
import PackageDescription

// The module arrows, which bulkhead.json states again so Bulkhead can check itself:
//   bulkhead → BulkheadCLI → Inputs, ImportScanning, Diagnostics
//   Inputs → Diagnostics
//   ImportScanning and Diagnostics depend on nothing.
let package = Package(
    name: "Bulkhead",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bulkhead", targets: ["bulkhead"]),
    ],
    targets: [
        .executableTarget(name: "bulkhead", dependencies: ["BulkheadCLI"]),
        .target(name: "BulkheadCLI", dependencies: ["Inputs", "ImportScanning", "Diagnostics"]),
        .target(name: "Inputs", dependencies: ["Diagnostics"]),
        .target(name: "ImportScanning"),
        .target(name: "Diagnostics"),

        .testTarget(name: "ImportScanningTests", dependencies: ["ImportScanning", "Inputs"]),
        .testTarget(name: "InputsTests", dependencies: ["Inputs"]),
        .testTarget(name: "BulkheadCLITests", dependencies: ["BulkheadCLI", "Inputs"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["bulkhead", "Inputs"],
            exclude: []
        ),
    ]
)
