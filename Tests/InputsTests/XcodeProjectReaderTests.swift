import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess

/// The `project.pbxproj` reader on the TravelAppProject fixture (a synchronized folder with an
/// exception set, a classic group tree, SOURCE_ROOT and SDKROOT references, local and remote
/// package products, test hosts) and on hostile input.
@Suite(.tags(.small)) struct XcodeProjectReaderTests {
    static let projectPath = Fixtures.path("TravelAppProject/TravelApp.xcodeproj")

    static func fixtureProject() throws -> XcodeProject {
        try XcodeProjectReader.read(projectAt: projectPath, shownAs: "TravelApp.xcodeproj/project.pbxproj", boundary: ReadBoundary(root: Fixtures.path("TravelAppProject")))
    }

    static func relative(_ paths: [String]) -> [String] {
        paths.map { FileSystem.relativePath($0, to: Fixtures.path("TravelAppProject")) }
    }

    @Test func everyNativeTargetIsReadWithItsProductType() throws {
        let project = try Self.fixtureProject()
        #expect(project.name == "TravelApp")
        #expect(project.objectVersion == 77)
        #expect(project.targets.map(\.name) == ["TravelApp", "TravelWidget", "TravelAppTests", "TravelAppUITests", "TravelWidgetTests"])
        #expect(project.targets.map(\.productType) == [.application, .appExtension, .unitTestBundle, .uiTestBundle, .unitTestBundle])
        #expect(project.targets.map(\.productType.targetKind) == [.executable, .executable, .test, .test, .test])
    }

    @Test func sourcesComeFromGroupsSourceRootAndSynchronizedFoldersMinusExceptions() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.fixtureProject().targets.map { ($0.name, $0) })
        // The exception set keeps Preview Content/PreviewData.swift out of the app.
        #expect(Self.relative(targets["TravelApp"]?.sources ?? []) == ["App/CompositionRoot.swift", "App/DebugMenu.swift", "App/StoreReporting.swift", "App/TravelApp.swift"])
        #expect(Self.relative(targets["TravelWidget"]?.sources ?? []) == ["Widget/TravelWidget.swift"])
        // Through a group with a name and no path, then one with a path.
        #expect(Self.relative(targets["TravelAppTests"]?.sources ?? []) == ["TravelAppTests/TravelAppTests.swift"])
        // sourceTree = SOURCE_ROOT.
        #expect(Self.relative(targets["TravelWidgetTests"]?.sources ?? []) == ["TravelWidgetTests/TravelWidgetTests.swift"])
    }

    @Test func productsDependenciesHostsAndConditions() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.fixtureProject().targets.map { ($0.name, $0) })
        #expect(targets["TravelApp"]?.packageProducts == [
            .init(productName: "AppModules", package: .local(relativePath: "Modules")),
            .init(productName: "Collections", package: .remote(url: "https://github.com/apple/swift-collections.git",
                                                                requirement: "kind: upToNextMajorVersion, minimumVersion: 1.1.0")),
        ])
        #expect(targets["TravelAppTests"]?.targetDependencies == ["TravelApp"])
        #expect(targets["TravelAppTests"]?.testHost == "TravelApp")  // TEST_HOST
        #expect(targets["TravelAppUITests"]?.testHost == "TravelApp")  // TEST_TARGET_NAME
        #expect(targets["TravelWidgetTests"]?.testHost == nil)  // depends on an extension, not an app
        // Release sets "APPSTORE $(inherited)": the project sets none to inherit.
        #expect(targets["TravelApp"]?.compilationConditions == ["Debug": ["DEBUG"], "Release": ["APPSTORE"]])
        #expect(targets["TravelApp"]?.swiftVersion == "6.0")
        #expect(targets["TravelApp"]?.moduleName == "TravelApp")
    }

    /// Xcode's template sets the conditions on the project, not the targets: a target that sets
    /// none inherits them, `$(inherited)` splices them in, and `SWIFT_VERSION` comes from the
    /// project when the target has none.
    @Test func conditionsAndSwiftVersionAreInheritedFromTheProject() throws {
        let project = try Self.parse("""
        { objects = {
          P = {isa = PBXProject; buildConfigurationList = PL; targets = (A, B, ); mainGroup = G; };
          G = {isa = PBXGroup; children = (); };
          PL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); };
          PD = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)"; SWIFT_VERSION = 5.0; }; name = Debug; };
          PR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
          A = {isa = PBXNativeTarget; name = A; buildConfigurationList = AL; productType = "com.apple.product-type.application"; };
          AL = {isa = XCConfigurationList; buildConfigurations = (AD, AR, ); };
          AD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
          AR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
          B = {isa = PBXNativeTarget; name = B; buildConfigurationList = BL; productType = "com.apple.product-type.framework"; };
          BL = {isa = XCConfigurationList; buildConfigurations = (BD, BR, ); };
          BD = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "$(inherited) MOCKS"; SWIFT_VERSION = 6.0; }; name = Debug; };
          BR = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = (STORE, ); }; name = Release; };
        }; rootObject = P; }
        """)
        let targets = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0) })
        #expect(targets["A"]?.compilationConditions == ["Debug": ["DEBUG"]])
        #expect(targets["A"]?.swiftVersion == "5.0")
        #expect(targets["B"]?.compilationConditions == ["Debug": ["DEBUG", "MOCKS"], "Release": ["STORE"]])
        #expect(targets["B"]?.swiftVersion == "6.0")
    }

    // MARK: Hostile input

    static func parse(_ text: String) throws(XcodeProjectError) -> XcodeProject {
        try XcodeProjectReader.parse(Data(text.utf8), projectAt: "/nowhere/X.xcodeproj", shownAs: "X.xcodeproj/project.pbxproj", boundary: ReadBoundary(root: "/nowhere"))
    }

    @Test func aFileThatIsNotAPropertyListNamesTheFileAndTheLine() {
        #expect {
            try Self.parse("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup\n\t};\n}\n")
        } throws: { error in
            guard case .notAPropertyList(let file, let reason) = error as? XcodeProjectError else { return false }
            return file == "X.xcodeproj/project.pbxproj" && reason.contains("line")
        }
    }

    @Test(arguments: ["(1, 2)", "{ rootObject = A; }", "{ objects = { A = 1; }; rootObject = A; }", "{ objects = {}; }"])
    func aPropertyListThatIsNotAProjectSaysWhy(_ text: String) {
        #expect(throws: XcodeProjectError.self) { try Self.parse(text) }
    }

    @Test func aDanglingReferenceNamesTheObjectAndTheKey() {
        let text = "{ objects = { P = { isa = PBXProject; targets = (T); }; T = { isa = PBXNativeTarget; name = App; buildPhases = (MISSING); }; }; rootObject = P; }"
        #expect(throws: XcodeProjectError.danglingReference(file: "X.xcodeproj/project.pbxproj", from: "T", key: "buildPhases", identifier: "MISSING")) {
            try Self.parse(text)
        }
    }

    @Test func aGroupThatContainsItselfIsAnErrorNotAHang() {
        let text = """
        { objects = {
          P = { isa = PBXProject; targets = (T); mainGroup = G1; };
          G1 = { isa = PBXGroup; children = (G2); path = a; sourceTree = "<group>"; };
          G2 = { isa = PBXGroup; children = (G1, F); path = b; sourceTree = "<group>"; };
          F = { isa = PBXFileReference; path = x.swift; sourceTree = "<group>"; };
          B = { isa = PBXBuildFile; fileRef = F; };
          S = { isa = PBXSourcesBuildPhase; files = (B); };
          T = { isa = PBXNativeTarget; name = App; buildPhases = (S); productType = "com.apple.product-type.application"; };
        }; rootObject = P; }
        """
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard case .groupCycle = error as? XcodeProjectError else { return false }
            return true
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let text = "{ a = " + String(repeating: "{ a = ", count: depth) + "b;" + String(repeating: "}; ", count: depth) + "}"
        #expect(throws: XcodeProjectError.self) { try Self.parse(text) }
    }

    /// 50,000 objects: 10,000 Swift files in one target, spread over a chain of groups 300
    /// deep (each file's path is as long as its chain, which is the only super-linear part).
    @Test func fiftyThousandObjectsAndADeepGroupChainReadQuickly() throws {
        var lines = ["{ objects = {", "P = { isa = PBXProject; targets = (T); mainGroup = G0; };"]
        let depth = 300
        let files = 10_000
        for level in 0..<depth {
            let children = (level + 1 < depth ? ["G\(level + 1)"] : []) + stride(from: level, to: files, by: depth).map { "F\($0)" }
            lines.append("G\(level) = { isa = PBXGroup; children = (\(children.joined(separator: ", "))); path = d\(level % 7); sourceTree = \"<group>\"; };")
        }
        for index in 0..<files {
            lines.append("F\(index) = { isa = PBXFileReference; path = f\(index).swift; sourceTree = \"<group>\"; };")
            lines.append("B\(index) = { isa = PBXBuildFile; fileRef = F\(index); };")
        }
        for index in 0..<(50_000 - depth - 2 * files) { lines.append("X\(index) = { isa = PBXContainerItemProxy; };") }
        lines.append("S = { isa = PBXSourcesBuildPhase; files = (\((0..<files).map { "B\($0)" }.joined(separator: ", "))); };")
        lines.append("T = { isa = PBXNativeTarget; name = App; buildPhases = (S); productType = \"com.apple.product-type.application\"; };")
        lines.append("}; rootObject = P; }")
        let start = ContinuousClock.now
        let project = try Self.parse(lines.joined(separator: "\n"))
        let elapsed = ContinuousClock.now - start
        // None of the files is on disk: each is listed as missing, not dropped.
        #expect(project.targets.first?.missingSources.count == files)
        // A bound for a hang or a quadratic walk (which would take hours), not a benchmark: the
        // machine may be busy, and this is a debug build. Benchmarks/pbxproj_benchmark.py times it.
        #expect(elapsed < .seconds(60), "took \(elapsed)")
    }
}
