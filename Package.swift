// swift-tools-version: 6.2
import PackageDescription

// The module arrows, which bulkhead.json states again so Bulkhead can check itself:
//   bulkhead → BulkheadCLI → Inputs, Rules, Configuration, Reporting, ModuleGraph, ImportScanning, Diagnostics
//   Rules → Configuration, ModuleGraph, ImportScanning, Diagnostics
//   Configuration → ModuleGraph, Diagnostics
//   Reporting → ModuleGraph, Diagnostics
//   Inputs → ModuleGraph, ImportScanning, Diagnostics
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
        .target(name: "BulkheadCLI", dependencies: ["Inputs", "Rules", "Configuration", "Reporting", "ModuleGraph", "ImportScanning", "Diagnostics"]),
        .target(name: "Rules", dependencies: ["Configuration", "ModuleGraph", "ImportScanning", "Diagnostics"]),
        .target(name: "Configuration", dependencies: ["ModuleGraph", "Diagnostics"]),
        .target(name: "Reporting", dependencies: ["ModuleGraph", "Diagnostics"]),
        .target(name: "Inputs", dependencies: ["ModuleGraph", "ImportScanning", "Diagnostics"]),
        .target(name: "ModuleGraph"),
        // Benchmarks that need the modules themselves (never run as tests).
        .executableTarget(name: "selection-benchmark", dependencies: ["ModuleGraph"], path: "Benchmarks/Selection"),
        .target(name: "ImportScanning"),
        .target(name: "Diagnostics"),

        // Test helpers shared by the test targets: fixture paths and copies.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ImportScanningTests", dependencies: ["ImportScanning", "Inputs", "TestSupport"]),
        .testTarget(name: "InputsTests", dependencies: ["Inputs", "ModuleGraph", "TestSupport"]),
        .testTarget(name: "ModuleGraphTests", dependencies: ["ModuleGraph"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "ModuleGraph"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Configuration", "ModuleGraph", "ImportScanning", "Diagnostics"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "ModuleGraph", "Inputs", "Diagnostics", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "BulkheadCLITests", dependencies: ["BulkheadCLI", "Diagnostics"], exclude: ["Snapshots"]),
        .testTarget(name: "EndToEndTests", dependencies: ["bulkhead", "Inputs"]),
    ]
)
