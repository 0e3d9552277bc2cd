import Testing
@testable import ImportScanning

/// `canImport` answers that are knowable from the SDK tables and from how swiftc treats versions
/// and backticks, each as swiftc 6.3.1 answers it (`IfExactOracleTests` runs the same forms
/// through the compiler in `Fixtures/IfExactAdversarial/.../Knowable.swift`).
@Suite(.tags(.small)) struct KnowableCanImportTests {
    static func environment(_ platform: Platform, visible: Set<String> = [], packageTarget: Bool = true) -> BuildEnvironment {
        var environment = PlatformBuild(platform, .release).environments(defines: [], languageVersion: [6], visibleModules: visible)[0]
        environment.visibleModulesHaveNoVersion = packageTarget
        return environment
    }

    /// Apple's framework pages and the SDK listings: not on tvOS, on watchOS, on Mac Catalyst.
    @Test func frameworksAreOnThePlatformsTheirSDKsCarryThemOn() {
        let tvOS = Self.environment(.tvos)
        for module in ["WebKit", "HealthKit", "CoreMotion", "Contacts", "EventKit", "LocalAuthentication"] {
            #expect(tvOS.evaluate("canImport(\(module))") == false, "\(module) on tvOS")
            #expect(Self.environment(.ios).evaluate("canImport(\(module))") == true, "\(module) on iOS")
        }
        let watchOS = Self.environment(.watchos)
        #expect(watchOS.evaluate("canImport(MobileCoreServices)") == true)
        #expect(watchOS.evaluate("canImport(Photos)") == false)
        #expect(watchOS.evaluate("canImport(CoreImage)") == false)
        #expect(watchOS.evaluate("canImport(QuartzCore)") == nil)
        #expect(watchOS.evaluate("canImport(HealthKit)") == true)
        #expect(Self.environment(.maccatalyst).evaluate("canImport(CoreTelephony)") == true)
        #expect(Self.environment(.macos).evaluate("canImport(SystemExtensions)") == true)
        #expect(Self.environment(.macos).evaluate("canImport(WebKit)") == true)
        #expect(Self.environment(.visionos).evaluate("canImport(SwiftUICore)") == true)
    }

    /// Modules a real app imports that were reported as unknown.
    @Test func modulesOfAppleSDKsAreSystemModules() {
        for module in ["SystemExtensions", "MachO", "SwiftUICore", "AdAttributionKit", "_PhotosUI_SwiftUI", "_MapKit_SwiftUI",
                       "_AVKit_SwiftUI", "_StoreKit_SwiftUI", "_AuthenticationServices_SwiftUI", "_QuickLook_SwiftUI"] {
            #expect(SDKModules.mayBeSystemModule(module), "\(module)")
        }
        #expect(Self.environment(.linux).evaluate("canImport(_PhotosUI_SwiftUI)") == false)
        #expect(Self.environment(.ios).evaluate("canImport(_PhotosUI_SwiftUI)") == nil)
    }

    /// FoundationModels came with the SDKs of 26 on iOS, macOS and visionOS, and its symbols list
    /// tvOS and watchOS 27: on every Apple platform it turns on the SDK.
    @Test func foundationModelsTurnsOnTheSDK() {
        for platform in [Platform.ios, .tvos, .watchos, .macos, .visionos] {
            #expect(Self.environment(platform).evaluate("canImport(FoundationModels)") == nil, "\(platform)")
        }
        #expect(Self.environment(.linux).evaluate("canImport(FoundationModels)") == false)
    }

    /// swiftc ignores the version asked of a module that carries none (SwiftPM passes no
    /// `-user-module-version`; no Linux toolchain module has one) and answers as without it.
    @Test func aVersionOfAModuleWithoutOneIsIgnored() {
        #expect(Self.environment(.linux, visible: ["Core"]).evaluate("canImport(Core, _version: 1.2)") == true)
        #expect(Self.environment(.ios, visible: ["Core"]).evaluate("canImport(Core, _version: \"3\")") == true)
        #expect(Self.environment(.linux).evaluate("canImport(Foundation, _version: 99.1)") == true)
        #expect(Self.environment(.linux).evaluate("canImport(Glibc, _version: 2)") == true)
        // An SDK framework carries a version; a project target may (SWIFT_USER_MODULE_VERSION).
        #expect(Self.environment(.ios).evaluate("canImport(UIKit, _version: 2)") == nil)
        #expect(Self.environment(.ios, visible: ["Core"], packageTarget: false).evaluate("canImport(Core, _version: 1)") == nil)
        // swiftc answers `_underlyingVersion` by whether an earlier canImport loaded the module.
        #expect(Self.environment(.linux, visible: ["Core"]).evaluate("canImport(Core, _underlyingVersion: 1)") == nil)
        // A version swiftc rejects is never decided.
        #expect(Self.environment(.linux, visible: ["Core"]).evaluate("canImport(Core, _version: abc)") == nil)
        #expect(Self.environment(.linux).evaluate("canImport(NoSuchModule, _version: 1)") == nil)
    }

    /// swiftc reads `` canImport(`Foundation`) `` as `canImport(Foundation)`.
    @Test func aBacktickedNameIsTheName() {
        let linux = Self.environment(.linux, visible: ["Core"])
        #expect(linux.evaluate("canImport(`Foundation`)") == true)
        #expect(linux.evaluate("canImport(`Core`)") == true)
        #expect(linux.evaluate("canImport(`UIKit`)") == false)
        #expect(ConditionExpression(parsing: "canImport(`Core`)").canImportModules == ["Core"])
    }

    /// Clang's builtin modules of the toolchain's resource folder are found on Linux; an Xcode
    /// plugin's module never is (no Xcode there), and on Apple platforms turns on who builds it.
    @Test func clangBuiltinModulesAndXcodeOnlyModules() {
        let linux = Self.environment(.linux)
        #expect(linux.evaluate("canImport(_Builtin_stddef)") == true)
        #expect(linux.evaluate("canImport(_Builtin_stdint)") == true)
        #expect(linux.evaluate("canImport(_Builtin_intrinsics)") == true)
        #expect(Self.environment(.ios).evaluate("canImport(_Builtin_stddef)") == nil)
        #expect(linux.evaluate("canImport(XcodeProjectPlugin)") == false)
        #expect(Self.environment(.macos).evaluate("canImport(XcodeProjectPlugin)") == nil)
    }
}
