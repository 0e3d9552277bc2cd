// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Settings",
    dependencies: [
        .package(path: "../Account"),
        // A vendored package this checkout does not contain (a submodule not initialised, say).
        .package(path: "../../Vendor/SharedDesign"),
    ],
    targets: [
        .target(name: "SettingsKit", dependencies: [
            .product(name: "AccountKit", package: "Account"),
            .product(name: "DesignTokens", package: "SharedDesign"),
        ]),
    ]
)
