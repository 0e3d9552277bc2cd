// swift-tools-version:6.2
import PackageDescription

// Builds Flags with the traits it asks for (Full, which enables Logging), not Flags' defaults;
// one request holds only under a trait of App's that is off.
let package = Package(
    name: "App",
    products: [.library(name: "App", targets: ["App"])],
    traits: [
        .default(enabledTraits: ["Verbose"]),
        .trait(name: "Verbose"),
        .trait(name: "Quiet"),
    ],
    dependencies: [
        .package(path: "../Flags", traits: ["Full", .trait(name: "Unused", condition: .when(traits: ["Quiet"]))]),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [.product(name: "Flags", package: "Flags")],
            swiftSettings: [
                .define("APP_VERBOSE", .when(traits: ["Verbose"])),
                .define("APP_QUIET", .when(traits: ["Quiet"])),
            ]),
    ]
)
