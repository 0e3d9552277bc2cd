// swift-tools-version:5.9
import PackageDescription

// Two `.dynamic` products that share a target: NetworkKit holds Networking, and so does StoreKit,
// through Store. A process that loads both holds Networking twice.
let package = Package(
    name: "Kit",
    products: [
        .library(name: "NetworkKit", type: .dynamic, targets: ["Networking"]),
        .library(name: "StoreKit", type: .dynamic, targets: ["Store"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Store", dependencies: ["Networking"]),
    ]
)
