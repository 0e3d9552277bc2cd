import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess

/// The project reader on the ConfiguredProject fixture, whose settings live in `.xcconfig`
/// files: a project-level chain with `#include` and `#include?`, target-level files, a
/// `PRODUCT_NAME = $(TARGET_NAME)` that overrides the project's `productName`, conditions set
/// only in a file, a UI-test bundle whose `TEST_TARGET_NAME` is in a file, macOS and iOS
/// targets, and sources a build phase writes. And `.xcconfig` chains that go wrong.
@Suite(.tags(.small)) struct ConfiguredProjectReaderTests {
    static let folder = Fixtures.path("ConfiguredProject")

    static func project() throws -> XcodeProject {
        try XcodeProjectReader.read(projectAt: folder + "/Configured.xcodeproj", shownAs: "Configured.xcodeproj/project.pbxproj",
                                    boundary: ReadBoundary(root: folder))
    }

    static func targets() throws -> [String: XcodeProject.NativeTarget] {
        Dictionary(uniqueKeysWithValues: try project().targets.map { ($0.name, $0) })
    }

    @Test func moduleNamesFollowTheResolvedSettings() throws {
        let targets = try Self.targets()
        // productName = Shared in the project; PRODUCT_NAME = $(TARGET_NAME) in the project's .xcconfig.
        #expect(targets["Localizations"]?.productName == "Localizations")
        #expect(targets["Localizations"]?.moduleName == "Localizations")
        // PRODUCT_MODULE_NAME in the target's settings.
        #expect(targets["Networking"]?.moduleName == "NetworkKit")
        #expect(targets["ConfiguredApp"]?.moduleName == "ConfiguredApp")
    }

    @Test func conditionsComeFromEveryLevelAndFromDashDInOtherSwiftFlags() throws {
        let app = try #require(try Self.targets()["ConfiguredApp"])
        // DEBUG: [config=Debug] in an included file of the project's .xcconfig; PROJECT_WIDE: the
        // project's settings; NETP_SYSTEM_EXTENSION: the app's .xcconfig; VERBOSE_LOGGING: -D.
        #expect(app.compilationConditions == [
            "Debug": ["DEBUG", "PROJECT_WIDE", "NETP_SYSTEM_EXTENSION", "VERBOSE_LOGGING"],
            "Release": ["PROJECT_WIDE", "NETP_SYSTEM_EXTENSION", "VERBOSE_LOGGING"],
        ])
        #expect(app.buildSettings["Debug"]?["PRODUCT_BUNDLE_IDENTIFIER"] == "org.example.ConfiguredApp")
    }

    @Test func swiftVersionTakesTheConditionalAssignmentForTheTargetsSDK() throws {
        let targets = try Self.targets()
        #expect(targets["ConfiguredApp"]?.swiftVersion == "6.0")  // SWIFT_VERSION[sdk=macosx*]
        #expect(targets["Localizations"]?.swiftVersion == "5.0")  // the project's .xcconfig
    }

    /// What `required-settings` and `#if hasFeature` see: the settings a package spells the same way.
    @Test func languageSettingsReachTheGraphAsPackageSettings() throws {
        let app = try #require(try Self.targets()["ConfiguredApp"])
        let settings = ProjectAssembler.settings(app)
        #expect(settings.contains(BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny"])))
        #expect(settings.contains(BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["6.0"])))
        #expect(settings.contains(BuildSetting(tool: "swift", kind: "define", values: ["NETP_SYSTEM_EXTENSION"], condition: DependencyCondition(configuration: "release"))))
        var flagged = app
        flagged.buildSettings["Debug"]?["OTHER_SWIFT_FLAGS"] = "-enable-upcoming-feature MemberImportVisibility"
        flagged.buildSettings["Debug"]?["SWIFT_DEFAULT_ACTOR_ISOLATION"] = "MainActor"
        flagged.buildSettings["Release"]?["SWIFT_DEFAULT_ACTOR_ISOLATION"] = "MainActor"
        let features = ProjectAssembler.languageFeatures(flagged)
        #expect(features.contains(BuildSetting(tool: "swift", kind: "defaultIsolation", values: ["MainActor"])))
        #expect(features.contains(BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["MemberImportVisibility"], condition: DependencyCondition(configuration: "debug"))))
    }

    /// `SWIFT_APPROACHABLE_CONCURRENCY = YES` turns on the five features it groups, each the
    /// default of its own setting: one set to NO stays off.
    @Test func approachableConcurrencyTurnsOnItsFeaturesButOnesSetToNo() throws {
        var app = try #require(try Self.targets()["ConfiguredApp"])
        for configuration in app.buildSettings.keys {
            app.buildSettings[configuration]?["SWIFT_APPROACHABLE_CONCURRENCY"] = "YES"
            app.buildSettings[configuration]?["SWIFT_UPCOMING_FEATURE_INFER_ISOLATED_CONFORMANCES"] = "NO"
        }
        let features = ProjectAssembler.languageFeatures(app).filter { $0.kind == "enableUpcomingFeature" && $0.condition == nil }.flatMap(\.values)
        #expect(Set(features).isSuperset(of: ["DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferSendableFromCaptures",
                                              "NonisolatedNonsendingByDefault"]))
        #expect(!features.contains("InferIsolatedConformances"))
        #expect(!features.contains("ApproachableConcurrency"))
    }

    /// Xcode names some features' settings unlike the features (`…_DISABLE_OUTWARD_ACTOR_ISOLATION`
    /// turns on DisableOutwardActorInference, `…_IMPORT_OBJC_FORWARD_DECLS`
    /// ImportObjcForwardDeclarations, `SWIFT_ENABLE_BARE_SLASH_REGEX` BareSlashRegexLiterals): each
    /// reaches the graph under the feature's name, and one set to NO is off under Approachable
    /// Concurrency too.
    @Test func irregularlyNamedSettingsReachTheGraphUnderTheirFeaturesNames() throws {
        var app = try #require(try Self.targets()["ConfiguredApp"])
        for configuration in app.buildSettings.keys {
            app.buildSettings[configuration]?["SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION"] = "YES"
            app.buildSettings[configuration]?["SWIFT_UPCOMING_FEATURE_IMPORT_OBJC_FORWARD_DECLS"] = "YES"
            app.buildSettings[configuration]?["SWIFT_ENABLE_BARE_SLASH_REGEX"] = "YES"
        }
        let upcoming = { (target: XcodeProject.NativeTarget) in
            ProjectAssembler.languageFeatures(target).filter { $0.kind == "enableUpcomingFeature" && $0.condition == nil }.flatMap(\.values).sorted()
        }
        #expect(upcoming(app) == ["BareSlashRegexLiterals", "DisableOutwardActorInference", "ExistentialAny", "ImportObjcForwardDeclarations"])
        for configuration in app.buildSettings.keys {
            app.buildSettings[configuration]?["SWIFT_APPROACHABLE_CONCURRENCY"] = "YES"
            app.buildSettings[configuration]?["SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION"] = "NO"
        }
        #expect(!upcoming(app).contains("DisableOutwardActorInference"))
    }

    @Test func aUITestBundlesTargetComesFromItsConfigurationFile() throws {
        #expect(try Self.targets()["ConfiguredAppUITests"]?.testHost == "ConfiguredApp")
    }

    @Test func platformsComeFromSupportedPlatformsElseSDKRoot() throws {
        let targets = try Self.targets()
        #expect(targets["ConfiguredApp"]?.platforms == ["macos"])
        #expect(targets["Localizations"]?.platforms == ["macos"])
        #expect(targets["MobileOnlyKit"]?.platforms == ["ios"])
    }

    @Test func configurationFilesIncludeEveryFileTheChainsRead() throws {
        let targets = try Self.targets()
        let relative = { (paths: [String]) in paths.map { FileSystem.relativePath($0, to: Self.folder) } }
        #expect(relative(targets["ConfiguredApp"]?.configurationFiles ?? []) == [
            "Configuration/App.xcconfig", "Configuration/Project.xcconfig", "Configuration/Shared/Base.xcconfig", "Configuration/Shared/Platform.xcconfig",
        ])
        #expect(relative(targets["Networking"]?.configurationFiles ?? []) == ["Configuration/Project.xcconfig", "Configuration/Shared/Base.xcconfig"])
        // `#include? "Local.xcconfig"` names no file: no warning.
        #expect(try Self.project().warnings.map(\.text) == [])
    }

    @Test func listedSourcesThatAreNotOnDiskAreMissingNotSources() throws {
        let project = try Self.project()
        let app = try #require(project.targets.first { $0.name == "ConfiguredApp" })
        #expect(app.sources.map { FileSystem.relativePath($0, to: Self.folder) } == ["App/ConfiguredApp.swift"])
        #expect(app.missingSources.map { FileSystem.relativePath($0, to: Self.folder) } == ["App/Generated/Strings.swift", "App/Stale.swift"])
        #expect(project.buildPhaseOutputs == [Self.folder + "/App/Generated/Strings.swift"])
        let lines = MissingSourceWarning.warnings([project], root: Self.folder) { _ in false }.map(\.text)
        #expect(lines == [
            "Configured.xcodeproj/project.pbxproj: missing-source: 2 sources it lists are not on disk and not checked: App/Generated/Strings.swift (generated by a build phase?), App/Stale.swift; generate them before running Bulkhead, or list them under exclude in bulkhead.json",
        ])
        #expect(MissingSourceWarning.warnings([project], root: Self.folder) { $0.hasPrefix("App/") }.map(\.text) == [])
    }

    // MARK: Chains that go wrong

    /// A folder of `.xcconfig` files written for one test, removed after it.
    static func withFiles(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-xcconfig-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try body(FileSystem.realPath(folder))
    }

    @Test func anIncludeCycleIsRefusedWithItsChainAndTheRestIsRead() throws {
        try Self.withFiles([
            "A.xcconfig": "#include \"Sub/B.xcconfig\"\nA_SET = yes\n",
            "Sub/B.xcconfig": "B_SET = yes\n#include \"../A.xcconfig\"\n",
        ]) { folder in
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/A.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["B_SET", "A_SET"])
            #expect(chain.files == [folder + "/A.xcconfig", folder + "/Sub/B.xcconfig"])
            #expect(chain.warnings.map(\.text) == ["Sub/B.xcconfig:2: malformed-xcconfig: #include cycle A.xcconfig → Sub/B.xcconfig → A.xcconfig; the include is skipped"])
        }
    }

    @Test func includesAreRelativeToTheIncludingFileAndLaterLinesWin() throws {
        try Self.withFiles([
            "Top.xcconfig": "FLAGS = top\n#include \"Shared/Middle.xcconfig\"\nFLAGS = $(inherited) last\n",
            "Shared/Middle.xcconfig": "#include \"Leaf/Bottom.xcconfig\"\nFLAGS = $(inherited) middle\n",
            "Shared/Leaf/Bottom.xcconfig": "FLAGS = $(inherited) bottom\n",
        ]) { folder in
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/Top.xcconfig", referencedBy: "project")
            #expect(chain.warnings.map(\.text).isEmpty)
            let resolver = BuildSettingsResolver(levels: [chain.assignments])
            #expect(resolver.value(of: "FLAGS", for: .init(sdk: "", configuration: "Debug")) == "top bottom middle last")
        }
    }

    @Test func aMissingIncludeAndAMalformedLineAreWarningsNamingFileAndLine() throws {
        try Self.withFiles([
            "Project.xcconfig": "#include \"Gone.xcconfig\"\n#include? \"Optional.xcconfig\"\nSWIFT_VERSION 6\nGOOD = 1\n",
        ]) { folder in
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/Project.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["GOOD"])
            #expect(chain.warnings.map(\.text) == [
                "Project.xcconfig:1: malformed-xcconfig: #include \"Gone.xcconfig\" names no file; write #include? for a file that may be absent",
            ])
            #expect(loader.malformedLines(of: folder + "/Project.xcconfig").map(\.text) == [
                "Project.xcconfig:3: malformed-xcconfig: expected 'KEY = value', 'KEY[condition=value] = value' or '#include \"file\"', found 'SWIFT_VERSION 6'; the line is skipped",
            ])
        }
    }

    @Test func bytesThatAreNotUTF8SpoilOnlyTheirLine() throws {
        try Self.withFiles(["Binary.xcconfig": ""]) { folder in
            try Data([0xFF, 0xFE, 0x00, 0x0A] + Array("GOOD = 1\n".utf8)).write(to: URL(fileURLWithPath: folder + "/Binary.xcconfig"))
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/Binary.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["GOOD"])
            #expect(loader.malformedLines(of: folder + "/Binary.xcconfig").map(\.text).count == 1)
            #expect(loader.malformedLines(of: folder + "/Binary.xcconfig").map(\.text).first?.hasPrefix("Binary.xcconfig:1: malformed-xcconfig:") == true)
        }
    }

    /// The reproduction of issue 49: a malformed line holding ESC and NUL was quoted as it was,
    /// and the terminal obeyed it. Every byte of the repository a warning shows is escaped.
    @Test func warningsQuoteTheRepositorysControlCharactersEscaped() throws {
        try Self.withFiles(["Project.xcconfig": ""]) { folder in
            let text = "\u{1B}[2J\u{0}CLEARED\n#include \"Gone\u{1B}]0;title\u{7}.xcconfig\"\nGOOD = 1\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Project.xcconfig"))
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/Project.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["GOOD"])
            let warnings = chain.warnings.map(\.text) + loader.malformedLines(of: folder + "/Project.xcconfig").map(\.text)
            #expect(warnings.count == 2)
            for warning in warnings {
                #expect(!warning.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(warning.debugDescription)")
            }
            #expect(warnings.contains { $0.contains("found '\\x1B[2J\\x00CLEARED'") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("#include \"Gone\\x1B]0;title\\x07.xcconfig\" names no file") }, "\(warnings)")
        }
    }

    /// The reproduction of issue 49: an #include of a FIFO or of a file over the size limit
    /// said "names no file" (a FIFO could have blocked the read). It says what the path is.
    @Test func anIncludeOfAFIFOOrAnOversizedFileSaysWhatItIsWithoutBlocking() throws {
        try Self.withFiles([
            "Project.xcconfig": "#include \"Pipe.xcconfig\"\n#include? \"Huge.xcconfig\"\nGOOD = 1\n",
        ]) { folder in
            #expect(mkfifo(folder + "/Pipe.xcconfig", 0o600) == 0)
            #expect(FileManager.default.createFile(atPath: folder + "/Huge.xcconfig", contents: nil))
            let huge = try #require(FileHandle(forWritingAtPath: folder + "/Huge.xcconfig"))
            try huge.truncate(atOffset: UInt64(FileSystem.readLimit + 1))  // sparse: nothing is written
            try huge.close()
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/Project.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["GOOD"])
            #expect(chain.warnings.map(\.text) == [
                "Project.xcconfig:1: malformed-xcconfig: #include \"Pipe.xcconfig\" cannot be read: it is a FIFO, not a file; "
                    + "Bulkhead reads only regular files here; its settings are left out",
                "Project.xcconfig:2: malformed-xcconfig: #include \"Huge.xcconfig\" cannot be read: it is \(FileSystem.readLimit + 1) bytes, "
                    + "over the \(FileSystem.readLimit)-byte limit; its settings are left out",
            ])
            #expect(!chain.warnings.map(\.text).contains { $0.contains("names no file") })
        }
    }

    @Test func includesNestedPastTheBoundStopThereWithoutRecursion() throws {
        var files: [String: String] = [:]
        for index in 0..<200 { files["F\(index).xcconfig"] = "#include \"F\(index + 1).xcconfig\"\nV\(index) = \(index)\n" }
        try Self.withFiles(files) { folder in
            var loader = XCConfigLoader(root: folder, boundary: ReadBoundary(root: folder))
            let chain = loader.chain(at: folder + "/F0.xcconfig", referencedBy: "project")
            #expect(chain.files.count == XCConfigLoader.maximumDepth)
            #expect(chain.warnings.map(\.text).count == 1)
            #expect(chain.warnings.map(\.text).first?.contains("nested more than 32 deep") == true)
        }
    }

    @Test func anIncludeOutsideTheRootIsNotRead() throws {
        try Self.withFiles([
            "Inside/Project.xcconfig": "#include \"../Outside.xcconfig\"\nOWN = 1\n",
            "Outside.xcconfig": "SECRET = 1\n",
        ]) { folder in
            var loader = XCConfigLoader(root: folder + "/Inside", boundary: ReadBoundary(root: folder + "/Inside"))
            let chain = loader.chain(at: folder + "/Inside/Project.xcconfig", referencedBy: "project")
            #expect(chain.assignments.map(\.key) == ["OWN"])
            #expect(chain.warnings.map(\.text).count == 1)
            #expect(chain.warnings.map(\.text).first?.contains("outside-root") == true)
        }
    }
}
