// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Tools",
    dependencies: [
        .package(path: "../Kit"),
    ],
    targets: [
        .executableTarget(name: "SyncTool", dependencies: [
            .product(name: "NetworkKit", package: "Kit"),
            .product(name: "StoreKit", package: "Kit"),
        ]),
    ]
)
