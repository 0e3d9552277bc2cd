// swift-tools-version: 6.0
import PackageDescription

// A fixture after the "typed module table" manifest: modules are described as data and the
// targets are generated from it. Five features and six core modules give 32 targets:
// six core libraries and their tests, and for each feature X the four targets X, XInterface,
// XTesting and XTests, all under Features/X. A feature names another feature only through
// `dependsOn`, which can only ever produce that feature's Interface target.

enum CoreModule: String, CaseIterable {
    case foundationKit = "FoundationKit"
    case networking = "Networking"
    case persistence = "Persistence"
    case analytics = "Analytics"
    case imageLoading = "ImageLoading"
    case designSystem = "DesignSystem"

    var uses: [CoreModule] {
        switch self {
        case .foundationKit: return []
        case .networking, .persistence, .analytics: return [.foundationKit]
        case .imageLoading: return [.foundationKit, .networking]
        case .designSystem: return [.foundationKit, .imageLoading]
        }
    }

    /// Each third-party library sits behind exactly one core module.
    var thirdParty: [Target.Dependency] {
        self == .imageLoading ? [.product(name: "Kingfisher", package: "Kingfisher")] : []
    }

    var resources: [Resource]? { self == .designSystem ? [.process("Resources")] : nil }
}

enum FeatureName: String {
    case search = "Search"
    case hotelDetail = "HotelDetail"
    case booking = "Booking"
    case payment = "Payment"
    case profile = "Profile"
}

struct FeatureModule {
    let name: FeatureName
    var core: [CoreModule] = [.foundationKit, .designSystem]
    var interfaceCore: [CoreModule] = [.foundationKit]
    var dependsOn: [FeatureName] = []
    var hasResources = false
}

let featureTable: [FeatureModule] = [
    FeatureModule(name: .search, core: [.foundationKit, .designSystem, .networking, .analytics], dependsOn: [.hotelDetail], hasResources: true),
    FeatureModule(name: .hotelDetail, core: [.foundationKit, .designSystem, .networking, .imageLoading], dependsOn: [.booking], hasResources: true),
    FeatureModule(name: .booking, core: [.foundationKit, .designSystem, .networking, .persistence], dependsOn: [.payment, .profile]),
    FeatureModule(name: .payment, core: [.foundationKit, .designSystem, .networking, .analytics]),
    FeatureModule(name: .profile, core: [.foundationKit, .designSystem, .networking, .persistence]),
]

let commonSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

extension Target.Dependency {
    static func core(_ module: CoreModule) -> Target.Dependency { .target(name: module.rawValue) }
    static func contract(_ feature: FeatureName) -> Target.Dependency { .target(name: feature.rawValue + "Interface") }
    static func fakes(_ feature: FeatureName) -> Target.Dependency { .target(name: feature.rawValue + "Testing") }
}

func targets(for module: CoreModule) -> [Target] {
    let name = module.rawValue
    return [
        .target(name: name, dependencies: module.uses.map { .core($0) } + module.thirdParty,
                path: "Core/\(name)/Sources", resources: module.resources, swiftSettings: commonSettings),
        .testTarget(name: name + "Tests", dependencies: [.core(module)],
                    path: "Core/\(name)/Tests", swiftSettings: commonSettings),
    ]
}

func targets(for feature: FeatureModule) -> [Target] {
    let name = feature.name.rawValue
    let folder = "Features/\(name)"
    return [
        .target(name: name + "Interface", dependencies: feature.interfaceCore.map { .core($0) },
                path: "\(folder)/Interface", swiftSettings: commonSettings),
        .target(name: name,
                dependencies: [.contract(feature.name)] + feature.dependsOn.map { .contract($0) } + feature.core.map { .core($0) },
                path: "\(folder)/Sources", resources: feature.hasResources ? [.process("Resources")] : nil,
                swiftSettings: commonSettings),
        .target(name: name + "Testing", dependencies: [.contract(feature.name)],
                path: "\(folder)/Testing", swiftSettings: commonSettings),
        .testTarget(name: name + "Tests",
                    dependencies: [.target(name: name), .fakes(feature.name)] + feature.dependsOn.map { .fakes($0) },
                    path: "\(folder)/Tests", swiftSettings: commonSettings),
    ]
}

let package = Package(
    name: "Modules",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "AppModules", targets: featureTable.map(\.name.rawValue) + CoreModule.allCases.map(\.rawValue)),
        .library(name: "WidgetModules", targets: [FeatureName.booking.rawValue + "Interface", CoreModule.designSystem.rawValue]),
    ],
    dependencies: [
        .package(url: "https://github.com/onevcat/Kingfisher.git", exact: "8.1.3"),
    ],
    targets: CoreModule.allCases.flatMap { targets(for: $0) } + featureTable.flatMap { targets(for: $0) }
)
