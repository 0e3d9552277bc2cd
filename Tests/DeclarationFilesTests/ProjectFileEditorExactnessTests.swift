import Foundation
import TestSupport
import Testing
@testable import DeclarationFiles

/// The project-file editor's promise: every byte outside the edited entries stays as it was,
/// lists written by hand are edited exactly, and an edit that would change anything else is
/// refused. Each test is a reproduction that corrupted a project before the editor was placed
/// by the property-list parser.
@Suite(.tags(.small)) struct ProjectFileEditorExactnessTests {
    static func replacing(_ old: String, with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        let needle = Array(old.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count && Array(bytes[index..<(index + needle.count)]) == needle {
                result += new
                index += needle.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// A Latin-1 `é` in the package reference's comment: it was rewritten as U+FFFD throughout
    /// the file on any fix. Now it stays a byte, and the new object copies the comment's bytes.
    @Test func aByteThatIsNotUTF8IsKeptAsAByte() throws {
        let latin1: [UInt8] = Array("Packages/Caf".utf8) + [0xE9]
        let original = Self.replacing("\"Packages/Core\" */", with: [34] + latin1 + Array("\" */".utf8), in: Array(ProjectFileEditorTests.project.utf8))
        #expect(original.contains(0xE9))
        var editor = ProjectFileEditor(bytes: original)
        try editor.addProduct("Networking", packagePath: "Packages/Core", to: "App")
        let linked = editor.bytes
        #expect(linked.firstRange(of: [0xEF, 0xBF, 0xBD]) == nil)
        #expect(linked.firstRange(of: Array("package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"".utf8) + latin1 + Array("\" */;".utf8)) != nil)
        #expect(linked.count { $0 == 0xE9 } == original.count { $0 == 0xE9 } + 1)
        try editor.removeProduct("Networking", from: "App")
        #expect(editor.bytes == original)
    }

    /// Xcode's one-line layout, with hand-written lists that have no trailing comma.
    static let oneLine = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\t1A0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = 1A0000000000000000000002 /* Kit */; };
    \t\t1A0000000000000000000007 /* Log in Frameworks */ = {isa = PBXBuildFile; productRef = 1A0000000000000000000008 /* Log */; };
    /* End PBXBuildFile section */

    /* Begin PBXFrameworksBuildPhase section */
    \t\t1A0000000000000000000003 /* Frameworks */ = {isa = PBXFrameworksBuildPhase; files = (1A0000000000000000000007 /* Log in Frameworks */, 1A0000000000000000000001 /* Kit in Frameworks */); };
    /* End PBXFrameworksBuildPhase section */

    /* Begin PBXNativeTarget section */
    \t\t1A0000000000000000000004 /* App */ = {isa = PBXNativeTarget; buildPhases = (1A0000000000000000000003 /* Frameworks */); name = App; packageProductDependencies = (1A0000000000000000000008 /* Log */, 1A0000000000000000000002 /* Kit */); productName = App; tags = (a, b); };
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    \t\t1A0000000000000000000006 /* Project object */ = {isa = PBXProject; packageReferences = (1A0000000000000000000005 /* XCLocalSwiftPackageReference "Core" */, ); targets = (1A0000000000000000000004 /* App */, ); };
    /* End PBXProject section */

    /* Begin XCLocalSwiftPackageReference section */
    \t\t1A0000000000000000000005 /* XCLocalSwiftPackageReference "Core" */ = {isa = XCLocalSwiftPackageReference; relativePath = Core; };
    /* End XCLocalSwiftPackageReference section */

    /* Begin XCSwiftPackageProductDependency section */
    \t\t1A0000000000000000000002 /* Kit */ = {isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference "Core" */; productName = Kit; };
    \t\t1A0000000000000000000008 /* Log */ = {isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference "Core" */; productName = Log; };
    /* End XCSwiftPackageProductDependency section */
    \t};
    \trootObject = 1A0000000000000000000006 /* Project object */;
    }

    """

    static func without(_ pieces: [String], in text: String) -> String {
        pieces.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
    }

    /// Removing the last item of a one-line list without a trailing comma deleted unrelated keys
    /// (`productName` and half of `tags`), and Foundation's reader still accepted the result.
    @Test func theLastItemOfAOneLineListWithoutATrailingCommaIsRemovedWithItsComma() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.oneLine.utf8))
        try editor.removeProduct("Kit", from: "App")
        let withoutKit = Self.without([
            ", 1A0000000000000000000002 /* Kit */",
            ", 1A0000000000000000000001 /* Kit in Frameworks */",
            "\t\t1A0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = 1A0000000000000000000002 /* Kit */; };\n",
            "\t\t1A0000000000000000000002 /* Kit */ = {isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Core\" */; productName = Kit; };\n",
        ], in: Self.oneLine)
        #expect(String(decoding: editor.bytes, as: UTF8.self) == withoutKit)
        // The only item left, then none: the lists empty, the objects and their emptied sections gone.
        try editor.removeProduct("Log", from: "App")
        let withoutBoth = Self.without([
            "\t\t1A0000000000000000000007 /* Log in Frameworks */ = {isa = PBXBuildFile; productRef = 1A0000000000000000000008 /* Log */; };\n",
            "\t\t1A0000000000000000000008 /* Log */ = {isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Core\" */; productName = Log; };\n",
            "1A0000000000000000000008 /* Log */",
            "1A0000000000000000000007 /* Log in Frameworks */",
            "/* Begin PBXBuildFile section */\n/* End PBXBuildFile section */\n\n",
            "/* Begin XCSwiftPackageProductDependency section */\n/* End XCSwiftPackageProductDependency section */\n",
        ], in: withoutKit).replacingOccurrences(of: "/* End XCLocalSwiftPackageReference section */\n\n", with: "/* End XCLocalSwiftPackageReference section */\n")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == withoutBoth)
        // Linking again writes the sections back where Xcode keeps them, and the lists keep their style.
        try editor.addProduct("Kit", packagePath: "Core", to: "App")
        let relinked = String(decoding: editor.bytes, as: UTF8.self)
        #expect(relinked.contains("/* Begin PBXBuildFile section */\n\t\t"))
        #expect(relinked.contains(" /* Kit */ = {isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Core\" */; productName = Kit; };\n/* End XCSwiftPackageProductDependency section */\n\t};"))
        #expect(relinked.contains("productName = App; tags = (a, b); };"))
        // Linked into `()` as Xcode writes a one-line list, `(ID /* Kit */, )`; unlinked, `( )`.
        try editor.removeProduct("Kit", from: "App")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == withoutBoth.replacingOccurrences(of: " = ();", with: " = ( );"))
    }

    @Test func aListWithoutATrailingCommaGrowsInItsOwnStyle() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.oneLine.utf8))
        try editor.addProduct("Net", packagePath: "Core", to: "App")
        let text = String(decoding: editor.bytes, as: UTF8.self)
        #expect(text.contains(#/packageProductDependencies = \(1A0000000000000000000008 /\* Log \*/, 1A0000000000000000000002 /\* Kit \*/, [0-9A-F]{24} /\* Net \*/\); productName = App; tags = \(a, b\);/#))
        #expect(text.contains(#/files = \(1A0000000000000000000007 /\* Log in Frameworks \*/, 1A0000000000000000000001 /\* Kit in Frameworks \*/, [0-9A-F]{24} /\* Net in Frameworks \*/\); \};/#))
        try editor.removeProduct("Net", from: "App")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == Self.oneLine)
    }

    /// The old editor's output for the reproduction above: `productName` and half of `tags`
    /// gone. Both readers accept it; the object-by-object check does not.
    @Test func theObjectByObjectCheckRefusesAnEditThatChangesMoreThanItMeans() throws {
        let broken = Self.oneLine.replacingOccurrences(
            of: "1A0000000000000000000002 /* Kit */); productName = App; tags = (a, b); };",
            with: "b); };")
        #expect(try PropertyListSerialization.propertyList(from: Data(broken.utf8), format: nil) is [String: Any])
        let before = try #require(ProjectFileDocument(bytes: Array(Self.oneLine.utf8)))
        var check = ProjectFileEditCheck()
        var target = try #require(before.object("1A0000000000000000000004")?.value.dictionary)
        target["packageProductDependencies"] = .array([.string("1A0000000000000000000008")])
        check.intended["1A0000000000000000000004"] = target
        let problem = check.problem(before: Array(Self.oneLine.utf8), after: Array(broken.utf8))
        #expect(problem == "the edit would not give object 1A0000000000000000000004 exactly the intended change")
        // An object the edit does not mean to touch is named as such.
        let elsewhere = Self.oneLine.replacingOccurrences(of: "relativePath = Core;", with: "relativePath = Other;")
        #expect(ProjectFileEditCheck().problem(before: Array(Self.oneLine.utf8), after: Array(elsewhere.utf8))
            == "the edit would change object 1A0000000000000000000005, which it does not mean to touch")
    }

    /// Found by fuzzing: an object in the product list with the product's name but another
    /// `isa` was removed with it. Only the objects Xcode writes for a product are the editor's.
    @Test func anObjectThatIsNotAProductDependencyIsNotUnlinked() {
        let bytes = Array(Self.oneLine.replacingOccurrences(of: "{isa = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Core\" */; productName = Kit; }",
                                                            with: "{isg = XCSwiftPackageProductDependency; package = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Core\" */; productName = Kit; }").utf8)
        var editor = ProjectFileEditor(bytes: bytes)
        #expect(throws: ProjectFileEditor.Refusal.notAPackageProduct("Kit", target: "App")) { try editor.removeProduct("Kit", from: "App") }
        #expect(editor.bytes == bytes)
    }

    @Test func aFileThatDoesNotReadIsRefusedAndLeftAsItWas() {
        let bytes = Array("{ objects = { A = {isa = PBXNativeTarget; name = App; }; ".utf8)
        var editor = ProjectFileEditor(bytes: bytes)
        #expect(throws: ProjectFileEditor.Refusal.unreadable) { try editor.removeProduct("Kit", from: "App") }
        #expect(editor.bytes == bytes)
    }
}
