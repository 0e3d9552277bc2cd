// swift-tools-version:4.2
import PackageDescription

// Tools 4.2 builds in Swift 4.2 mode: swift(>=5) is false here.
let package = Package(
    name: "Legacy",
    targets: [.target(name: "Legacy")]
)
