import Foundation
import ModuleGraph
import Selection
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess

/// What a project target owns besides its Swift sources, read from the AffectedApp fixture
/// (Resources phase with an asset catalog, a variant group and a plain file; `INFOPLIST_FILE`
/// and `CODE_SIGN_ENTITLEMENTS`; a test bundle's folder), and how the graph carries it.
@Suite(.tags(.small)) struct TargetOwnedFilesTests {
    static let root = Fixtures.path("AffectedApp")

    static func targets() throws -> [String: XcodeProject.NativeTarget] {
        let project = try XcodeProjectReader.read(projectAt: root + "/Shop.xcodeproj", shownAs: "Shop.xcodeproj/project.pbxproj", boundary: ReadBoundary(root: root))
        return Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0) })
    }

    static func owned(_ target: XcodeProject.NativeTarget?) -> [String] {
        (target?.ownedFiles ?? []).map { FileSystem.relativePath($0, to: root) }
    }

    @Test func phasesVariantGroupsAndPathSettingsAreOwned() throws {
        let targets = try Self.targets()
        #expect(Self.owned(targets["Shop"]) == [
            "Shop/Info.plist", "Shop/Resources/Assets.xcassets", "Shop/Resources/Sounds/chime.caf",
            "Shop/Resources/en.lproj/Localizable.strings", "Shop/Resources/fr.lproj/Localizable.strings", "Shop/Shop.entitlements",
        ])
        #expect(Self.owned(targets["ShopWidget"]) == ["Widget/Info.plist"])
        // A test bundle owns its folder: snapshots and fixtures next to its sources.
        #expect(Self.owned(targets["ShopTests"]) == ["ShopTests"])
    }

    @Test(arguments: [
        ("Shop/Info.plist", false, ["Shop/Info.plist"]),
        ("\"$(SRCROOT)/My App/Info.plist\"", false, ["./My App/Info.plist"]),
        ("${PROJECT_DIR}/$(TARGET_NAME)/App.entitlements", false, ["./Shop/App.entitlements"]),
        ("$(CONFIGURATION_DIR)/Info.plist", false, []),
        ("\"Shop/Preview Content\" Shared/Previews", true, ["Shop/Preview Content", "Shared/Previews"]),
    ])
    func aPathSettingNamesItsFiles(value: String, isList: Bool, paths: [String]) {
        #expect(TargetReader.settingPaths(value, isList: isList, targetName: "Shop") == paths)
    }

    /// `$(SRCROOT)` alone or `..` would make the target the owner of every file of the project:
    /// such an entry is dropped, and the rest stay.
    @Test func anEntryHoldingTheProjectFolderIsDropped() throws {
        let text = try String(contentsOfFile: Self.root + "/Shop.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "INFOPLIST_FILE = Widget/Info.plist;", with: "INFOPLIST_FILE = Widget/Info.plist; DEVELOPMENT_ASSET_PATHS = \"$(SRCROOT) .. Widget/Previews\";")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectAt: Self.root + "/Shop.xcodeproj", shownAs: "project.pbxproj", boundary: ReadBoundary(root: Self.root))
        let widget = project.targets.first { $0.name == "ShopWidget" }
        #expect(Self.owned(widget) == ["Widget/Info.plist", "Widget/Previews"])
    }

    /// A path outside the root (here a fixture beside it) is never owned: `footprint` would
    /// measure it, walking whatever folder it names. Found by the XcodeProjectReader fuzz oracle.
    @Test func anEntryOutsideTheRootIsDropped() throws {
        let text = try String(contentsOfFile: Self.root + "/Shop.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "INFOPLIST_FILE = Widget/Info.plist;", with: "INFOPLIST_FILE = Widget/Info.plist; DEVELOPMENT_ASSET_PATHS = \"../TravelApp Widget/Previews\";")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectAt: Self.root + "/Shop.xcodeproj", shownAs: "project.pbxproj", boundary: ReadBoundary(root: Self.root))
        let widget = project.targets.first { $0.name == "ShopWidget" }
        #expect(Self.owned(widget) == ["Widget/Info.plist", "Widget/Previews"])
    }

    /// An `.intentdefinition` two targets compile is a variant group in their Sources phases:
    /// each of its localisations belongs to both, and the Swift they compile stays a source.
    @Test func aVariantGroupInTheSourcesPhaseIsOwnedByEveryTargetCompilingIt() throws {
        let objects = """
        BB0000000000000000000F20 = {isa = PBXFileReference; name = Base; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
        BB0000000000000000000F21 = {isa = PBXFileReference; name = ru; path = ru.lproj/Intents.strings; sourceTree = "<group>"; };
        BB0000000000000000000V20 = {isa = PBXVariantGroup; children = (BB0000000000000000000F20, BB0000000000000000000F21, ); name = Intents.intentdefinition; sourceTree = "<group>"; };
        BB0000000000000000000B20 = {isa = PBXBuildFile; fileRef = BB0000000000000000000V20; };
        BB0000000000000000000B21 = {isa = PBXBuildFile; fileRef = BB0000000000000000000V20; };
        """
        let text = try String(contentsOfFile: Self.root + "/Shop.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "/* Begin PBXBuildFile section */", with: "/* Begin PBXBuildFile section */\n" + objects)
            .replacingOccurrences(of: "children = (BB0000000000000000000F08 /* ShopWidget.swift */, ", with: "children = (BB0000000000000000000F08 /* ShopWidget.swift */, BB0000000000000000000V20, ")
            .replacingOccurrences(of: "files = (BB0000000000000000000B01 /* ShopApp.swift in Sources */, ", with: "files = (BB0000000000000000000B01 /* ShopApp.swift in Sources */, BB0000000000000000000B20, ")
            .replacingOccurrences(of: "files = (BB0000000000000000000B05 /* ShopWidget.swift in Sources */, ", with: "files = (BB0000000000000000000B05 /* ShopWidget.swift in Sources */, BB0000000000000000000B21, ")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectAt: Self.root + "/Shop.xcodeproj", shownAs: "project.pbxproj", boundary: ReadBoundary(root: Self.root))
        let targets = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0) })
        for name in ["Shop", "ShopWidget"] {
            #expect(Self.owned(targets[name]).contains("Widget/ru.lproj/Intents.strings"), "\(name)")
            #expect(Self.owned(targets[name]).contains("Widget/Base.lproj/Intents.intentdefinition"), "\(name)")
        }
        #expect(Self.owned(targets["ShopWidget"]).contains("Widget/ShopWidget.swift") == false)
    }

    /// A Resources-phase entry that names no object (Xcode shows it in red) is left unowned;
    /// the project still reads.
    @Test func aDanglingResourceIsLeftOutNotAnError() throws {
        let text = try String(contentsOfFile: Self.root + "/Shop.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "files = (BB0000000000000000000B02 /* Assets.xcassets in Resources */, ",
                                  with: "files = (BB0000000000000000000B02 /* Assets.xcassets in Resources */, BB00000000000000000000FF, ")
            .replacingOccurrences(of: "fileRef = BB0000000000000000000F05 /* chime.caf */;", with: "fileRef = BB00000000000000000000FE;")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectAt: Self.root + "/Shop.xcodeproj", shownAs: "project.pbxproj", boundary: ReadBoundary(root: Self.root))
        let shop = project.targets.first { $0.name == "Shop" }
        #expect(Self.owned(shop).contains("Shop/Resources/Assets.xcassets"))
        #expect(!Self.owned(shop).contains("Shop/Resources/Sounds/chime.caf"))
    }

    /// The graph carries owned files and `.xcconfig` files as the target's resources, relative to
    /// the project's folder, so `affected` places a change to one with its target.
    @Test func ownedAndConfigurationFilesBecomeTheGraphTargetsResources() {
        var app = XcodeProject.NativeTarget(name: "App", productType: .application, moduleName: "App", productName: "App",
                                            sources: ["/repo/App/Sources/A.swift"], packageProducts: [], targetDependencies: [],
                                            testHost: nil, compilationConditions: [:])
        app.ownedFiles = ["/repo/App/Info.plist"]
        app.configurationFiles = ["/repo/Configuration/App.xcconfig", "/Shared/Base.xcconfig"]
        let project = XcodeProject(name: "App", path: "/repo/App.xcodeproj", objectVersion: 77, targets: [app])
        let assembled = ProjectAssembler(root: "/repo", packageIdentities: [:], localProductOwners: [:]).assemble([project], pins: [:])
        let target = assembled.targets.first
        #expect(target?.resources == ["../Shared/Base.xcconfig", "App/Info.plist", "Configuration/App.xcconfig"])
        let graph = ModuleGraph(packages: assembled.packages, targets: assembled.targets)
        let ownership = TargetOwnership(graph: graph, layout: RepositoryLayout(top: "/repo", packageFolders: ["app.xcodeproj": "/repo"],
                                                                               projectFiles: ["/repo/App.xcodeproj/project.pbxproj": "app.xcodeproj"]))
        #expect(ownership.owners(of: "/repo/Configuration/App.xcconfig") == [TargetID(package: "app.xcodeproj", name: "App")])
        #expect(ownership.owners(of: "/repo/Configuration/Other.xcconfig") == [])
    }

    /// A project-level setting changes every target's summary; a target-level one only that
    /// target's: compared with `ManifestComparison`, the settings are named with their
    /// configurations.
    @Test func theSummaryComparesSettingsTargetByTarget() throws {
        let path = Self.root + "/Shop.xcodeproj"
        let text = try String(contentsOfFile: path + "/project.pbxproj", encoding: .utf8)
        func summary(_ text: String) throws -> ProjectSummary {
            try XcodeProjectReader.parse(Data(text.utf8), projectAt: path, shownAs: "project.pbxproj", boundary: ReadBoundary(root: Self.root)).summary()
        }
        let base = try summary(text)
        let projectLevel = try summary(text.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = iphoneos; SWIFT_STRICT_CONCURRENCY = complete;"))
        let comparison = ManifestComparison.compare(base: base, head: projectLevel)
        #expect(comparison.targets == [:])
        #expect(comparison.settings == Dictionary(uniqueKeysWithValues: ["Shop", "ShopTests", "ShopWidget", "ShopWidgetTests"].map {
            ($0, ["SWIFT_STRICT_CONCURRENCY (Debug, Release)"])
        }))
        let targetLevel = try summary(text.replacingOccurrences(of: "MARKETING_VERSION = 1.0; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; PRODUCT_NAME = \"$(TARGET_NAME)\"; SWIFT_VERSION = 6.0; }; name = Release;",
                                                                with: "MARKETING_VERSION = 1.1; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; PRODUCT_NAME = \"$(TARGET_NAME)\"; SWIFT_VERSION = 6.0; }; name = Release;"))
        #expect(ManifestComparison.compare(base: base, head: targetLevel).settings == ["Shop": ["MARKETING_VERSION (Release)"]])
        // Compilation conditions are settings too, named as such, not a second reason.
        let conditions = try summary(text.replacingOccurrences(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = \"DEBUG $(inherited)\";",
                                                               with: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = \"DEBUG MOCKS $(inherited)\";"))
        let conditionsChanged = ManifestComparison.compare(base: base, head: conditions)
        #expect(conditionsChanged.targets == [:])
        #expect(conditionsChanged.settings["ShopTests"] == ["SWIFT_ACTIVE_COMPILATION_CONDITIONS (Debug)"])
        let unchanged = ManifestComparison.compare(base: base, head: base)
        #expect(unchanged.targets == [:] && unchanged.settings == [:])
    }
}
