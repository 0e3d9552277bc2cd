// swift-tools-version:6.2
import PackageDescription

// Every kind of compile flag a manifest implies, for `CompileFlagsOracleTests`: defines plain,
// valued, per platform, configuration and trait; defines in unsafe flags; traits that enable
// traits; a resource bundle; features by every spelling.
let package = Package(
    name: "Flags",
    products: [.library(name: "Flags", targets: ["Flags", "Featured"])],
    traits: [
        .default(enabledTraits: ["Fast"]),
        .trait(name: "Fast"),
        .trait(name: "Logging"),
        .trait(name: "Full", enabledTraits: ["Logging"]),
        .trait(name: "Unused"),
    ],
    targets: [
        .target(
            name: "Flags",
            resources: [.copy("greeting.txt")],
            swiftSettings: [
                .define("PLAIN"),
                .define("VALUED=1"),
                .define("ON_LINUX", .when(platforms: [.linux])),
                .define("ON_IOS", .when(platforms: [.iOS])),
                .define("IN_RELEASE", .when(configuration: .release)),
                .define("WITH_LOGGING", .when(traits: ["Logging"])),
                .define("WITH_UNUSED", .when(traits: ["Unused"])),
                .define("WITH_EITHER", .when(traits: ["Unused", "Full"])),
                .define("WITH_FAST", .when(traits: ["Fast"])),
                .unsafeFlags(["-DUNSAFE", "-D", "SPACED", "-DUNSAFE_VALUED=2"]),
            ]),
        .target(
            name: "Featured",
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .enableUpcomingFeature("ApproachableConcurrency"),
                .enableUpcomingFeature("NoSuchFeature"),
                .enableUpcomingFeature("Embedded"),
                .enableUpcomingFeature("ExistentialAny:migrate"),
                .enableExperimentalFeature("StrictConcurrency=complete"),
                .enableExperimentalFeature("AccessLevelOnImport"),
                .enableUpcomingFeature("MemberImportVisibility", .when(platforms: [.linux], configuration: .release)),
                .enableUpcomingFeature("InternalImportsByDefault", .when(platforms: [.iOS])),
                .enableUpcomingFeature("ImmutableWeakCaptures", .when(traits: ["Full"])),
                .strictMemorySafety(),
            ]),
    ]
)
