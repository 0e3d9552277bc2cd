// swift-tools-version: 6.0
import PackageDescription

// Voyage: a travel app split into five layers, one folder per layer (Sources/<Layer>/<Target>).
// Each layer has a helper below whose parameters are the only dependencies it may name, so the
// layering rule is visible in the signatures:
//   Kernel         → nothing
//   Interfaces     → Kernel
//   Infrastructure → Kernel, Interfaces, Infrastructure
//   Features       → Kernel, Interfaces
//   App            → everything
// Bulkhead checks the same table from the outside, where nobody can bypass the helpers.

let sharedSettings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

func byName(_ names: [String]) -> [Target.Dependency] {
    names.map { .byName(name: $0) }
}

/// Kernel: shared vocabulary; depends on nothing.
func kernelTarget(_ name: String) -> Target {
    .target(name: name, path: "Sources/Kernel/\(name)", swiftSettings: sharedSettings)
}

/// Interfaces: protocols and models; may see the shared kernel only.
func interfaceTarget(_ name: String) -> Target {
    .target(name: name, dependencies: ["SharedKernel"], path: "Sources/Interfaces/\(name)", swiftSettings: sharedSettings)
}

/// Infrastructure: implements interfaces and may build on other infrastructure.
func infrastructureTarget(_ name: String, implementing interfaces: [String] = [], using infrastructure: [String] = []) -> Target {
    .target(
        name: name,
        dependencies: byName(["SharedKernel"] + interfaces + infrastructure),
        path: "Sources/Infrastructure/\(name)",
        swiftSettings: sharedSettings)
}

/// Features: screens; the kernel plus the interfaces they consume, and nothing else.
func featureTarget(_ name: String, consuming interfaces: [String]) -> Target {
    .target(
        name: name,
        dependencies: byName(["SharedKernel", "DesignSystem"] + interfaces),
        path: "Sources/Features/\(name)",
        swiftSettings: sharedSettings)
}

let package = Package(
    name: "Voyage",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "VoyageApp", targets: ["AppComposition"])],
    targets: [
        kernelTarget("SharedKernel"),
        kernelTarget("DesignSystem"),

        interfaceTarget("BookingInterface"),
        interfaceTarget("PaymentInterface"),

        infrastructureTarget("Networking"),
        infrastructureTarget("BookingData", implementing: ["BookingInterface"], using: ["Networking"]),
        infrastructureTarget("PaymentData", implementing: ["PaymentInterface"], using: ["Networking"]),

        featureTarget("SearchFeature", consuming: ["BookingInterface"]),
        featureTarget("CheckoutFeature", consuming: ["BookingInterface", "PaymentInterface"]),

        // The composition root: the one target that sees every layer.
        .target(
            name: "AppComposition",
            dependencies: ["SearchFeature", "CheckoutFeature", "BookingData", "PaymentData"],
            path: "Sources/App/AppComposition",
            swiftSettings: sharedSettings),
    ]
)
