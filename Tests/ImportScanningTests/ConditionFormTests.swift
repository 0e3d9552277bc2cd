import Testing
@testable import ImportScanning

/// Each condition form as the compiler answers it (checked with Swift 6.3.1; the oracle tests
/// check the same against swiftc on every triple).
@Suite struct ConditionFormTests {
    static func environment(_ platform: Platform = .linux, variant: Int = 0, mode: [Int]? = [6], compiler: [Int]? = [6, 3, 1],
                            features: Set<String> = []) -> BuildEnvironment {
        PlatformBuild(platform, .release).environments(defines: [], languageVersion: mode, enabledFeatures: features, visibleModules: ["Local"],
                                                       compilerVersion: compiler)[variant]
    }

    @Test(arguments: [
        ("compiler(>=6.3.1)", true), ("compiler(>=6.3.2)", false), ("compiler(<6.3.1)", false), ("compiler(>=6.3)", true),
        ("swift(>=6.3.1)", true), ("swift(>=6.3.2)", false), ("swift(>=6.3)", true),
    ])
    func theFullCompilerVersionDecidesPatchLevels(_ condition: String, _ expected: Bool) {
        #expect(Self.environment().evaluate(condition) == expected)
    }

    @Test func aVersionKnownToTheMinorLeavesPatchLevelsUndecided() {
        let environment = Self.environment(compiler: [6, 3])
        #expect(environment.evaluate("compiler(>=6.3.1)") == nil)
        #expect(environment.evaluate("swift(>=6.3.1)") == nil)
        #expect(environment.evaluate("compiler(>=6.3.0)") == true)
        #expect(environment.evaluate("compiler(>=6.4)") == false)
    }

    @Test(arguments: [
        ([4, 1, 50], "swift(>=4.1.50)", true), ([4, 1, 50], "swift(>=4.2)", false),
        ([4, 2], "swift(>=4.2)", true), ([4, 2], "swift(>=4.2.1)", false),
        ([5, 10], "swift(>=5.10)", true), ([5, 10], "swift(>=5.10.1)", false), ([5, 10], "swift(<6)", true),
    ])
    func olderLanguageModesAnswerTheirFixedVersion(_ mode: [Int], _ condition: String, _ expected: Bool) {
        #expect(Self.environment(mode: mode).evaluate(condition) == expected)
    }

    @Test func submodulesAndVersionsOfAModuleThatIsThereStayUndecided() {
        let linux = Self.environment()
        #expect(linux.evaluate("canImport(Glibc)") == true)
        #expect(linux.evaluate("canImport(Glibc.NoSuchSubmodule)") == nil)
        #expect(linux.evaluate("canImport(Local.Sub)") == nil)
        // No Linux toolchain module carries a version: swiftc ignores `_version:` of one
        // (`KnowableCanImportTests`); `_underlyingVersion:` turns on what an earlier check loaded.
        #expect(linux.evaluate("canImport(Foundation, _version: 2)") == true)
        #expect(Self.environment(.ios).evaluate("canImport(Foundation, _version: 2)") == nil)
        #expect(linux.evaluate("canImport(Foundation, _underlyingVersion: 2)") == nil)
        // A module that is missing has no submodule and no version.
        #expect(linux.evaluate("canImport(Darwin.C)") == false)
        #expect(linux.evaluate("canImport(UIKit, _version: 2)") == false)
    }

    @Test func macabiIsMacCatalystsOldName() {
        #expect(Self.environment(.maccatalyst).evaluate("targetEnvironment(macabi)") == true)
        #expect(Self.environment(.ios).evaluate("targetEnvironment(macabi)") == false)
        #expect(Self.environment(.macos).evaluate("os(OSX)") == true)
        #expect(Self.environment(.visionos).evaluate("os(xrOS)") == true)
        #expect(Self.environment().evaluate("_ptrauth(_none) && !_ptrauth(_arm64e)") == true)
    }

    @Test func featuresAreDecidedPerCompilerAndLanguageMode() {
        let six = Self.environment()
        #expect(six.evaluate("hasFeature(StrictConcurrency)") == true)
        #expect(six.evaluate("$StrictConcurrency") == true)
        #expect(six.evaluate("$Macros && hasFeature(TypedThrows)") == true)
        #expect(six.evaluate("hasFeature(ExistentialAny)") == false)
        #expect(six.evaluate("hasFeature(NoSuchFeature)") == false)
        let five = Self.environment(mode: [5, 10])
        #expect(five.evaluate("hasFeature(StrictConcurrency)") == false)
        #expect(five.evaluate("hasFeature(NonfrozenEnumExhaustivity)") == true)
        #expect(Self.environment(mode: [4, 2]).evaluate("hasFeature(NonfrozenEnumExhaustivity)") == false)
        #expect(Self.environment(mode: [5, 10], features: ["ExistentialAny"]).evaluate("hasFeature(ExistentialAny)") == true)
        // Another compiler's features are not tabled: only what the mode and the target enable.
        let other = Self.environment(compiler: [6, 1, 2])
        #expect(other.evaluate("hasFeature(StrictConcurrency)") == true)
        #expect(other.evaluate("hasFeature(TypedThrows)") == nil)
        #expect(six.evaluate("hasAttribute(retroactive)") == true)
        #expect(six.evaluate("hasAttribute(NoSuchAttribute)") == false)
        #expect(six.evaluate("hasAttribute(_exported)") == false)
        #expect(six.evaluate("hasAttribute(escaping)") == true)
        #expect(other.evaluate("hasAttribute(retroactive)") == nil)
        #expect(six.evaluate("_compiler_version(\"6.3.1\")") == nil)
    }

    @Test(arguments: [
        (Platform.linux, "Musl", false), (.linux, "CoreFoundation", true), (.linux, "Runtime", true), (.linux, "CDispatch", true),
        (.linux, "DispatchIntrospection", true), (.linux, "SwiftShims", true), (.linux, "WASILibc", false), (.linux, "System", false),
        (.maccatalyst, "AppKit", true), (.maccatalyst, "Cocoa", true), (.ios, "_Differentiation", false), (.linux, "_Differentiation", true),
        (.macos, "Spatial", true), (.watchos, "Spatial", true), (.macos, "HealthKitUI", false), (.ios, "HealthKitUI", true),
        (.macos, "RealityFoundation", true), (.tvos, "CallKit", false), (.macos, "CallKit", true), (.ios, "System", true),
        (.tvos, "HomeKit", true), (.macos, "HomeKit", false), (.macos, "PushKit", true), (.ios, "OpenGLES", true),
        (.macos, "OpenGLES", false), (.macos, "Translation", true), (.watchos, "WorkoutKit", true),
    ])
    func theSDKTablesAnswerAsThePlatformsShip(_ platform: Platform, _ module: String, _ expected: Bool) {
        #expect(Self.environment(platform).evaluate("canImport(\(module))") == expected)
    }

    @Test func modulesNotCertainOnAPlatformStayUndecided() {
        #expect(Self.environment(.ios).evaluate("canImport(SwiftShims)") == nil)
        #expect(Self.environment(.visionos).evaluate("canImport(OpenGLES)") == nil)
        #expect(Self.environment(.windows).evaluate("canImport(System)") == nil)
        // A framework of a newer SDK than the one tabled: undecided on Apple, missing elsewhere.
        #expect(Self.environment(.ios).evaluate("canImport(FoundationModels)") == nil)
        #expect(Self.environment(.linux).evaluate("canImport(FoundationModels)") == false)
        // Glibc is Linux's alone: known missing where another toolchain's modules are not read.
        #expect(Self.environment(.android).evaluate("canImport(Glibc)") == false)
        #expect(Self.environment(.windows).evaluate("canImport(Glibc)") == false)
    }

    /// Forms the compiler rejects (an error, the file does not build) are never decided.
    @Test(arguments: ["!!os(Linux)", "! os(Linux)", "swift(>= 5)", "compiler(>= 6)", "swift(<=6)", "hasFeature(A.B)", "DEBUG == 1", "os(Linux) &&"])
    func formsTheCompilerRejectsAreNotDecided(_ condition: String) {
        #expect(Self.environment().evaluate(condition) == nil)
    }

    @Test(arguments: ["!os(iOS)", "!(os(iOS))", "os( Linux )", "swift(>=5)", "canImport( Glibc )"])
    func formsTheCompilerAcceptsAreDecided(_ condition: String) {
        #expect(Self.environment().evaluate(condition) == true)
    }
}
