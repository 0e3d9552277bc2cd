import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects

/// Build settings as Xcode resolves them: the `.xcconfig` syntax, the levels and their
/// precedence, `$(inherited)`, expansion with operators, conditional assignments.
@Suite(.tags(.small)) struct BuildSettingsResolverTests {
    static func assignments(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [BuildSettingAssignment] {
        let file = XCConfigFile.parse(text)
        #expect(file.problems.isEmpty, "\(file.problems)", sourceLocation: sourceLocation)
        return file.entries.compactMap {
            if case .assignment(let assignment, _) = $0 { return assignment }
            return nil
        }
    }

    static func resolve(_ levels: [String], target: String = "App", productName: String? = nil, sdk: String = "iphoneos",
                        configuration: String = "Debug") -> [String: String] {
        let resolver = BuildSettingsResolver(levels: [
            BuildSettingsResolver.builtIns(targetName: target, productName: productName, projectName: "Project",
                                           projectFolder: "/repo", configuration: configuration),
        ] + levels.map { assignments($0) })
        return resolver.resolve(for: .init(sdk: sdk, configuration: configuration))
    }

    // MARK: Syntax

    @Test func commentsSemicolonsIncludesAndConditionsAreRead() {
        let file = XCConfigFile.parse("""
        // A comment line
        #include "Shared/Base.xcconfig"
        #include? "Local.xcconfig" // absent on CI
        SWIFT_VERSION = 6.0;
        OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug] = $(inherited) -D DEVICE
        OTHER_LDFLAGS[sdk=macosx*,arch=arm64]=-lz
        URL = https:/$()/example.com
        EMPTY =
        """)
        #expect(file.problems.isEmpty)
        #expect(file.entries == [
            .include(path: "Shared/Base.xcconfig", isOptional: false, line: 2),
            .include(path: "Local.xcconfig", isOptional: true, line: 3),
            .assignment(BuildSettingAssignment(key: "SWIFT_VERSION", value: "6.0")!, line: 4),
            .assignment(BuildSettingAssignment(key: "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug]", value: "$(inherited) -D DEVICE")!, line: 5),
            .assignment(BuildSettingAssignment(key: "OTHER_LDFLAGS[sdk=macosx*,arch=arm64]", value: "-lz")!, line: 6),
            .assignment(BuildSettingAssignment(key: "URL", value: "https:/$()/example.com")!, line: 7),
            .assignment(BuildSettingAssignment(key: "EMPTY", value: "")!, line: 8),
        ])
        let conditioned = BuildSettingAssignment(key: "OTHER_LDFLAGS[sdk=macosx*,arch=arm64]", value: "")
        #expect(conditioned?.key == "OTHER_LDFLAGS")
        #expect(conditioned?.conditions == [.init(name: "sdk", pattern: "macosx*"), .init(name: "arch", pattern: "arm64")])
    }

    @Test(arguments: [
        ("SWIFT_VERSION 6.0", 1),
        ("#include Shared.xcconfig", 1),
        ("#include \"\"", 1),
        ("9LIVES = 1", 1),
        ("KEY[sdk] = 1", 1),
        ("KEY[sdk=x = 1", 1),
        ("A = 1\n\nB C = 2\nD = 3", 3),
    ])
    func aMalformedLineIsAProblemAtItsLineAndTheRestIsKept(text: String, line: Int) {
        let file = XCConfigFile.parse(text)
        #expect(file.problems.map(\.line) == [line])
        #expect(file.problems.first?.message.isEmpty == false)
    }

    @Test func crlfLineEndingsCountLinesAsWritten() {
        let file = XCConfigFile.parse("A = 1\r\nbroken\r\nB = 2\r\n")
        #expect(file.problems.map(\.line) == [2])
        #expect(file.entries.count == 2)
    }

    // MARK: Levels and precedence

    @Test func higherLevelsWinAndInheritedSplicesTheLowerOnes() {
        let resolved = Self.resolve([
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS = PROJECT_FILE\nSWIFT_VERSION = 5.0",  // project .xcconfig
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) PROJECT",  // project settings
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) TARGET_FILE\nSWIFT_VERSION = 6.0",  // target .xcconfig
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS = TARGET $(inherited)",  // target settings
        ])
        #expect(resolved["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "TARGET PROJECT_FILE PROJECT TARGET_FILE")
        #expect(resolved["SWIFT_VERSION"] == "6.0")
    }

    @Test func aLaterLineOfTheSameFileWinsAndItsInheritedIsTheEarlierLine() {
        let resolved = Self.resolve(["FLAGS = -a\nFLAGS = $(inherited) -b\nFLAGS = $(inherited) -c"])
        #expect(resolved["FLAGS"] == "-a -b -c")
    }

    @Test func inheritedWithNothingBelowIsEmpty() {
        #expect(Self.resolve(["FLAGS = $(inherited) -a"])["FLAGS"] == " -a")
    }

    @Test func productNameIsTheTargetsProductNameUnlessASettingSaysOtherwise() {
        #expect(Self.resolve([], target: "Localizations", productName: "Shared")["PRODUCT_NAME"] == "Shared")
        let fromFile = Self.resolve(["PRODUCT_NAME = $(TARGET_NAME)"], target: "Localizations", productName: "Shared")
        #expect(fromFile["PRODUCT_NAME"] == "Localizations")
        #expect(fromFile["PRODUCT_MODULE_NAME"] == "Localizations")
    }

    @Test func moduleNameIsTheProductNameAsAC99IdentifierUnlessSet() {
        #expect(Self.resolve(["PRODUCT_NAME = My-App 2"])["PRODUCT_MODULE_NAME"] == "My_App_2")
        #expect(Self.resolve(["PRODUCT_NAME = 2Fast"])["PRODUCT_MODULE_NAME"] == "_2Fast")
        #expect(Self.resolve(["PRODUCT_NAME = My-App", "PRODUCT_MODULE_NAME = AppCore"])["PRODUCT_MODULE_NAME"] == "AppCore")
    }

    // MARK: Expansion

    @Test func referencesInEveryFormAreExpandedWithTheirFinalValue() {
        let resolved = Self.resolve([
            "A = $(B)/${B}/$B/$(TARGET_NAME)/$(CONFIGURATION)/$(SRCROOT)/$(PROJECT_DIR)/$(PROJECT_NAME)\nB = early",
            "B = late",
        ], target: "App", configuration: "Release")
        #expect(resolved["A"] == "late/late/late/App/Release//repo//repo/Project")
    }

    @Test func nestedReferencesAndOperators() {
        let resolved = Self.resolve([
            """
            KIND = DEBUG
            FLAG_DEBUG = on
            PICKED = $(FLAG_$(KIND))
            NAME = My App-2
            C99 = $(NAME:c99extidentifier)
            RFC = $(NAME:rfc1034identifier)
            LOWER = $(NAME:lower)
            UPPER = $(NAME:upper)
            CHAINED = $(NAME:c99extidentifier:lower)
            FALLBACK = $(UNSET:default=none)
            PATH_VALUE = /a/b/File.swift
            PARTS = $(PATH_VALUE:file) $(PATH_VALUE:base) $(PATH_VALUE:suffix) $(PATH_VALUE:dir)
            """,
        ])
        #expect(resolved["PICKED"] == "on")
        #expect(resolved["C99"] == "My_App_2")
        #expect(resolved["RFC"] == "My-App-2")
        #expect(resolved["LOWER"] == "my app-2")
        #expect(resolved["UPPER"] == "MY APP-2")
        #expect(resolved["CHAINED"] == "my_app_2")
        #expect(resolved["FALLBACK"] == "none")
        #expect(resolved["PARTS"] == "File.swift File .swift /a/b/")
    }

    @Test func anUndefinedNameIsEmptyAndAnUnclosedReferenceStaysAsWritten() {
        let resolved = Self.resolve(["A = x$(NOT_SET)y\nB = x$(OPEN\nC = cost $ 5"])
        #expect(resolved["A"] == "xy")
        #expect(resolved["B"] == "x$(OPEN")
        #expect(resolved["C"] == "cost $ 5")
    }

    @Test func aCycleOfReferencesExpandsToEmptyInsteadOfHanging() {
        let resolved = Self.resolve(["A = a$(B)\nB = b$(A)\nSELF = $(SELF)x"])
        #expect(resolved["A"] == "ab")
        #expect(resolved["SELF"] == "x")
    }

    @Test func deepChainsAndDeepNestingStopAtTheBound() {
        // 10,000 settings each naming the next, and brackets nested 10,000 deep: bounded, no crash.
        var lines = (0..<10_000).map { "V\($0) = $(V\($0 + 1))" }
        lines.append("V10000 = end")
        lines.append("NESTED = " + String(repeating: "$(", count: 10_000) + "X" + String(repeating: ")", count: 10_000))
        let resolved = Self.resolve([lines.joined(separator: "\n")])
        #expect(resolved["V0"] == "")
        #expect(resolved["NESTED"] != nil)
        // Within the bound, a chain resolves.
        let resolver = BuildSettingsResolver(levels: [Self.assignments(lines.joined(separator: "\n"))])
        #expect(resolver.value(of: "V9990", for: .init(sdk: "", configuration: "Debug")) == "end")
    }

    @Test func valuesThatDoubleAtEveryLevelStopAtTheLengthBound() {
        // D0 = $(D1)$(D1), D1 = $(D2)$(D2), …: 2^30 bytes unbounded; cut at the bound instead.
        var lines = (0..<30).map { "D\($0) = $(D\($0 + 1))$(D\($0 + 1))" }
        lines.append("D30 = xy")
        let resolved = Self.resolve([lines.joined(separator: "\n")])
        #expect(resolved["D0"]?.utf8.count ?? 0 <= BuildSettingsResolver.maximumLength)
        #expect(resolved["D0"]?.hasPrefix("xyxy") == true)
        #expect(resolved["D25"] == String(repeating: "xy", count: 32))
    }

    // MARK: Conditions

    @Test func theMostSpecificMatchingAssignmentWinsForTheSDKResolved() {
        let level = """
        FLAGS[sdk=iphoneos*][arch=arm64] = device-arm64
        FLAGS[sdk=iphoneos*] = device
        FLAGS = plain
        FLAGS[sdk=macosx*] = mac
        """
        #expect(Self.resolve([level], sdk: "iphoneos")["FLAGS"] == "device-arm64")
        #expect(Self.resolve([level], sdk: "macosx")["FLAGS"] == "mac")
        #expect(Self.resolve([level], sdk: "appletvos")["FLAGS"] == "plain")
    }

    @Test func configurationAndArchitectureConditions() {
        let level = """
        SWIFT_ACTIVE_COMPILATION_CONDITIONS = BASE
        SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug] = $(inherited) DEBUG
        SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=App*] = $(inherited) STORE
        ARCHS_NOTE[arch=*] = any
        ARCHS_ONLY_X86[arch=x86_64] = intel
        """
        #expect(Self.resolve([level], configuration: "Debug")["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "BASE DEBUG")
        #expect(Self.resolve([level], configuration: "AppStore")["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "BASE STORE")
        #expect(Self.resolve([level], configuration: "Release")["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "BASE")
        #expect(Self.resolve([level])["ARCHS_NOTE"] == "any")
        #expect(Self.resolve([level])["ARCHS_ONLY_X86"] == nil)
    }

    @Test func aHigherLevelsPlainAssignmentBeatsALowerLevelsConditionalOne() {
        let resolved = Self.resolve(["FLAGS[sdk=iphoneos*] = file", "FLAGS = project"])
        #expect(resolved["FLAGS"] == "project")
    }

    @Test(arguments: [
        ("iphoneos*", "iphoneos", true), ("iphoneos*", "iphoneos17.2", true), ("iphoneos*", "iphonesimulator", false),
        ("*", "", true), ("mac*x", "macosx", true), ("a*b*c", "aXbYbZc", true), ("a*b*c", "aXc", false), ("Debug", "Debug", true),
    ])
    func patternsMatchAsXcodeDoes(pattern: String, text: String, matches: Bool) {
        #expect(BuildSettingsResolver.matches(pattern, text) == matches)
    }
}
