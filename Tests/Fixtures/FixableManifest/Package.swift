// swift-tools-version: 6.0
import PackageDescription

// check --fix: App imports Storage without declaring it and declares Legacy without importing
// it (a multi-line list); Search imports Networking and Models with an empty list; Networking
// imports Models and has no dependencies argument. `bulkhead check --fix` must leave `check`
// clean and `swift package describe` working.
let package = Package(
    name: "FixableManifest",
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                "Models",
                "Legacy",
                .target(name: "Search"),
            ]
        ),
        .target(name: "Models"),
        .target(name: "Storage", dependencies: ["Models"]),
        .target(name: "Legacy"),
        .target(name: "Search", dependencies: []),
        .target(name: "Networking"),
    ]
)
