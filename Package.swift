// swift-tools-version: 6.2
import PackageDescription

// The module arrows, which bulkhead.json states again so Bulkhead can check itself:
//   bulkhead → BulkheadCLI → Inputs, Rules, Reporting, ModuleGraph, ImportScanning, Diagnostics
//   Rules → ModuleGraph, ImportScanning, Diagnostics
//   Reporting → ModuleGraph, Diagnostics
//   Inputs → ModuleGraph
//   ModuleGraph, ImportScanning and Diagnostics depend on nothing.
let package = Package(
    name: "Bulkhead",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bulkhead", targets: ["bulkhead"]),
        .plugin(name: "BulkheadPlugin", targets: ["BulkheadPlugin"]),
    ],
    targets: [
        .executableTarget(name: "bulkhead", dependencies: ["BulkheadCLI"]),
        // `swift package bulkhead check` in any package that depends on Bulkhead.
        .plugin(
            name: "BulkheadPlugin",
            capability: .command(intent: .custom(verb: "bulkhead", description: "Check the package's architecture rules with Bulkhead.")),
            dependencies: ["bulkhead"]),
        .target(name: "BulkheadCLI", dependencies: ["Inputs", "Rules", "Reporting", "ModuleGraph", "ImportScanning", "Diagnostics"]),
        .target(name: "Rules", dependencies: ["ModuleGraph", "ImportScanning", "Diagnostics"]),
        .target(name: "Reporting", dependencies: ["ModuleGraph", "Diagnostics"]),
        .target(name: "Inputs", dependencies: ["ModuleGraph"]),
        .target(name: "ModuleGraph"),
        // Benchmarks that need the modules themselves (never run as tests).
        .executableTarget(name: "selection-benchmark", dependencies: ["ModuleGraph"], path: "Benchmarks/Selection"),
        .target(name: "ImportScanning"),
        .target(name: "Diagnostics"),

        // Test helpers shared by the test targets: fixture paths and copies.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ImportScanningTests", dependencies: ["ImportScanning", "Inputs", "TestSupport"]),
        .testTarget(name: "InputsTests", dependencies: ["Inputs", "ModuleGraph", "TestSupport"]),
        .testTarget(name: "ModuleGraphTests", dependencies: ["ModuleGraph", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "ModuleGraph", "ImportScanning", "Diagnostics", "TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "ModuleGraph", "Inputs", "Diagnostics", "TestSupport"]),
        .testTarget(name: "BulkheadCLITests", dependencies: ["BulkheadCLI", "Diagnostics", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "EndToEndTests", dependencies: ["bulkhead", "Inputs", "TestSupport"]),
    ]
)
