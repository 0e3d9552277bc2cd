// swift-tools-version: 6.0
import PackageDescription

// Declarations made twice over, each beside a near miss that is not.
let package = Package(
    name: "Shop",
    dependencies: [
        .package(path: "Vendor"),
    ],
    targets: [
        .target(name: "Models"),
        // Re-exports Models in every build.
        .target(name: "Kit", dependencies: ["Models"]),
        // Re-exports Models on iOS only.
        .target(name: "IOSKit", dependencies: ["Models"]),
        // Redundant: Models comes through Kit's @_exported import, and Search never imports it.
        .target(name: "Search", dependencies: [
            "Kit",
            "Models",
        ]),
        // Near miss: IOSKit hands Models on only on iOS.
        .target(name: "Settings", dependencies: [
            "IOSKit",
            "Models",
        ]),
        // Near miss: Kit is declared for iOS only, Models for every platform.
        .target(name: "Profile", dependencies: [
            .target(name: "Kit", condition: .when(platforms: [.iOS])),
            "Models",
        ]),
        // Redundant: PaymentsKit vends Payments too.
        .target(name: "Checkout", dependencies: [
            .product(name: "Payments", package: "Vendor"),
            .product(name: "PaymentsKit", package: "Vendor"),
        ]),
        // Near miss: two products of different modules.
        .target(name: "Cart", dependencies: [
            .product(name: "Payments", package: "Vendor"),
            .product(name: "Receipts", package: "Vendor"),
        ]),
        // Redundant: a byName dependency and a product naming the same product.
        .target(name: "Orders", dependencies: [
            "Payments",
            .product(name: "Payments", package: "Vendor"),
        ]),
        // Redundant: the same target twice.
        .target(name: "History", dependencies: ["Models", "Models"]),
    ]
)
