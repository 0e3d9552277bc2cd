// swift-tools-version:6.2
import PackageDescription

// Proves the manifest rules of issue 15 through the binary: required-settings (a feature without
// InternalImportsByDefault; one left in language mode 5, suppressed with a reason),
// pinned-dependency (swift-log with from:, Kingfisher pinned at another version than the exact
// one required) and third-party-wrapper (two infrastructure modules both declaring Kingfisher).
let package = Package(
    name: "ManifestRules",
    dependencies: [
        .package(url: "https://github.com/onevcat/Kingfisher.git", exact: "8.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "ImageLoading",
            dependencies: [.product(name: "Kingfisher", package: "Kingfisher"), .product(name: "Logging", package: "swift-log")],
            path: "Sources/Infrastructure/ImageLoading",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]),
        .target(
            name: "AvatarCache",
            dependencies: [.product(name: "Kingfisher", package: "Kingfisher")],
            path: "Sources/Infrastructure/AvatarCache",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]),
        .target(
            name: "SearchFeature",
            path: "Sources/Features/SearchFeature",
            swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(
            // bulkhead:ignore required-settings - ProfileFeature moves to Swift 6 after the 3.2 release
            name: "ProfileFeature",
            path: "Sources/Features/ProfileFeature",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault"), .defaultIsolation(MainActor.self), .swiftLanguageMode(.v5)]),
    ]
)
