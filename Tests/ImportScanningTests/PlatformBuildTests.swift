import TestSupport
import Testing
@testable import ImportScanning

/// Each platform build's environments decide `#if` as the compiler does for its triples, and
/// leave undecided what only the SDK or the compiler could know.
@Suite(.tags(.small)) struct PlatformBuildTests {
    static func answer(_ condition: String, _ platform: Platform, _ configuration: BuildConfiguration = .debug,
                       defines: Set<String> = [], visible: Set<String> = []) -> Bool? {
        let source = "#if \(condition)\nimport Probe\n#endif\n"
        let declaration = ImportScanner.scan(Array(source.utf8)).imports[0]
        let variants = PlatformBuild(platform, configuration).environments(defines: defines, languageVersion: [6, 3], visibleModules: visible)
        return declaration.isActive(inAnyOf: variants)
    }

    @Test(arguments: [
        ("os(iOS)", Platform.ios, true), ("os(iOS)", .maccatalyst, true), ("os(iOS)", .macos, false),
        ("os(macOS)", .macos, true), ("os(visionOS)", .visionos, true), ("os(xrOS)", .visionos, true),
        ("os(Linux)", .android, false), ("os(Android)", .android, true),
        ("targetEnvironment(simulator)", .ios, true), ("targetEnvironment(simulator)", .macos, false),
        ("targetEnvironment(macCatalyst)", .maccatalyst, true), ("targetEnvironment(macCatalyst)", .ios, false),
        ("arch(arm64_32)", .watchos, true), ("_pointerBitWidth(_32)", .watchos, true), ("_pointerBitWidth(_32)", .ios, false),
        ("_runtime(_ObjC)", .macos, true), ("_runtime(_ObjC)", .linux, false), ("_endian(big)", .linux, false),
        ("canImport(UIKit)", .ios, true), ("canImport(UIKit)", .macos, false), ("canImport(AppKit)", .macos, true),
        ("canImport(Glibc)", .linux, true), ("canImport(Glibc)", .ios, false), ("canImport(FoundationNetworking)", .macos, false),
        ("compiler(>=5.9)", .ios, true), ("swift(>=7)", .ios, false), ("SWIFT_PACKAGE", .ios, false),
        ("hasFeature(StrictConcurrency)", .ios, true),
        // The 6.3 compiler knows every attribute there is: a vendor's name is none of them.
        ("hasAttribute(SomeVendorAttribute)", .ios, false), ("hasAttribute(available)", .ios, true),
    ])
    func decidesAsTheCompilerDoes(_ condition: String, _ platform: Platform, _ expected: Bool) {
        #expect(Self.answer(condition, platform) == expected)
    }

    @Test func leavesUndecidedWhatOnlyTheSDKOrCompilerKnows() {
        #expect(Self.answer("canImport(SomeVendorSDK)", .ios) == nil)
        #expect(Self.answer("canImport(UIKit.UIView)", .ios) == nil)
        #expect(Self.answer("canImport(UIKit, _version: 2)", .ios) == nil)
    }

    @Test func debugDefinesDEBUGAndTheTargetsDefinesApply() {
        #expect(Self.answer("DEBUG", .ios, .debug) == true)
        #expect(Self.answer("DEBUG", .ios, .release) == false)
        #expect(Self.answer("BETA", .ios, .release, defines: ["BETA"]) == true)
    }

    @Test func graphModulesTheTargetSeesAreImportable() {
        #expect(Self.answer("canImport(Networking)", .ios, visible: ["Networking"]) == true)
        #expect(Self.answer("canImport(Networking)", .ios) == nil)
    }

    @Test(arguments: [
        ([PlatformBuild(.ios, .debug), PlatformBuild(.macos, .debug)], "iOS, macOS debug"),
        ([PlatformBuild(.ios, .debug), PlatformBuild(.ios, .release)], "iOS"),
        ([PlatformBuild(.ios, .debug), PlatformBuild(.ios, .release), PlatformBuild(.macos, .debug)], "iOS; macOS debug"),
        ([PlatformBuild(.maccatalyst, .release)], "Mac Catalyst release"),
    ])
    func describesBuildsGroupedByConfiguration(_ builds: [PlatformBuild], _ expected: String) {
        #expect(PlatformBuild.describe(builds) == expected)
    }

    @Test func everyPlatformNameReadsBackCaseInsensitively() {
        for platform in Platform.allCases {
            #expect(Platform(named: platform.rawValue.uppercased()) == platform)
        }
        #expect(Platform(named: "beos") == nil)
    }

    /// The clause table finds answers by an environment's copy key: a changed copy must get its
    /// own answers, never the ones cached for the environment it was copied from.
    @Test func aChangedCopyOfAnEnvironmentIsDecidedAfresh() {
        let declaration = ImportScanner.scan(Array("#if BETA\nimport Probe\n#endif\n".utf8)).imports[0]
        let original = PlatformBuild(.ios, .release).environments(defines: [], languageVersion: [6, 3], visibleModules: [])[0]
        #expect(declaration.isActive(in: original) == false)
        var changed = original
        #expect(changed.copyKey == original.copyKey)
        changed.definedFlags?.insert("BETA")
        #expect(changed.copyKey != original.copyKey)
        #expect(declaration.isActive(in: changed) == true)
        #expect(declaration.isActive(in: original) == false)
        // Equal but made again: the same answers.
        let again = PlatformBuild(.ios, .release).environments(defines: [], languageVersion: [6, 3], visibleModules: [])[0]
        #expect(again == original && again.copyKey != original.copyKey)
        #expect(declaration.isActive(in: again) == false)
    }
}
