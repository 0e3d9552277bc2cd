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
    /// them (the unions took a tenth of a warm check of 300 targets when made per call), and a
    /// check asks about its builds' platforms only (making the lists of all nine took 6 M
    /// instructions, 3% of a warm check of a 420-target package on four).
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
        case .linux: modules.formUnion(linuxToolchain)
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
            .union(appleFrameworksPerPlatformUntabled)
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
        .ios: appleToolchainUnknown, .maccatalyst: appleToolchainUnknown, .macos: appleToolchainUnknown,
        .tvos: appleToolchainUnknown, .watchos: appleToolchainUnknown,
        .visionos: appleToolchainUnknown.union(["OpenGLES", "Translation", "WorkoutKit"]),
        // Windows and Android toolchains are not installed here: their internal modules are not
        // read. Glibc is Linux's C library overlay alone (Windows has ucrt, Android Bionic).
        // Whether their toolchains ship a `System` module is not read either.
        .windows: linuxInternal.subtracting(["Glibc", "SwiftGlibc"]).union(["System"]),
        .android: linuxInternal.subtracting(["Glibc", "SwiftGlibc"]).union(["System"]),
    ]

    /// Frameworks of Apple SDKs newer than the ones tabled (Xcode 26: `FoundationModels`, iOS,
    /// macOS, visionOS and Mac Catalyst 26): whether a build has one depends on the SDK it uses,
    /// which is not known, so they are undecided on Apple platforms — and missing on the others.
    static let newerAppleSDKFrameworks: Set<String> = ["FoundationModels"]

    /// The open toolchain's modules for Linux that Apple's toolchains may or may not have.
    /// `_Differentiation` is known: Xcode's toolchain does not ship it (`canImport` is false).
    static let appleToolchainUnknown: Set<String> = linuxInternal.subtracting(["Glibc", "SwiftGlibc", "_Differentiation"])
        .union(newerAppleSDKFrameworks).union(appleFrameworksPerPlatformUntabled)

    /// Frameworks of Apple's SDKs whose availability on each Apple platform is not tabled here:
    /// Apple's, so an import of one is never an unknown module, but `canImport` of one stays
    /// undecided on Apple platforms (and is false on the others, which have no Apple SDK).
    static let appleFrameworksPerPlatformUntabled: Set<String> = [
        "Accounts", "AccessorySetupKit", "AdServices", "AutomaticAssessmentConfiguration", "AVRouting", "BackgroundAssets",
        "BrowserEngineKit", "Cinematic", "ClassKit", "CoreAudioKit", "CoreLocationUI", "CoreMIDI", "CoreWLAN", "CreateML",
        "CryptoTokenKit", "DataDetection", "DeviceActivity", "ExposureNotification", "ExtensionKit", "ExternalAccessory",
        "FileProvider", "FileProviderUI", "FinanceKit", "GameplayKit", "GLKit", "GroupActivities", "ImageCaptureCore",
        "JavaScriptCore", "LiveCommunicationKit", "LocalAuthenticationEmbeddedUI", "ManagedSettings", "ManagedSettingsUI",
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
    ]

    /// swift-corelibs-foundation and swift-foundation's modules, on every platform but Apple's.
    static let openFoundation: Set<String> = [
        "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]

    /// Frameworks of every Apple platform's SDK.
    static let apple: Set<String> = [
        "Accelerate", "AuthenticationServices", "AVFAudio", "AVFoundation", "CloudKit", "Combine", "Compression",
        "Contacts", "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics", "CoreLocation", "CoreML",
        "CoreMedia", "CoreMotion", "CoreServices", "CoreText", "CoreTransferable", "CryptoKit", "Darwin",
        "DeveloperToolsSupport", "EventKit", "GameKit", "HealthKit", "ImageIO", "Intents", "LocalAuthentication",
        "MapKit", "NaturalLanguage", "Network", "ObjectiveC", "OSLog", "os", "SceneKit", "Security", "simd",
        "SpriteKit", "StoreKit", "SwiftData", "SwiftUI", "Charts", "AppIntents", "UniformTypeIdentifiers",
        "UserNotifications", "WidgetKit", "CoreImage", "Photos", "QuartzCore",
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
        "PhotosUI", "MobileCoreServices", "WebKit", "CoreHaptics", "GameController", "MediaPlayer", "CoreSpotlight",
    ]

    static let iOSOnly: Set<String> = [
        "ARKit", "RealityKit", "ActivityKit", "CoreNFC", "PassKit", "MessageUI", "Messages", "IntentsUI",
        "ContactsUI", "EventKitUI", "SafariServices", "Speech", "PencilKit", "QuickLook", "VisionKit", "CarPlay",
        "BackgroundTasks", "WatchConnectivity", "LinkPresentation", "NotificationCenter", "UserNotificationsUI",
        "FamilyControls", "DeviceCheck", "AdSupport", "AppTrackingTransparency", "BusinessChat", "CoreTelephony",
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
