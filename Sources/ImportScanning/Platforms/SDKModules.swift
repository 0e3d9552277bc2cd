import Synchronization

/// Which modules `canImport` finds on each platform without the package providing them: the
/// platform SDK's frameworks and the toolchain's own modules, and the modules known to be absent.
/// Data, not logic: README.md beside this file says where each list comes from.
package enum SDKModules {
    /// Modules `canImport` is true for on `platform`.
    package static func importable(on platform: Platform) -> Set<String> {
        if let known = made.withLock({ $0.importable[platform] }) { return known }
        let modules = makeImportable(on: platform)
        made.withLock { $0.importable[platform] = modules }
        return modules
    }

    /// Both lists per platform, made on first use and kept: every target's environments ask for
    /// them (made per call, the unions were a visible part of a warm check of hundreds of targets),
    /// and a check asks about its builds' platforms only, so the platforms it never asks about
    /// are never made.
    private static let made = Mutex<(importable: [Platform: Set<String>], missing: [Platform: Set<String>])>(([:], [:]))

    private static func makeImportable(on platform: Platform) -> Set<String> {
        var modules = toolchainEverywhere
        switch platform {
        case .ios: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(iOSOnly)
        case .maccatalyst: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(catalystOnly)
        case .macos: modules.formUnion(apple); modules.formUnion(macOSOnly)
        case .tvos: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(tvOSOnly)
        case .visionos: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(visionOSOnly)
        case .watchos: modules.formUnion(apple); modules.formUnion(watchOSOnly)
        case .linux: modules.formUnion(linuxToolchain); modules.formUnion(clangBuiltin)
        case .windows: modules.formUnion(openFoundation); modules.formUnion(["WinSDK", "ucrt", "CRT", "_FoundationCollections", "_Differentiation"])
        case .android: modules.formUnion(openFoundation); modules.formUnion(["Android", "Bionic", "_Differentiation"])
        }
        for (module, platforms) in appleFrameworksByPlatform where platforms.contains(platform) { modules.insert(module) }
        return modules
    }

    /// Modules `canImport` is known false for on `platform`: another platform's system modules
    /// that this one does not ship. Any module in neither list stays undecided.
    package static func missing(on platform: Platform) -> Set<String> {
        if let known = made.withLock({ $0.missing[platform] }) { return known }
        let modules = tabled.subtracting(importable(on: platform)).subtracting(uncertain[platform, default: []])
        made.withLock { $0.missing[platform] = modules }
        return modules
    }

    /// Every module some list here names, on whichever platform.
    private static let tabled: Set<String> = {
        let everySDK = apple.union(iOSFamily).union(iOSOnly).union(catalystOnly).union(macOSOnly)
            .union(tvOSOnly).union(visionOSOnly).union(watchOSOnly)
        let everyOpen = openFoundation.union(linuxToolchain).union(["Musl", "WASILibc", "WinSDK", "ucrt", "CRT", "Android", "Bionic"])
        return everySDK.union(everyOpen).union(appleFrameworksByPlatform.keys).union(newerAppleSDKFrameworks)
            .union(appleFrameworksPerPlatformUntabled).union(crossImportOverlays).union(xcodeOnly).union(clangBuiltin)
    }()

    /// Modules neither importable nor missing on `platform`: `canImport` of them stays undecided.
    package static func uncertainModules(on platform: Platform) -> Set<String> {
        uncertain[platform, default: []]
    }

    /// Modules whose presence on a platform is not certain from the sources above: neither
    /// importable nor missing there, so `canImport` of them stays undecided.
    static let uncertain: [Platform: Set<String>] = [
        // The toolchain's own shims and runtime modules on Apple platforms come from Xcode's
        // toolchain, whose list is not read here (`SwiftShims` is there; `Runtime` is not
        // documented either way).
        .ios: appleUncertain(on: .ios), .maccatalyst: appleUncertain(on: .maccatalyst), .macos: appleUncertain(on: .macos),
        .tvos: appleUncertain(on: .tvos), .watchos: appleUncertain(on: .watchos),
        .visionos: appleUncertain(on: .visionos).union(["OpenGLES", "Translation", "WorkoutKit"]),
        // Windows and Android toolchains are not installed here: their internal modules are not
        // read. Glibc is Linux's C library overlay alone (Windows has ucrt, Android Bionic).
        // Whether their toolchains ship a `System` module is not read either, nor which of
        // clang's builtin modules their clang has.
        .windows: linuxInternal.subtracting(["Glibc", "SwiftGlibc"]).union(["System"]).union(clangBuiltin),
        .android: linuxInternal.subtracting(["Glibc", "SwiftGlibc"]).union(["System"]).union(clangBuiltin),
    ]

    /// What stays undecided on an Apple platform: the toolchain's modules Xcode's may lack, and
    /// the frameworks whose presence there turns on the SDK (`appleFrameworksUncertainOn`).
    private static func appleUncertain(on platform: Platform) -> Set<String> {
        appleToolchainUnknown.union(appleFrameworksUncertainOn.filter { $0.value.contains(platform) }.keys)
    }

    /// Frameworks whose presence on some Apple platforms is not settled by the sources: a newer
    /// SDK than the tabled one added it there, or the SDK carries the framework without a source
    /// saying `canImport` finds it for that platform. Undecided there; elsewhere as tabled.
    static let appleFrameworksUncertainOn: [String: Set<Platform>] = [
        // Core Animation has no watchOS page, and no watchOS SDK listing names QuartzCore either way.
        "QuartzCore": [.watchos],
        // The macOS SDK carries CoreTelephony.framework (for Mac Catalyst), and the visionOS
        // documentation speaks only of iPad apps running there.
        "CoreTelephony": [.macos, .visionos],
        // The iOS SDK gained SystemExtensions in 18.4 (after the tabled 18.0); no other platform's
        // documentation lists it.
        "SystemExtensions": [.ios, .maccatalyst, .tvos, .watchos, .visionos],
        // Documented for iOS 17.4; its other platforms' pages were not found.
        "AdAttributionKit": [.maccatalyst, .macos, .tvos, .watchos, .visionos],
    ]

    /// Frameworks of Apple SDKs newer than the ones tabled (Xcode 26: `FoundationModels`, iOS,
    /// macOS, visionOS and Mac Catalyst 26; tvOS and watchOS 27 per its symbols' availability):
    /// whether a build has one depends on the SDK it uses, which is not known, so they are
    /// undecided on every Apple platform — and missing on the others.
    static let newerAppleSDKFrameworks: Set<String> = ["FoundationModels"]

    /// The open toolchain's modules for Linux that Apple's toolchains may or may not have.
    /// `_Differentiation` is known: Xcode's toolchain does not ship it (`canImport` is false).
    static let appleToolchainUnknown: Set<String> = linuxInternal.subtracting(["Glibc", "SwiftGlibc", "_Differentiation"])
        .union(newerAppleSDKFrameworks).union(appleFrameworksPerPlatformUntabled).union(crossImportOverlays).union(xcodeOnly)
        .union(clangBuiltin)

    /// Cross-import overlays of Apple's SDKs: the module the compiler adds when a file imports
    /// both frameworks (`PhotosUI` and `SwiftUI` bring `_PhotosUI_SwiftUI`), which a file may
    /// also import by name. Apple's, so never an unknown module; which SDK carries each is not
    /// read here, so `canImport` of one stays undecided on Apple platforms.
    static let crossImportOverlays: Set<String> = [
        "_AuthenticationServices_SwiftUI", "_AVKit_SwiftUI", "_MapKit_SwiftUI", "_PhotosUI_SwiftUI", "_QuickLook_SwiftUI",
        "_StoreKit_SwiftUI",
    ]

    /// Modules only Xcode gives: `XcodeProjectPlugin`, to a package plugin Xcode builds. SwiftPM
    /// never does, so `canImport` of it is false off Apple platforms (no Xcode there) and
    /// undecided on them (Xcode or SwiftPM may build the plugin).
    static let xcodeOnly: Set<String> = ["XcodeProjectPlugin"]

    /// Clang's builtin modules, from the module map of the toolchain's clang resource folder
    /// (`usr/lib/swift/clang/include/module.modulemap`): those `canImport` finds on Linux with
    /// Swift 6.3.1, checked by `LinuxToolchainTableTests.clangBuiltinModulesAreWhatCanImportFinds`.
    /// All of them but `opencl_c`, which requires OpenCL. Xcode's clang has its own list, not read
    /// here: undecided on Apple platforms.
    static let clangBuiltin: Set<String> = [
        "_Builtin_intrinsics", "_Builtin_inttypes", "_Builtin_iso646", "_Builtin_limits", "_Builtin_stdalign", "_Builtin_stdarg",
        "_Builtin_stdatomic", "_Builtin_stdbool", "_Builtin_stdckdint", "_Builtin_stdcountof", "_Builtin_stddef",
        "_Builtin_stddef_wint_t", "_Builtin_stdint", "_Builtin_stdnoreturn", "_Builtin_tgmath", "_Builtin_unwind",
        "availability_domain", "feature_availability", "lifetimebound", "ptrauth", "ptrcheck",
    ]

    /// Frameworks of Apple's SDKs whose availability on each Apple platform is not tabled here:
    /// Apple's, so an import of one is never an unknown module, but `canImport` of one stays
    /// undecided on Apple platforms (and is false on the others, which have no Apple SDK).
    static let appleFrameworksPerPlatformUntabled: Set<String> = [
        "Accounts", "AccessorySetupKit", "AdServices", "AutomaticAssessmentConfiguration", "AVRouting", "BackgroundAssets",
        "BrowserEngineKit", "Cinematic", "ClassKit", "CoreAudioKit", "CoreLocationUI", "CoreMIDI", "CoreWLAN", "CreateML",
        "CryptoTokenKit", "DataDetection", "DeviceActivity", "ExposureNotification", "ExtensionKit", "ExternalAccessory",
        "FileProvider", "FileProviderUI", "FinanceKit", "GameplayKit", "GLKit", "GroupActivities", "ImageCaptureCore",
        "JavaScriptCore", "LiveCommunicationKit", "LocalAuthenticationEmbeddedUI", "MachO", "ManagedSettings", "ManagedSettingsUI",
        "MatterSupport", "MediaToolbox", "MetalPerformanceShaders", "MetalPerformanceShadersGraph", "MLCompute", "ModelIO",
        "MusicKit", "NearbyInteraction", "NetworkExtension", "ProximityReader", "QuickLookThumbnailing", "ReplayKit",
        "RoomPlan", "SensorKit", "SharedWithYou", "ShazamKit", "Social", "SoundAnalysis", "Symbols", "ThreadNetwork",
        "TipKit", "VideoToolbox", "WeatherKit",
    ]

    /// The Linux toolchain's modules beyond `toolchainEverywhere` and the open Foundation.
    static let linuxInternal: Set<String> = linuxToolchain.subtracting(toolchainEverywhere).subtracting(openFoundation)

    /// The test frameworks of the toolchain and Apple's SDKs: never a repository's own test
    /// support, whatever name patterns match them (`*Testing` matches Swift Testing's `Testing`).
    package static let testFrameworks: Set<String> = ["Testing", "XCTest", "XCUIAutomation", "StoreKitTest", "_Testing_Foundation"]

    /// Whether `module` is a module of some platform's SDK or of the toolchain, or a test
    /// framework of theirs.
    package static func isSystemModule(_ module: String) -> Bool {
        everySystemModule.contains(module)
    }

    private static let everySystemModule: Set<String> = Platform.allCases.reduce(into: testFrameworks) { $0.formUnion(importable(on: $1)) }

    /// Whether `module` is, or may be, a module of some platform's SDK or toolchain: the system
    /// modules, and those whose presence on a platform is uncertain (a framework of a newer SDK,
    /// one whose platforms are not tabled). Such an import is never an unknown module.
    package static func mayBeSystemModule(_ module: String) -> Bool {
        everySystemModule.contains(module) || everyUncertainModule.contains(module)
    }

    private static let everyUncertainModule: Set<String> = uncertain.values.reduce(into: Set<String>()) { $0.formUnion($1) }

    /// Shipped with the Swift toolchain for every platform it supports (Xcode's included).
    /// `_Differentiation` is not: Xcode's toolchain does not ship it.
    static let toolchainEverywhere: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Distributed",
        "Synchronization", "Cxx", "CxxStdlib", "Foundation", "Dispatch", "XCTest", "Testing",
    ]

    /// What the open-source toolchain for Linux (glibc) lets `canImport` find, read from a Swift
    /// 6.3.1 installation (swift.org release, `usr/lib/swift/linux/*.swiftmodule`, the module
    /// maps of `usr/lib/swift/*/` and `usr/lib/swift/linux/<arch>/glibc.modulemap`, minus the
    /// C++-only modules that `requires cplusplus`); `LinuxToolchainTableTests` reads the installed
    /// toolchain and fails when this list differs. `Musl` is not here: only the static Linux SDK
    /// has it, and the Linux variants here are `-linux-gnu`.
    static let linuxToolchain: Set<String> = [
        "CDispatch", "CUUID", "CoreFoundation", "Cxx", "CxxStdlib", "Dispatch", "DispatchIntrospection", "Distributed",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Glibc", "Observation", "RegexBuilder", "Runtime", "Swift", "SwiftGlibc", "SwiftOnoneSupport", "SwiftOverlayShims",
        "SwiftShims", "Synchronization", "Testing", "XCTest", "_Builtin_float", "_Concurrency", "_Differentiation",
        "_FoundationCShims", "_FoundationCollections", "_FoundationICU", "_InternalStaticMirror", "_InternalSwiftScan",
        "_RegexParser", "_StringProcessing", "_SwiftConcurrencyShims", "_SynchronizationShims", "_TestDiscovery",
        "_TestingInterop", "_Testing_Foundation", "_Volatile",
    ]

    /// Apple frameworks whose platforms do not follow the families below, each with the
    /// platforms Apple's documentation lists for it (the framework page's "Availability", SDKs of
    /// Xcode 16). A platform not listed is missing, unless `uncertain` says otherwise.
    static let appleFrameworksByPlatform: [String: Set<Platform>] = [
        // AppKit and Cocoa: macOS; Mac Catalyst apps can import them too (the compiler finds them
        // in the macOS SDK a Catalyst build uses).
        "AppKit": [.macos, .maccatalyst], "Cocoa": [.macos, .maccatalyst],
        // Spatial: iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, Mac Catalyst 16.
        "Spatial": [.ios, .maccatalyst, .macos, .tvos, .watchos, .visionos],
        // System: iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1, Mac Catalyst 14.
        "System": [.ios, .maccatalyst, .macos, .tvos, .watchos, .visionos],
        // HealthKitUI: iOS 9.3, watchOS 2.2, visionOS 1, Mac Catalyst 13.1 — not macOS or tvOS.
        "HealthKitUI": [.ios, .maccatalyst, .watchos, .visionos],
        // RealityFoundation (RealityKit's base): iOS 13, macOS 10.15, visionOS 1, Mac Catalyst 13.1.
        "RealityFoundation": [.ios, .maccatalyst, .macos, .visionos],
        // CallKit: iOS 10, macOS 13, watchOS 9, visionOS 1, Mac Catalyst 13.1 — not tvOS.
        "CallKit": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        // PDFKit: iOS 11, macOS 10.4, visionOS 1, Mac Catalyst 13.1 — not tvOS or watchOS.
        "PDFKit": [.ios, .maccatalyst, .macos, .visionos],
        // MetricKit: iOS 13, macOS 12, visionOS 1, Mac Catalyst 13.1 — not tvOS or watchOS.
        "MetricKit": [.ios, .maccatalyst, .macos, .visionos],
        // HomeKit: iOS 8, tvOS 10, watchOS 2, visionOS 1, Mac Catalyst 14 — not macOS.
        "HomeKit": [.ios, .maccatalyst, .tvos, .watchos, .visionos],
        // PushKit: iOS 8, macOS 10.15, watchOS 6, visionOS 1, Mac Catalyst 13.1 — not tvOS.
        "PushKit": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        // OpenGLES: iOS 2, tvOS 9, Mac Catalyst 13.1 (deprecated); not macOS (OpenGL) or watchOS.
        "OpenGLES": [.ios, .maccatalyst, .tvos],
        // Translation: iOS 17.4, macOS 14.4, Mac Catalyst 17.4.
        "Translation": [.ios, .maccatalyst, .macos],
        // WorkoutKit: iOS 17, watchOS 10, macOS 14, Mac Catalyst 17.
        "WorkoutKit": [.ios, .maccatalyst, .macos, .watchos],
        // Not on tvOS: the pages of HKHealthStore, CMMotionManager, CNContactStore, EKEventStore
        // and LAContext list iOS, macOS, watchOS, visionOS and Mac Catalyst only, and the tvOS SDK
        // listing of the .NET bindings for Apple platforms (xamarin-macios,
        // tools/common/Frameworks.cs) names none of them while its watchOS and macOS lists do.
        "HealthKit": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        "CoreMotion": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        "Contacts": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        "EventKit": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        "LocalAuthentication": [.ios, .maccatalyst, .macos, .watchos, .visionos],
        // Not on watchOS: the Photos framework page lists iOS, macOS, tvOS, visionOS and Mac
        // Catalyst; Core Image's symbols list the same; neither is in the watchOS SDK listing.
        "Photos": [.ios, .maccatalyst, .macos, .tvos, .visionos],
        "CoreImage": [.ios, .maccatalyst, .macos, .tvos, .visionos],
        // QuartzCore (Core Animation): the same platforms; watchOS is left undecided.
        "QuartzCore": [.ios, .maccatalyst, .macos, .tvos, .visionos],
        // WebKit: iOS 8, macOS, visionOS, Mac Catalyst — not tvOS or watchOS (neither SDK listing
        // has it).
        "WebKit": [.ios, .maccatalyst, .macos, .visionos],
        // MobileCoreServices: the iOS, tvOS (9) and watchOS (2) SDK listings; Mac Catalyst with
        // iOS's frameworks; not macOS, whose listing maps the name to CoreServices.
        "MobileCoreServices": [.ios, .maccatalyst, .tvos, .visionos, .watchos],
        // CoreTelephony: iOS 4; Mac Catalyst 14 (the listing's Catalyst adjustments, and
        // CTCarrier's page lists macCatalyst 13.1).
        "CoreTelephony": [.ios, .maccatalyst],
        // SystemExtensions: macOS 10.15 (OSSystemExtensionRequest's page lists macOS only).
        "SystemExtensions": [.macos],
        // AdAttributionKit: iOS 17.4 (the iOS SDK of Xcode 15.3 carries AdAttributionKit.framework).
        "AdAttributionKit": [.ios],
    ]

    /// swift-corelibs-foundation and swift-foundation's modules, on every platform but Apple's.
    static let openFoundation: Set<String> = [
        "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]

    /// Frameworks of every Apple platform's SDK.
    static let apple: Set<String> = [
        "Accelerate", "AuthenticationServices", "AVFAudio", "AVFoundation", "CloudKit", "Combine", "Compression",
        "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics", "CoreLocation", "CoreML",
        "CoreMedia", "CoreServices", "CoreText", "CoreTransferable", "CryptoKit", "Darwin",
        "DeveloperToolsSupport", "GameKit", "ImageIO", "Intents",
        "MapKit", "NaturalLanguage", "Network", "ObjectiveC", "OSLog", "os", "SceneKit", "Security", "simd",
        "SpriteKit", "StoreKit", "SwiftData", "SwiftUI", "Charts", "AppIntents", "UniformTypeIdentifiers",
        "UserNotifications", "WidgetKit",
        // SwiftUICore: split out of SwiftUI in the SDKs of Xcode 16 (iOS 18, macOS 15, tvOS 18,
        // watchOS 11, visionOS 2), which SwiftUI re-exports.
        "SwiftUICore",
        // C libraries of every Apple SDK with a module map of their own in `usr/include`: SQLite3
        // (`import SQLite3`) and zlib (`import zlib`), which real iOS code imports where Linux
        // builds use a system-library target instead.
        "SQLite3", "zlib",
        // AudioToolbox, CoreAudio, Accessibility: every Apple platform (Apple's framework pages);
        // CommonCrypto: the C module of every Apple SDK's `usr/include`.
        "AudioToolbox", "CoreAudio", "Accessibility", "CommonCrypto",
    ]

    /// UIKit platforms: iOS, iPadOS, Mac Catalyst, tvOS, visionOS.
    static let iOSFamily: Set<String> = [
        "UIKit", "AVKit", "Metal", "MetalKit", "CoreVideo", "Vision", "MultipeerConnectivity", "SystemConfiguration",
        "PhotosUI", "CoreHaptics", "GameController", "MediaPlayer", "CoreSpotlight",
    ]

    static let iOSOnly: Set<String> = [
        "ARKit", "RealityKit", "ActivityKit", "CoreNFC", "PassKit", "MessageUI", "Messages", "IntentsUI",
        "ContactsUI", "EventKitUI", "SafariServices", "Speech", "PencilKit", "QuickLook", "VisionKit", "CarPlay",
        "BackgroundTasks", "WatchConnectivity", "LinkPresentation", "NotificationCenter", "UserNotificationsUI",
        "FamilyControls", "DeviceCheck", "AdSupport", "AppTrackingTransparency", "BusinessChat",
    ]

    static let catalystOnly: Set<String> = [
        "RealityKit", "PassKit", "MessageUI", "IntentsUI", "ContactsUI", "EventKitUI", "SafariServices", "Speech",
        "PencilKit", "QuickLook", "VisionKit", "BackgroundTasks", "LinkPresentation", "UserNotificationsUI",
        "DeviceCheck", "AdSupport", "AppTrackingTransparency", "IOKit",
    ]

    static let macOSOnly: Set<String> = [
        "Carbon", "IOKit", "AVKit", "Metal", "MetalKit", "CoreVideo", "Vision", "RealityKit",
        "MultipeerConnectivity", "SystemConfiguration", "PhotosUI", "WebKit", "CoreHaptics", "GameController",
        "MediaPlayer", "CoreSpotlight", "PassKit", "IntentsUI", "ContactsUI", "EventKitUI", "SafariServices", "Speech",
        "PencilKit", "QuickLook", "QuickLookUI", "LinkPresentation", "UserNotificationsUI", "DeviceCheck",
        "AdSupport", "AppTrackingTransparency", "ServiceManagement", "OpenGL", "ScreenCaptureKit", "Virtualization",
    ]

    static let tvOSOnly: Set<String> = [
        "TVUIKit", "TVServices", "TVMLKit", "BackgroundTasks", "LinkPresentation", "DeviceCheck", "AdSupport",
        "AppTrackingTransparency",
    ]

    static let visionOSOnly: Set<String> = [
        "ARKit", "RealityKit", "CompositorServices", "PassKit", "MessageUI", "SafariServices",
        "Speech", "PencilKit", "QuickLook", "BackgroundTasks", "LinkPresentation", "DeviceCheck",
    ]

    static let watchOSOnly: Set<String> = [
        "WatchKit", "ClockKit", "UIKit", "AVKit", "WatchConnectivity", "PassKit", "CoreVideo", "MediaPlayer",
        "DeviceCheck", "UserNotificationsUI",
    ]
}
