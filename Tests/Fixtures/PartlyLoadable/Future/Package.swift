// swift-tools-version:999.0
import PackageDescription

// Declares a tools version no toolchain has: it cannot load, and the rest of the repository is checked.
let package = Package(
    name: "Future",
    targets: [
        .target(name: "Future"),
    ]
)
