/// A platform a package is built for, as `--platform`, `build.platforms` in bulkhead.json and the
/// manifest's `platforms:` and `.when(platforms:)` spell it (SwiftPM's lowercase names).
///
/// Each platform is several concrete builds (device and simulator, each architecture): an import
/// is active on the platform when any of them compiles it. The facts below are the compiler's:
/// `swiftc -target <triple> -emit-imported-modules` on each variant's triple decides the same
/// way, which `PlatformOracleTests` checks.
package enum Platform: String, Sendable, Hashable, CaseIterable, Comparable {
    case ios, macos, tvos, watchos, visionos, maccatalyst, linux, windows, android

    /// As people write it: `iOS`, `Mac Catalyst`.
    package var displayName: String {
        switch self {
        case .ios: "iOS"
        case .macos: "macOS"
        case .tvos: "tvOS"
        case .watchos: "watchOS"
        case .visionos: "visionOS"
        case .maccatalyst: "Mac Catalyst"
        case .linux: "Linux"
        case .windows: "Windows"
        case .android: "Android"
        }
    }

    /// The builds a platform means: device and simulator slices, each architecture.
    package var variants: [PlatformVariant] {
        switch self {
        case .ios:
            [.init("arm64-apple-ios17.0"), .init("arm64-apple-ios17.0-simulator", simulator: true),
             .init("x86_64-apple-ios17.0-simulator", simulator: true)]
        case .macos: [.init("arm64-apple-macos14.0"), .init("x86_64-apple-macos14.0")]
        case .tvos:
            [.init("arm64-apple-tvos17.0"), .init("arm64-apple-tvos17.0-simulator", simulator: true),
             .init("x86_64-apple-tvos17.0-simulator", simulator: true)]
        case .watchos:
            [.init("arm64_32-apple-watchos10.0"), .init("arm64-apple-watchos10.0"),
             .init("arm64-apple-watchos10.0-simulator", simulator: true), .init("x86_64-apple-watchos10.0-simulator", simulator: true)]
        case .visionos: [.init("arm64-apple-xros1.0"), .init("arm64-apple-xros1.0-simulator", simulator: true)]
        case .maccatalyst: [.init("arm64-apple-ios17.0-macabi"), .init("x86_64-apple-ios17.0-macabi")]
        case .linux: [.init("x86_64-unknown-linux-gnu"), .init("aarch64-unknown-linux-gnu")]
        case .windows: [.init("x86_64-unknown-windows-msvc"), .init("aarch64-unknown-windows-msvc")]
        case .android: [.init("aarch64-unknown-linux-android28"), .init("x86_64-unknown-linux-android28")]
        }
    }

    /// What `os(…)` is true for: Mac Catalyst builds are `os(iOS)`, visionOS answers to its old
    /// name `xrOS` too.
    package var osNames: Set<String> {
        switch self {
        case .ios, .maccatalyst: ["iOS"]
        case .macos: ["macOS", "OSX"]
        case .tvos: ["tvOS"]
        case .watchos: ["watchOS"]
        case .visionos: ["visionOS", "xrOS"]
        case .linux: ["Linux"]
        case .windows: ["Windows"]
        case .android: ["Android"]
        }
    }

    /// Apple platforms run the Objective-C runtime and ship their SDK's frameworks.
    package var isApple: Bool {
        switch self {
        case .ios, .macos, .tvos, .watchos, .visionos, .maccatalyst: true
        case .linux, .windows, .android: false
        }
    }

    /// The platform Bulkhead itself runs on: the default when a manifest declares none.
    package static var host: Platform {
        #if os(macOS)
        .macos
        #elseif os(Windows)
        .windows
        #elseif os(Android)
        .android
        #else
        .linux
        #endif
    }

    /// Reads SwiftPM's and the command line's spelling, case-insensitively (`iOS`, `ios`).
    package init?(named name: String) {
        guard let platform = Platform(rawValue: name.lowercased()) else { return nil }
        self = platform
    }

    package static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One concrete build of a platform: a target triple, and whether it is a simulator slice.
package struct PlatformVariant: Sendable, Hashable {
    /// What `swiftc -target` takes: `arm64-apple-ios17.0-simulator`.
    package var triple: String
    package var isSimulator: Bool

    package init(_ triple: String, simulator: Bool = false) {
        self.triple = triple
        self.isSimulator = simulator
    }

    /// `arch(…)` spells the first component of the triple, except that SwiftPM's `aarch64` is `arm64`.
    package var architecture: String {
        let first = triple.split(separator: "-").first.map(String.init) ?? triple
        return first == "aarch64" ? "arm64" : first
    }

    /// `_pointerBitWidth`: 32 for `arm64_32` (watchOS devices), 64 for every other variant here.
    package var pointerBitWidth: String { architecture == "arm64_32" ? "_32" : "_64" }

    package var isMacCatalyst: Bool { triple.hasSuffix("-macabi") }
}
