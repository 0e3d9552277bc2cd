// swift-tools-version: 5.9
import PackageDescription

// Proves that a binary target's module is read from its artifact, not taken from its name: the
// PaymentSDK xcframework holds PaymentKit.framework, whose module map declares PaymentKit, which
// Checkout imports. Without the artifact the module is unknown, and the import is a note that
// names PaymentSDK as what may provide it.
let package = Package(
    name: "RenamedBinaryModule",
    targets: [
        .binaryTarget(name: "PaymentSDK", path: "Binaries/PaymentSDK.xcframework"),
        .target(name: "Checkout", dependencies: ["PaymentSDK"]),
    ]
)
