import Foundation
import TestSupport
import Testing
@testable import DeclarationFiles

/// Where findings about a project target's declaration point, read by the property-list parser
/// in both of Xcode's layouts.
@Suite(.tags(.small)) struct ProjectFileLocatorTests {
    static func line(_ text: String, containing fragment: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(fragment) }.map { $0 + 1 }
    }

    @Test func aTargetIsItsObjectsLineAndAProductItsProductNamesLine() throws {
        let text = ProjectFileEditorTests.project
        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        #expect(locator.location(ofTarget: "App") == (try #require(Self.line(text, containing: "1A0000000000000000000004 /* App */ = {")), 1))
        #expect(locator.location(ofDependency: "Kit", inTarget: "App") == (try #require(Self.line(text, containing: "productName = Kit;")), 1))
        // Neither a target nor a dependency it knows: the target's line, else the first.
        #expect(locator.location(ofDependency: "Unknown", inTarget: "App") == locator.location(ofTarget: "App"))
        #expect(locator.location(ofTarget: "Unknown") == (1, 1))
    }

    @Test func aDependencyOnAnotherTargetIsTheItemInTheTargetsDependencies() throws {
        let text = """
        { objects = {
        \t\tT1 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tdependencies = (
        \t\t\t\tD1 /* PBXTargetDependency */,
        \t\t\t);
        \t\t\tname = App;
        \t\t};
        \t\tT2 /* Widget */ = {isa = PBXNativeTarget; name = Widget; productName = Widget; };
        \t\tD1 /* PBXTargetDependency */ = {isa = PBXTargetDependency; target = T2 /* Widget */; };
        }; }
        """
        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        #expect(locator.location(ofTarget: "Widget") == (9, 1))
        #expect(locator.location(ofDependency: "Widget", inTarget: "App") == (5, 1))
    }

    /// A name in a comment is not the target's: the parser reads `name`, and bytes that are
    /// not UTF-8 before it do not move the lines.
    @Test func namesAreReadNotGuessedFromComments() {
        let bytes: [UInt8] = Array("{ /* caf".utf8) + [0xE9] + Array(" */ objects = {\n\t\tA /* Other */ = {isa = PBXNativeTarget; name = App; };\n\t\tB /* App */ = {isa = PBXGroup; name = App; };\n}; }".utf8)
        let locator = ProjectFileLocator(bytes: bytes)
        #expect(locator.location(ofTarget: "App") == (2, 1))
        #expect(locator.location(ofTarget: "Other") == (1, 1))
    }

    @Test func theFixturesTargetsAreOnTheirObjectsLines() throws {
        let text = try String(contentsOfFile: Fixtures.path("TravelAppProject") + "/TravelApp.xcodeproj/project.pbxproj", encoding: .utf8)
        let locator = ProjectFileLocator(bytes: Array(text.utf8))
        for target in ["TravelApp", "TravelWidget", "TravelAppTests", "TravelAppUITests", "TravelWidgetTests"] {
            #expect(locator.location(ofTarget: target).line == Self.line(text, containing: "/* \(target) */ = {isa = PBXNativeTarget;"))
        }
        #expect(locator.location(ofDependency: "Collections", inTarget: "TravelApp").line == Self.line(text, containing: "productName = Collections;"))
    }
}
