/// Which modules `canImport` finds on each platform without the package providing them: the
/// platform SDK's frameworks and the toolchain's own modules, and the modules known to be absent.
/// Data, not logic: README.md beside this file says where each list comes from.
package enum SDKModules {
    /// Modules `canImport` is true for on `platform`.
    package static func importable(on platform: Platform) -> Set<String> {
        importableByPlatform[platform] ?? makeImportable(on: platform)
    }

    /// Both lists per platform, made once: every target's environments ask for them, and the
    /// unions took a tenth of a warm check of 300 targets when made per call.
    private static let importableByPlatform = Dictionary(uniqueKeysWithValues: Platform.allCases.map { ($0, makeImportable(on: $0)) })
    private static let missingByPlatform = Dictionary(uniqueKeysWithValues: Platform.allCases.map { ($0, makeMissing(on: $0)) })

    private static func makeImportable(on platform: Platform) -> Set<String> {
        var modules = toolchainEverywhere
        switch platform {
        case .ios: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(iOSOnly)
        case .maccatalyst: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(catalystOnly)
        case .macos: modules.formUnion(apple); modules.formUnion(macOSOnly)
        case .tvos: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(tvOSOnly)
        case .visionos: modules.formUnion(apple); modules.formUnion(iOSFamily); modules.formUnion(visionOSOnly)
        case .watchos: modules.formUnion(apple); modules.formUnion(watchOSOnly)
        case .linux: modules.formUnion(openFoundation); modules.formUnion(["Glibc", "SwiftGlibc", "Musl"])
        case .windows: modules.formUnion(openFoundation); modules.formUnion(["WinSDK", "ucrt", "CRT", "_FoundationCollections"])
        case .android: modules.formUnion(openFoundation); modules.formUnion(["Android", "Bionic"])
        }
        return modules
    }

    /// Modules `canImport` is known false for on `platform`: another platform's system modules
    /// that this one does not ship. Any module in neither list stays undecided.
    package static func missing(on platform: Platform) -> Set<String> {
        missingByPlatform[platform] ?? makeMissing(on: platform)
    }

    private static func makeMissing(on platform: Platform) -> Set<String> {
        let everySDK = apple.union(iOSFamily).union(iOSOnly).union(catalystOnly).union(macOSOnly)
            .union(tvOSOnly).union(visionOSOnly).union(watchOSOnly)
        let everyOpen = openFoundation.union(["Glibc", "SwiftGlibc", "Musl", "WinSDK", "ucrt", "CRT", "Android", "Bionic"])
        return everySDK.union(everyOpen).subtracting(makeImportable(on: platform))
    }

    /// The test frameworks of the toolchain and Apple's SDKs: never a repository's own test
    /// support, whatever name patterns match them (`*Testing` matches Swift Testing's `Testing`).
    package static let testFrameworks: Set<String> = ["Testing", "XCTest", "XCUIAutomation", "StoreKitTest", "_Testing_Foundation"]

    /// Whether `module` is a module of some platform's SDK or of the toolchain, or a test
    /// framework of theirs.
    package static func isSystemModule(_ module: String) -> Bool {
        everySystemModule.contains(module)
    }

    private static let everySystemModule: Set<String> = Platform.allCases.reduce(into: testFrameworks) { $0.formUnion(importable(on: $1)) }

    /// Shipped with the Swift toolchain for every platform it supports.
    static let toolchainEverywhere: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Distributed",
        "Synchronization", "_Differentiation", "Cxx", "CxxStdlib", "Foundation", "Dispatch", "XCTest", "Testing",
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
    ]

    /// UIKit platforms: iOS, iPadOS, Mac Catalyst, tvOS, visionOS.
    static let iOSFamily: Set<String> = [
        "UIKit", "AVKit", "Metal", "MetalKit", "CoreVideo", "Vision", "MultipeerConnectivity", "SystemConfiguration",
        "PhotosUI", "MobileCoreServices", "WebKit", "CoreHaptics", "GameController", "MediaPlayer", "CoreSpotlight",
    ]

    static let iOSOnly: Set<String> = [
        "ARKit", "RealityKit", "ActivityKit", "CoreNFC", "CallKit", "PassKit", "MessageUI", "Messages", "IntentsUI",
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
        "AppKit", "Cocoa", "Carbon", "IOKit", "AVKit", "Metal", "MetalKit", "CoreVideo", "Vision", "RealityKit",
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
        "ARKit", "RealityKit", "RealityFoundation", "CompositorServices", "PassKit", "MessageUI", "SafariServices",
        "Speech", "PencilKit", "QuickLook", "BackgroundTasks", "LinkPresentation", "DeviceCheck", "Spatial",
    ]

    static let watchOSOnly: Set<String> = [
        "WatchKit", "ClockKit", "UIKit", "AVKit", "WatchConnectivity", "PassKit", "CoreVideo", "MediaPlayer",
        "DeviceCheck", "UserNotificationsUI", "HealthKitUI",
    ]
}
