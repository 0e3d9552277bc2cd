// swift-tools-version: 6.0
import PackageDescription

// The binary framework is built elsewhere and is not in the repository, so
// `swift package describe` fails here; Bulkhead must still load the package, from the manifest
// and SwiftPM's default paths, and say that it did.
let package = Package(
    name: "MissingBinary",
    products: [.library(name: "Checkout", targets: ["Checkout"])],
    targets: [
        .binaryTarget(name: "PaymentSDK", path: "Binaries/PaymentSDK.xcframework"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .target(name: "PaymentGateway", dependencies: ["PaymentSDK", "CZlib"], exclude: ["Notes.md"]),
        .target(name: "Checkout", dependencies: ["PaymentGateway"]),
        .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
    ]
)
