import DeclarationFiles
import FileAccess
import Foundation
import ProjectObjects
import TestSupport
import Testing
@testable import XcodeProjects

/// The cases where the project reader, the locator and the editor once answered differently
/// about the same `project.pbxproj`: each file is read by all three, which must agree.
@Suite(.tags(.small)) struct ProjectFileAgreementTests {
    static func read(_ text: String) throws -> XcodeProject {
        try XcodeProjectReader.parse(Data(text.utf8), projectAt: "/nowhere/X.xcodeproj", shownAs: "X.xcodeproj/project.pbxproj",
                                     boundary: ReadBoundary(root: "/nowhere"))
    }

    /// The 1-based line holding `fragment`.
    static func line(_ text: String, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let index = text.components(separatedBy: "\n").firstIndex { $0.contains(fragment) }
        return try #require(index, "no line holds \(fragment)", sourceLocation: sourceLocation) + 1
    }

    /// A project with the local package `Tools` whose root project lists `targets`, with the
    /// objects `more` besides.
    static func project(targets: String, more: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjectVersion = 77;
        \tobjects = {
        \t\tP = {
        \t\t\tisa = PBXProject;
        \t\t\ttargets = (\(targets));
        \t\t};
        \t\tR = {
        \t\t\tisa = XCLocalSwiftPackageReference;
        \t\t\trelativePath = Tools;
        \t\t};
        \(more)
        \t};
        \trootObject = P;
        }
        """
    }

    static let app = """
    \t\tA = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tname = App;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t\tbuildPhases = (
    \t\t\t\tF,
    \t\t\t);
    \t\t\tdependencies = (
    \t\t\t\tD,
    \t\t\t);
    \t\t\tpackageProductDependencies = (
    \t\t\t\tK,
    \t\t\t);
    \t\t};
    \t\tF = {
    \t\t\tisa = PBXFrameworksBuildPhase;
    \t\t\tfiles = (
    \t\t\t);
    \t\t};
    """

    /// `plugin:Lint` is the product `Lint` (a plugin the build runs): the reader's dependency,
    /// the locator's line, and a product the editor neither links twice nor unlinks.
    @Test func aPluginProductIsItsNameWithoutThePrefix() throws {
        let text = Self.project(targets: "A", more: Self.app + """

        \t\tD = {isa = PBXTargetDependency; name = Other; };
        \t\tK = {
        \t\t\tisa = XCSwiftPackageProductDependency;
        \t\t\tpackage = R;
        \t\t\tproductName = "plugin:Lint";
        \t\t};
        """)
        let project = try Self.read(text)
        #expect(project.targets.first?.packageProducts == [.init(productName: "Lint", package: .local(relativePath: "Tools"))])

        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        #expect(locator.location(ofDependency: "Lint", inTarget: "App").line == (try Self.line(text, containing: "plugin:Lint")))

        var editor = ProjectFileEditor(bytes: Array(text.utf8))
        try editor.addProduct("Lint", packagePath: "Tools", to: "App")
        #expect(editor.bytes == Array(text.utf8))
        #expect(throws: ProjectFileEditor.Refusal.plugin("Lint", target: "App")) { try editor.removeProduct("Lint", from: "App") }
        #expect(editor.bytes == Array(text.utf8))
    }

    /// A dependency with only a `targetProxy` (how Xcode writes some) names the proxy's target.
    @Test func aDependencyThroughOnlyAProxyNamesTheProxysTarget() throws {
        let text = Self.project(targets: "A, W", more: Self.app + """

        \t\tD = {isa = PBXTargetDependency; targetProxy = X; };
        \t\tX = {isa = PBXContainerItemProxy; containerPortal = P; proxyType = 1; remoteGlobalIDString = W; remoteInfo = Stale; };
        \t\tK = {isa = XCSwiftPackageProductDependency; package = R; productName = Kit; };
        \t\tW = {isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; };
        """)
        let project = try Self.read(text)
        #expect(project.targets.first { $0.name == "App" }?.targetDependencies == ["Widget"])

        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        let dependencies = try Self.line(text, containing: "dependencies = (")
        #expect(locator.location(ofDependency: "Widget", inTarget: "App").line == dependencies + 1)

        var editor = ProjectFileEditor(bytes: Array(text.utf8))
        #expect(throws: ProjectFileEditor.Refusal.notAPackageProduct("Widget", target: "App")) { try editor.removeProduct("Widget", from: "App") }
    }

    /// An aggregate target is one of the project's targets to all three: read (others depend on
    /// it for build order), placed, and refused by the editor for what it is, not as missing.
    @Test func anAggregateTargetIsATargetOfTheProject() throws {
        let text = Self.project(targets: "A, G", more: Self.app + """

        \t\tD = {isa = PBXTargetDependency; target = G; };
        \t\tK = {isa = XCSwiftPackageProductDependency; package = R; productName = Kit; };
        \t\tG = {
        \t\t\tisa = PBXAggregateTarget;
        \t\t\tname = Checks;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t};
        """)
        let project = try Self.read(text)
        #expect(project.targets.map(\.name) == ["App", "Checks"])
        #expect(project.targets.first?.targetDependencies == ["Checks"])

        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        #expect(locator.location(ofTarget: "Checks").line == (try Self.line(text, containing: "G = {")))
        #expect(locator.location(ofDependency: "Checks", inTarget: "App").line == (try Self.line(text, containing: "dependencies = (")) + 1)

        var editor = ProjectFileEditor(bytes: Array(text.utf8))
        #expect(throws: ProjectFileEditor.Refusal.shape("target 'Checks' is an aggregate target")) {
            try editor.addProduct("Kit", packagePath: "Tools", to: "Checks")
        }
    }

    /// Two `PBXProject` objects: the file's project is the `rootObject`, here the second, for its
    /// settings, its targets' places and the target an edit changes.
    @Test func theRootObjectIsTheProjectNotTheFirstOne() throws {
        let text = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tA1 = {isa = PBXNativeTarget; name = App; buildPhases = (F1, ); packageProductDependencies = (); };
        \t\tA2 = {isa = PBXNativeTarget; name = App; buildPhases = (F2, ); packageProductDependencies = (); };
        \t\tF1 = {isa = PBXFrameworksBuildPhase; files = (); };
        \t\tF2 = {isa = PBXFrameworksBuildPhase; files = (); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
        \t\tC1 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SWIFT_VERSION = 4.0; }; };
        \t\tC2 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SWIFT_VERSION = 6.0; }; };
        \t\tP1 = {isa = PBXProject; buildConfigurationList = L1; targets = (A1, ); };
        \t\tP2 = {isa = PBXProject; buildConfigurationList = L2; targets = (A2, ); };
        \t\tR = {isa = XCLocalSwiftPackageReference; relativePath = Tools; };
        \t};
        \trootObject = P2;
        }
        """
        let project = try Self.read(text)
        #expect(project.targets.map(\.objectIdentifier) == ["A2"])
        #expect(project.targets.first?.swiftVersion == "6.0")

        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        #expect(locator.location(ofTarget: "App").line == (try Self.line(text, containing: "A2 = {")))

        var editor = ProjectFileEditor(bytes: Array(text.utf8))
        try editor.addProduct("Kit", packagePath: "Tools", to: "App")
        let edited = try ProjectObjects(bytes: editor.bytes)
        #expect(edited.list("packageProductDependencies", of: "A1").isEmpty)
        #expect(edited.list("packageProductDependencies", of: "A2").count == 1)
    }
}
